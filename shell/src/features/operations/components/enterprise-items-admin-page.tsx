import { useState } from 'react';
import { App, Button, Descriptions, Drawer, Form, Input, InputNumber, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isPortalError } from '@portal/http';
import { ApiImage, LIBRARIES, LIBRARY_KEYS, useSession, type LibraryKey } from '@portal/providers';
import { hasPermission } from '@portal/session';
import { useDocumentTitle } from '../../../components/layout/use-document-title';
import {
  ENTERPRISE_ITEM_ALREADY_REVIEWED,
  ENTERPRISE_ITEM_AUDIT_PERMISSION,
  ENTERPRISE_ITEM_STATES,
  ENTERPRISE_REVIEW_REMARK_MAX,
  enterpriseItemThumbnailPath,
  pageEnterpriseItems,
  useDownloadEnterpriseItemFile,
  useEnterpriseItemsPage,
  useReviewEnterpriseItem,
  type EnterpriseItem,
  type EnterpriseItemFilters,
  type EnterpriseItemState,
} from '../api/enterprise-items-admin';
import { ORG_QUERY_PERMISSION, useOrgNames } from '../api/orgs-admin';
import { formatFileSize } from '../../my-center/api/my-files';
import { formatTime } from './format';
import { ExportButton, PageTableOrError, SearchResetButtons, useFailureMessage } from './operations-list';
import { OperatorGate } from './operator-gate';

const PAGE_SIZE = 10;
/** The state filter's "every state" choice (the list call then carries no `state`). */
const ALL_STATES = 'all';
const STATE_COLOURS: Record<EnterpriseItemState, string> = { pending: 'processing', approved: 'success', rejected: 'error' };

interface FilterValues {
  library: LibraryKey;
  state: EnterpriseItemState | typeof ALL_STATES;
  orgId?: number | null;
}

/** The queue opens on the pending component items. */
const INITIAL_VALUES: FilterValues = { library: 'component', state: 'pending' };

function filtersOf(values: FilterValues, pageSize: number): EnterpriseItemFilters {
  return {
    library: values.library,
    pageNo: 1,
    pageSize,
    state: values.state === ALL_STATES ? undefined : values.state,
    orgId: values.orgId ?? undefined,
  };
}

/** Approving or rejecting one item (the modal's subject). */
interface ReviewIntent {
  item: EnterpriseItem;
  approved: boolean;
}

function StateTag({ state }: { state: EnterpriseItemState }) {
  const { t } = useTranslation('shell');
  return <Tag color={STATE_COLOURS[state] ?? 'default'}>{t(`operations.enterpriseItems.states.${state}`, { defaultValue: state })}</Tag>;
}

/**
 * An organisation as the list shows it: its name beside the id for operators who may list organisations
 * (`system:org:query`, whose list gives the names), the id otherwise.
 */
function useOrgLabel() {
  const permissions = useSession((state) => state.permissions);
  const names = useOrgNames(hasPermission(permissions, ORG_QUERY_PERMISSION));
  return (orgId: number) => {
    const name = names.data?.[orgId];
    return name ? `${name} (${orgId})` : String(orgId);
  };
}

/** The category's name in the UI language (the Chinese one when it has no English name; '-' once the category is gone). */
function useCategoryLabel() {
  const { i18n } = useTranslation();
  const english = i18n.language.startsWith('en');
  return (item: EnterpriseItem) => (english && item.categoryNameEn ? item.categoryNameEn : item.categoryName) || '-';
}

function parametersText(item: EnterpriseItem): string {
  return (item.parameters ?? []).map((parameter) => `${parameter.name}: ${parameter.value}`).join('; ');
}

/**
 * 通过 (an optional remark) or 驳回 (a remark required, as the server requires). Someone else's review first
 * (`1042001002`) shows the server's message and closes the modal; the queue refetches either way.
 */
function ReviewModal({ intent, onClose, onReviewed }: { intent: ReviewIntent | undefined; onClose: () => void; onReviewed: () => void }) {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const fail = useFailureMessage();
  const review = useReviewEnterpriseItem();
  const [form] = Form.useForm<{ remark?: string }>();
  const approved = intent?.approved ?? true;

  const submit = ({ remark }: { remark?: string }) => {
    if (!intent) return;
    review.mutate(
      { library: intent.item.library, id: intent.item.id, approved: intent.approved, remark: remark?.trim() || undefined },
      {
        onSuccess: () => {
          void message.success(t(intent.approved ? 'operations.enterpriseItems.approvedToast' : 'operations.enterpriseItems.rejectedToast'));
          onReviewed();
        },
        onError: (error) => {
          if (isPortalError(error) && error.code === ENTERPRISE_ITEM_ALREADY_REVIEWED) {
            void message.warning(error.message);
            onReviewed();
            return;
          }
          fail(error);
        },
      },
    );
  };

  return (
    <Modal
      open={intent !== undefined}
      title={intent && t(approved ? 'operations.enterpriseItems.approveTitle' : 'operations.enterpriseItems.rejectTitle', { name: intent.item.code })}
      okText={t('operations.enterpriseItems.confirm')}
      cancelText={t('operations.enterpriseItems.cancel')}
      okButtonProps={{ danger: !approved, loading: review.isPending, 'data-testid': 'enterprise-item-review-submit' }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="enterprise-item-review"
    >
      {intent && (
        <Form form={form} layout="vertical" preserve={false} onFinish={submit}>
          {approved && <Typography.Paragraph type="secondary">{t('operations.enterpriseItems.approveHint')}</Typography.Paragraph>}
          <Form.Item
            name="remark"
            label={t('operations.enterpriseItems.remark')}
            rules={approved ? [] : [{ required: true, whitespace: true, message: t('operations.enterpriseItems.remarkRequired') }]}
          >
            <Input.TextArea
              rows={4}
              maxLength={ENTERPRISE_REVIEW_REMARK_MAX}
              showCount
              placeholder={t(approved ? 'operations.enterpriseItems.remarkPlaceholder' : 'operations.enterpriseItems.rejectPlaceholder')}
              data-testid="enterprise-item-remark"
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

/** The item's models, datasheets and drawings (a model with its picture), each downloaded with the operator's session for the review. */
function EnterpriseItemFiles({ item }: { item: EnterpriseItem }) {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const download = useDownloadEnterpriseItemFile();
  return (
    <Table
      size="small"
      rowKey="index"
      pagination={false}
      style={{ marginTop: 8 }}
      dataSource={(item.files ?? []).map((file, index) => ({ ...file, index }))}
      locale={{ emptyText: t('operations.enterpriseItems.noFiles') }}
      data-testid="enterprise-item-files"
      columns={[
        {
          title: t('operations.enterpriseItems.fileKind'),
          dataIndex: 'kind',
          width: 96,
          render: (kind: string, file) => (
            <>
              {t(`operations.enterpriseItems.fileKinds.${kind}`)}
              <ApiImage
                path={file.thumbnail ? enterpriseItemThumbnailPath(item.library, item.id, file.index) : undefined}
                alt={file.name}
                size={64}
                testId={`enterprise-item-file-thumbnail-${file.index}`}
              />
            </>
          ),
        },
        { title: t('operations.enterpriseItems.fileName'), dataIndex: 'name', ellipsis: true },
        { title: t('operations.enterpriseItems.fileSize'), dataIndex: 'size', width: 96, render: (size: number) => formatFileSize(size) },
        {
          title: t('operations.actions'),
          key: 'download',
          width: 96,
          render: (_, file) => (
            <Button
              size="small"
              type="link"
              loading={download.isPending && download.variables?.index === file.index}
              aria-label={t('operations.enterpriseItems.downloadFile', { name: file.name })}
              onClick={() =>
                download.mutate(
                  { library: item.library, id: item.id, index: file.index, file },
                  { onError: (error) => void message.error(t('operations.enterpriseItems.downloadFailed', { message: error.message })) },
                )
              }
              data-testid={`enterprise-item-file-download-${file.index}`}
            >
              {t('operations.enterpriseItems.download')}
            </Button>
          ),
        },
      ]}
    />
  );
}

/** 查看: every field of the item, its parameters and files as tables, and for a pending one 通过 / 驳回. */
function EnterpriseItemDetail({
  item,
  orgLabel,
  onReview,
  onClose,
}: {
  item: EnterpriseItem | undefined;
  orgLabel: (orgId: number) => string;
  onReview: (intent: ReviewIntent) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('shell');
  const { t: tc } = useTranslation('common');
  return (
    <Drawer
      open={item !== undefined}
      onClose={onClose}
      size={600}
      title={t('operations.enterpriseItems.detailTitle', { id: item?.id ?? '' })}
      destroyOnHidden
      extra={
        item?.state === 'pending' && (
          <Space>
            <Button type="primary" onClick={() => onReview({ item, approved: true })} data-testid="enterprise-item-detail-approve">
              {t('operations.enterpriseItems.approve')}
            </Button>
            <Button danger onClick={() => onReview({ item, approved: false })} data-testid="enterprise-item-detail-reject">
              {t('operations.enterpriseItems.reject')}
            </Button>
          </Space>
        )
      }
      data-testid="enterprise-item-detail"
    >
      {item && (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Descriptions column={1} size="small" bordered styles={{ label: { width: 110, whiteSpace: 'nowrap' } }}>
            <Descriptions.Item label="ID">{item.id}</Descriptions.Item>
            <Descriptions.Item label={t('operations.enterpriseItems.library')}>{tc(LIBRARIES[item.library]?.titleKey ?? item.library)}</Descriptions.Item>
            <Descriptions.Item label={t('operations.enterpriseItems.state')}>
              <span data-testid="enterprise-item-detail-state">
                <StateTag state={item.state} />
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('operations.enterpriseItems.org')}>{orgLabel(item.orgId)}</Descriptions.Item>
            <Descriptions.Item label={t('operations.enterpriseItems.code')}>{item.code}</Descriptions.Item>
            <Descriptions.Item label={t('operations.enterpriseItems.name')}>{item.name}</Descriptions.Item>
            <Descriptions.Item label={t('operations.enterpriseItems.category')}>
              {[item.categoryName, item.categoryNameEn].filter(Boolean).join(' / ') || '-'}
              {item.categoryId !== null && ` (${item.categoryId})`}
            </Descriptions.Item>
            <Descriptions.Item label={t('operations.enterpriseItems.manufacturer')}>{item.manufacturer || '-'}</Descriptions.Item>
            <Descriptions.Item label={t('operations.enterpriseItems.description')}>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }} data-testid="enterprise-item-detail-description">
                {item.description || '-'}
              </Typography.Paragraph>
            </Descriptions.Item>
            <Descriptions.Item label={t('operations.enterpriseItems.submittedBy')}>{item.submittedBy}</Descriptions.Item>
            <Descriptions.Item label={t('operations.enterpriseItems.createTime')}>{formatTime(item.createTime)}</Descriptions.Item>
            <Descriptions.Item label={t('operations.enterpriseItems.remark')}>
              <span data-testid="enterprise-item-detail-remark">{item.remark || '-'}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('operations.enterpriseItems.reviewedBy')}>{item.reviewedBy ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('operations.enterpriseItems.reviewTime')}>{formatTime(item.reviewTime)}</Descriptions.Item>
          </Descriptions>
          <div>
            <Typography.Text strong>{t('operations.enterpriseItems.parameters')}</Typography.Text>
            <Table
              size="small"
              rowKey="name"
              pagination={false}
              style={{ marginTop: 8 }}
              dataSource={item.parameters ?? []}
              locale={{ emptyText: t('operations.enterpriseItems.noParameters') }}
              data-testid="enterprise-item-parameters"
              columns={[
                { title: t('operations.enterpriseItems.parameterName'), dataIndex: 'name', width: '40%' },
                { title: t('operations.enterpriseItems.parameterValue'), dataIndex: 'value' },
              ]}
            />
          </div>
          <div>
            <Typography.Text strong>{t('operations.enterpriseItems.files')}</Typography.Text>
            <EnterpriseItemFiles item={item} />
          </div>
        </Space>
      )}
    </Drawer>
  );
}

function EnterpriseItemsAdmin() {
  const { t } = useTranslation('shell');
  const { t: tc } = useTranslation('common');
  const [form] = Form.useForm<FilterValues>();
  const [filters, setFilters] = useState<EnterpriseItemFilters>(filtersOf(INITIAL_VALUES, PAGE_SIZE));
  // The open item by library and id (two libraries' ids are unrelated); the list carries every field.
  const [open, setOpen] = useState<{ library: LibraryKey; id: number } | undefined>();
  const [intent, setIntent] = useState<ReviewIntent | undefined>();
  const page = useEnterpriseItemsPage(filters);
  const orgLabel = useOrgLabel();
  const categoryLabel = useCategoryLabel();
  const openItem = open && page.data?.list.find((item) => item.library === open.library && item.id === open.id);

  const search = (values: FilterValues) => setFilters(filtersOf({ ...INITIAL_VALUES, ...values }, filters.pageSize));
  const stateLabel = (state: EnterpriseItemState) => t(`operations.enterpriseItems.states.${state}`, { defaultValue: state });

  return (
    <div className="page-container operations-page" data-testid="operations-enterprise-items">
      <Typography.Title level={3}>{t('operations.enterpriseItems.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('operations.enterpriseItems.intro')}</Typography.Paragraph>
      <Form
        form={form}
        layout="inline"
        initialValues={INITIAL_VALUES}
        onFinish={search}
        // Another library is another queue: it shows at once; the other filters wait for 查询.
        onValuesChange={(changed: Partial<FilterValues>, values) => changed.library && search(values)}
        className="operations-filters"
        style={{ rowGap: 12, marginBottom: 16 }}
      >
        <Form.Item name="library" label={t('operations.enterpriseItems.library')}>
          <Select<LibraryKey>
            style={{ width: 160 }}
            options={LIBRARY_KEYS.map((key) => ({ value: key, label: tc(LIBRARIES[key].titleKey) }))}
            data-testid="enterprise-items-library"
          />
        </Form.Item>
        <Form.Item name="state" label={t('operations.enterpriseItems.state')}>
          <Select
            style={{ width: 120 }}
            options={[
              ...ENTERPRISE_ITEM_STATES.map((state) => ({ value: state, label: stateLabel(state) })),
              { value: ALL_STATES, label: t('operations.all') },
            ]}
            data-testid="enterprise-items-state"
          />
        </Form.Item>
        <Form.Item name="orgId" label={t('operations.enterpriseItems.orgId')}>
          <InputNumber<number>
            min={1}
            precision={0}
            style={{ width: 140 }}
            placeholder={t('operations.enterpriseItems.orgIdPlaceholder')}
            data-testid="enterprise-items-org"
          />
        </Form.Item>
        <SearchResetButtons form={form} onSearch={search} testIdPrefix="enterprise-items" />
        <ExportButton
          filters={filters}
          fetchPage={pageEnterpriseItems}
          fileName={`enterprise-items-${filters.library}`}
          testIdPrefix="enterprise-items"
          columns={[
            { title: 'ID', value: (item) => item.id },
            { title: t('operations.enterpriseItems.org'), value: (item) => orgLabel(item.orgId) },
            { title: t('operations.enterpriseItems.code'), value: (item) => item.code },
            { title: t('operations.enterpriseItems.name'), value: (item) => item.name },
            { title: t('operations.enterpriseItems.category'), value: categoryLabel },
            { title: t('operations.enterpriseItems.manufacturer'), value: (item) => item.manufacturer },
            { title: t('operations.enterpriseItems.parameters'), value: parametersText },
            { title: t('operations.enterpriseItems.description'), value: (item) => item.description },
            { title: t('operations.enterpriseItems.submittedBy'), value: (item) => item.submittedBy },
            { title: t('operations.enterpriseItems.createTime'), value: (item) => formatTime(item.createTime) },
            { title: t('operations.enterpriseItems.state'), value: (item) => stateLabel(item.state) },
            { title: t('operations.enterpriseItems.remark'), value: (item) => item.remark },
            { title: t('operations.enterpriseItems.reviewedBy'), value: (item) => item.reviewedBy },
            // Empty, not '-', for an item not reviewed yet (a leading '-' would be escaped as a formula).
            { title: t('operations.enterpriseItems.reviewTime'), value: (item) => (item.reviewTime ? formatTime(item.reviewTime) : '') },
          ]}
        />
      </Form>
      <PageTableOrError
        page={page}
        filters={filters}
        setFilters={setFilters}
        emptyText={t('operations.enterpriseItems.empty')}
        testIdPrefix="enterprise-items"
        scroll={{ x: 1500 }}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 80 },
          { title: t('operations.enterpriseItems.org'), dataIndex: 'orgId', width: 160, ellipsis: true, render: (value: number) => orgLabel(value) },
          { title: t('operations.enterpriseItems.code'), dataIndex: 'code', width: 150, ellipsis: true },
          { title: t('operations.enterpriseItems.name'), dataIndex: 'name', ellipsis: true },
          { title: t('operations.enterpriseItems.category'), key: 'category', width: 130, ellipsis: true, render: (_value, item) => categoryLabel(item) },
          {
            title: t('operations.enterpriseItems.manufacturer'),
            dataIndex: 'manufacturer',
            width: 130,
            ellipsis: true,
            render: (value?: string | null) => value || '-',
          },
          { title: t('operations.enterpriseItems.submittedBy'), dataIndex: 'submittedBy', width: 100 },
          { title: t('operations.enterpriseItems.createTime'), dataIndex: 'createTime', width: 180, render: (value: number) => formatTime(value) },
          { title: t('operations.enterpriseItems.state'), dataIndex: 'state', width: 100, render: (value: EnterpriseItemState) => <StateTag state={value} /> },
          { title: t('operations.enterpriseItems.remark'), dataIndex: 'remark', width: 160, ellipsis: true, render: (value: string | null) => value || '-' },
          { title: t('operations.enterpriseItems.reviewTime'), dataIndex: 'reviewTime', width: 180, render: (value: number | null) => formatTime(value) },
          {
            title: t('operations.actions'),
            key: 'actions',
            width: 170,
            fixed: 'right',
            render: (_value, item) => (
              <Space size={0}>
                <Button type="link" onClick={() => setOpen({ library: item.library, id: item.id })} data-testid={`enterprise-item-view-${item.id}`}>
                  {t('operations.view')}
                </Button>
                {item.state === 'pending' && (
                  <>
                    <Button type="link" onClick={() => setIntent({ item, approved: true })} data-testid={`enterprise-item-approve-${item.id}`}>
                      {t('operations.enterpriseItems.approve')}
                    </Button>
                    <Button type="link" danger onClick={() => setIntent({ item, approved: false })} data-testid={`enterprise-item-reject-${item.id}`}>
                      {t('operations.enterpriseItems.reject')}
                    </Button>
                  </>
                )}
              </Space>
            ),
          },
        ]}
      />
      <EnterpriseItemDetail item={openItem} orgLabel={orgLabel} onReview={setIntent} onClose={() => setOpen(undefined)} />
      <ReviewModal
        intent={intent}
        onClose={() => setIntent(undefined)}
        onReviewed={() => {
          // The item leaves "pending" (the queue's default filter): the modal and its drawer close.
          setIntent(undefined);
          setOpen(undefined);
        }}
      />
    </div>
  );
}

/** `/operation/enterprise-items` (企业条目审核): operators approve or reject the items organisations submit to their enterprise libraries. */
export default function EnterpriseItemsAdminPage() {
  const { t } = useTranslation('shell');
  useDocumentTitle(t('operations.enterpriseItems.title'));
  return (
    <OperatorGate permission={ENTERPRISE_ITEM_AUDIT_PERMISSION}>
      <EnterpriseItemsAdmin />
    </OperatorGate>
  );
}
