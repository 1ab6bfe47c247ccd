import { useState } from 'react';
import { App, Button, Checkbox, Form, Input, Modal, Popconfirm, Select, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isPortalError } from '@portal/http';
import { operationsPermission } from '@portal/session';
import { useDocumentTitle } from '../../../components/layout/use-document-title';
import {
  CATALOG_HIDE_REASON_MAX,
  CATALOG_ITEM_NOT_FOUND,
  catalogItemDetailPath,
  useCatalogItems,
  useSetItemHidden,
  type CatalogItem,
  type CatalogItemFilters,
  type CatalogLibrary,
} from '../api/catalog-items-admin';
import { CatalogItemEditModal } from './catalog-item-edit-modal';
import { CatalogItemParametersModal } from './catalog-item-parameters-modal';
import { CatalogItemMergeModal, codeKey } from './catalog-item-merge-modal';
import { CatalogLibrarySwitch, useCatalogLibrary } from './catalog-library-switch';
import { formatTime } from './format';
import { PageTableOrError, SearchResetButtons, useFailureMessage } from './operations-list';
import { OperatorGate } from './operator-gate';

const PAGE_SIZE = 10;
const STATUSES = ['all', 'hidden', 'visible'] as const;
type Status = (typeof STATUSES)[number];
const STATUS_LABELS: Record<Status, string> = {
  all: 'operations.all',
  hidden: 'operations.catalogItems.hidden',
  visible: 'operations.catalogItems.visible',
};

interface FilterValues {
  keyWords?: string;
  status: Status;
  duplicates?: boolean;
}

const INITIAL_VALUES: FilterValues = { status: 'all' };

function filtersOf(values: FilterValues, pageSize: number): CatalogItemFilters {
  return {
    pageNo: 1,
    pageSize,
    keyWords: values.keyWords?.trim() || undefined,
    hidden: values.status === 'all' ? undefined : values.status === 'hidden',
    duplicates: values.duplicates || undefined,
  };
}

/** 公开 or 已隐藏, and for a hidden item its reason, when and by whom beneath. */
function ItemStatus({ library, item }: { library: CatalogLibrary; item: CatalogItem }) {
  const { t } = useTranslation('shell');
  if (!item.hidden) return <Tag color="green">{t('operations.catalogItems.visible')}</Tag>;
  return (
    <>
      <Tag color="red">{t('operations.catalogItems.hidden')}</Tag>
      {typeof item.mergedInto === 'number' && (
        <div data-testid={`catalog-item-merged-${item.id}`}>
          {t('operations.catalogItems.mergedInto')}{' '}
          <a href={catalogItemDetailPath(library, item.mergedInto)} target="_blank" rel="noopener noreferrer">
            #{item.mergedInto}
          </a>
        </div>
      )}
      <div data-testid={`catalog-item-reason-${item.id}`}>
        <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'pre-wrap' }}>
          {item.hiddenReason || '-'}
        </Typography.Text>
        <br />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {item.hiddenBy !== null
            ? t('operations.catalogItems.hiddenAtBy', { time: formatTime(item.hiddenTime), operator: item.hiddenBy })
            : t('operations.catalogItems.hiddenAt', { time: formatTime(item.hiddenTime) })}
        </Typography.Text>
      </div>
    </>
  );
}

/** 隐藏: a reason is required (1–200 characters, as the server requires); the item leaves the public library. */
function HideModal({ library, item, onClose }: { library: CatalogLibrary; item: CatalogItem | undefined; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const fail = useFailureMessage();
  const setHidden = useSetItemHidden(library);
  const [form] = Form.useForm<{ reason: string }>();

  const submit = ({ reason }: { reason: string }) => {
    if (!item) return;
    setHidden.mutate(
      { id: item.id, hidden: true, reason: reason.trim() },
      {
        onSuccess: () => {
          void message.success(t('operations.catalogItems.hiddenToast'));
          onClose();
        },
        onError: (error) => {
          fail(error);
          // Gone meanwhile: the list refetches and there is nothing left to hide.
          if (isPortalError(error) && error.code === CATALOG_ITEM_NOT_FOUND) onClose();
        },
      },
    );
  };

  return (
    <Modal
      open={item !== undefined}
      title={item && t('operations.catalogItems.hideTitle', { code: item.code })}
      okText={t('operations.catalogItems.confirm')}
      cancelText={t('operations.catalogItems.cancel')}
      okButtonProps={{ danger: true, loading: setHidden.isPending, 'data-testid': 'catalog-hide-submit' }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="catalog-hide-modal"
    >
      {item && (
        <Form form={form} layout="vertical" preserve={false} onFinish={submit}>
          <Typography.Paragraph type="secondary">{t('operations.catalogItems.hideHint', { name: item.name })}</Typography.Paragraph>
          <Form.Item
            name="reason"
            label={t('operations.catalogItems.reason')}
            rules={[{ required: true, whitespace: true, message: t('operations.catalogItems.reasonRequired') }]}
          >
            <Input.TextArea
              rows={4}
              maxLength={CATALOG_HIDE_REASON_MAX}
              showCount
              placeholder={t('operations.catalogItems.reasonPlaceholder')}
              data-testid="catalog-hide-reason"
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

/** 恢复, behind a confirmation: the item comes back to the public library. */
function RestoreButton({ library, item }: { library: CatalogLibrary; item: CatalogItem }) {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const fail = useFailureMessage();
  const setHidden = useSetItemHidden(library);
  return (
    <Popconfirm
      title={t('operations.catalogItems.restoreConfirm')}
      okText={t('operations.catalogItems.confirm')}
      cancelText={t('operations.catalogItems.cancel')}
      okButtonProps={{ 'data-testid': `catalog-item-restore-confirm-${item.id}` }}
      onConfirm={() => setHidden.mutateAsync({ id: item.id, hidden: false }).then(() => void message.success(t('operations.catalogItems.restoredToast')), fail)}
    >
      <Button type="link" loading={setHidden.isPending} data-testid={`catalog-item-restore-${item.id}`}>
        {t('operations.catalogItems.restore')}
      </Button>
    </Popconfirm>
  );
}

function CatalogItemsAdmin() {
  const { t } = useTranslation('shell');
  const { libraries, library, setLibrary } = useCatalogLibrary();
  const [form] = Form.useForm<FilterValues>();
  const [filters, setFilters] = useState<CatalogItemFilters>(filtersOf(INITIAL_VALUES, PAGE_SIZE));
  const [hiding, setHiding] = useState<CatalogItem | undefined>();
  const [editing, setEditing] = useState<CatalogItem | undefined>();
  const [editingParameters, setEditingParameters] = useState<CatalogItem | undefined>();
  const [merging, setMerging] = useState<CatalogItem | undefined>();
  const page = useCatalogItems(library, filters);

  const search = (values: FilterValues) => setFilters(filtersOf({ ...INITIAL_VALUES, ...values }, filters.pageSize));
  const switchLibrary = (next: CatalogLibrary) => {
    setLibrary(next);
    // Another library is another list: its first page with the same filters.
    setFilters((previous) => ({ ...previous, pageNo: 1 }));
  };

  return (
    <div className="page-container operations-page" data-testid="operations-catalog-items">
      <Typography.Title level={3}>{t('operations.catalogItems.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('operations.catalogItems.intro')}</Typography.Paragraph>
      <CatalogLibrarySwitch libraries={libraries} library={library} onChange={switchLibrary} />
      <Form
        form={form}
        layout="inline"
        initialValues={INITIAL_VALUES}
        onFinish={search}
        className="operations-filters"
        style={{ rowGap: 12, marginBottom: 16 }}
      >
        <Form.Item name="keyWords" label={t('operations.keyword')}>
          <Input allowClear maxLength={100} placeholder={t('operations.catalogItems.keywordPlaceholder')} data-testid="catalog-items-keyword" />
        </Form.Item>
        <Form.Item name="status" label={t('operations.catalogItems.status')}>
          <Select<Status>
            style={{ width: 120 }}
            options={STATUSES.map((value) => ({ value, label: t(STATUS_LABELS[value]) }))}
            data-testid="catalog-items-status"
          />
        </Form.Item>
        <Form.Item name="duplicates" valuePropName="checked">
          <Checkbox data-testid="catalog-items-duplicates">{t('operations.catalogItems.duplicatesOnly')}</Checkbox>
        </Form.Item>
        <SearchResetButtons form={form} onSearch={search} testIdPrefix="catalog-items" />
      </Form>
      <PageTableOrError
        page={page}
        filters={filters}
        setFilters={setFilters}
        emptyText={t('operations.catalogItems.empty')}
        testIdPrefix="catalog-items"
        // The columns' widths add up to this: narrower windows scroll the table (the actions stay pinned) instead of
        // squeezing the name to its first letter.
        scroll={{ x: 1350 }}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 80 },
          {
            title: t('operations.catalogItems.code'),
            dataIndex: 'code',
            width: 160,
            ellipsis: true,
            render: (value: string, item) => (
              <a
                href={catalogItemDetailPath(library, item.id)}
                target="_blank"
                rel="noopener noreferrer"
                title={t('operations.catalogItems.openDetail')}
                data-testid={`catalog-item-link-${item.id}`}
              >
                {value}
              </a>
            ),
          },
          {
            title: t('operations.catalogItems.name'),
            dataIndex: 'name',
            width: 220,
            ellipsis: true,
            render: (name: string, item) => (
              <>
                {name}
                {item.edited && (
                  <Tag color="blue" style={{ marginInlineStart: 8 }} data-testid={`catalog-item-edited-${item.id}`}>
                    {t('operations.catalogItems.edited')}
                  </Tag>
                )}
              </>
            ),
          },
          {
            title: t('operations.catalogItems.manufacturer'),
            dataIndex: 'manufacturerName',
            width: 130,
            ellipsis: true,
            render: (value: string | null) => value || '-',
          },
          {
            title: t('operations.catalogItems.category'),
            dataIndex: 'categoryCode',
            width: 110,
            ellipsis: true,
            render: (value: string | null) => value || '-',
          },
          {
            title: t('operations.catalogItems.source'),
            dataIndex: 'source',
            width: 140,
            render: (value: string, item) => (
              <>
                <div>{value || '-'}</div>
                {item.license && (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {item.license}
                  </Typography.Text>
                )}
              </>
            ),
          },
          {
            title: t('operations.catalogItems.status'),
            key: 'status',
            width: 180,
            render: (_value, item) => (
              <span data-testid={`catalog-item-status-${item.id}`}>
                <ItemStatus library={library} item={item} />
              </span>
            ),
          },
          {
            title: t('operations.actions'),
            key: 'actions',
            width: 330,
            fixed: 'right',
            render: (_value, item) => (
              <>
                <Button type="link" onClick={() => setEditing(item)} data-testid={`catalog-item-edit-${item.id}`}>
                  {t('operations.catalogItems.edit')}
                </Button>
                <Button type="link" onClick={() => setEditingParameters(item)} data-testid={`catalog-item-parameters-${item.id}`}>
                  {t('operations.catalogItems.parameters')}
                </Button>
                {item.hidden ? (
                  <RestoreButton library={library} item={item} />
                ) : (
                  <>
                    <Button type="link" danger onClick={() => setHiding(item)} data-testid={`catalog-item-hide-${item.id}`}>
                      {t('operations.catalogItems.hide')}
                    </Button>
                    <Button type="link" danger onClick={() => setMerging(item)} data-testid={`catalog-item-merge-${item.id}`}>
                      {t('operations.catalogItems.merge')}
                    </Button>
                  </>
                )}
              </>
            ),
          },
        ]}
      />
      <HideModal library={library} item={hiding} onClose={() => setHiding(undefined)} />
      <CatalogItemEditModal library={library} item={editing} onClose={() => setEditing(undefined)} />
      {/* Mounted per opening: a new form and a fresh read each time (Form.List keeps rows across a reopened modal). */}
      {editingParameters && (
        <CatalogItemParametersModal
          key={`${library}-${editingParameters.id}`}
          library={library}
          item={editingParameters}
          onClose={() => setEditingParameters(undefined)}
        />
      )}
      <CatalogItemMergeModal
        library={library}
        item={merging}
        twins={merging ? (page.data?.list ?? []).filter((row) => codeKey(row.code) === codeKey(merging.code) && row.id !== merging.id) : []}
        onClose={() => setMerging(undefined)}
      />
    </div>
  );
}

/**
 * `/operation/catalog-items` (目录管理): operators hide a wrong or disputed public catalogue item from the public
 * libraries (with a reason) and restore it; for holders of a library's `<library>:catalog:manage`, over the libraries held.
 */
export default function CatalogItemsAdminPage() {
  const { t } = useTranslation('shell');
  useDocumentTitle(t('operations.catalogItems.title'));
  return (
    <OperatorGate permission={operationsPermission('catalog-items')}>
      <CatalogItemsAdmin />
    </OperatorGate>
  );
}
