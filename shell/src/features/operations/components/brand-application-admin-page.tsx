import { useState } from 'react';
import { App, Button, DatePicker, Descriptions, Drawer, Form, Image, Input, Select, Space, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { isPortalError } from '@portal/http';
import { useSession } from '@portal/providers';
import { hasPermission } from '@portal/session';
import { IMAGE_VIEWER_PREVIEW } from '@portal/upload';
import { useDocumentTitle } from '../../../components/layout/use-document-title';
import {
  BRAND_APPLICATION_QUERY_PERMISSION,
  BRAND_APPLICATION_REVIEW_PERMISSION,
  BRAND_APPLICATION_STATUS,
  BRAND_REVIEW_REMARK_MAX,
  pageBrandApplications,
  useBrandApplicationPage,
  useReviewBrandApplication,
  type BrandApplicationFilters,
  type BrandApplicationRecord,
} from '../api/brand-application-admin';
import { formatTime, rangeToTimes } from './format';
import { ExportButton, PageTableOrError, SearchResetButtons } from './operations-list';
import { OperatorGate } from './operator-gate';

const PAGE_SIZE = 10;
const STATUS_COLORS: Record<number, string> = { 0: 'processing', 1: 'success', 2: 'error' };

interface FilterValues {
  status?: number;
  keyword?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

function StatusTag({ status }: { status: number }) {
  const { t } = useTranslation('shell');
  return <Tag color={STATUS_COLORS[status] ?? 'default'}>{t(`brandEntry.status.values.${status}`)}</Tag>;
}

function categoryLabels(record: BrandApplicationRecord): string {
  return record.categories.map((category) => `${category.library}/${category.code}`).join(', ') || '-';
}

function ReviewForm({ record, onReviewed }: { record: BrandApplicationRecord; onReviewed: () => void }) {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const review = useReviewBrandApplication();
  const [remark, setRemark] = useState('');
  const [remarkMissing, setRemarkMissing] = useState(false);

  const submit = (status: 1 | 2) => {
    const reviewRemark = remark.trim();
    // The server refuses a rejection without a remark; say so before the call.
    if (status === BRAND_APPLICATION_STATUS.rejected && !reviewRemark) {
      setRemarkMissing(true);
      return;
    }
    review.mutate(
      { id: record.id, status, reviewRemark },
      {
        onSuccess: () => {
          message.success(
            t(status === BRAND_APPLICATION_STATUS.approved ? 'operations.brandApplication.approvedToast' : 'operations.brandApplication.rejectedToast'),
          );
          setRemark('');
          onReviewed();
        },
        onError: (error) => message.error(isPortalError(error) ? error.message : String(error)),
      },
    );
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="brand-application-review-form">
      <Typography.Text strong>{t('operations.brandApplication.remark')}</Typography.Text>
      <Input.TextArea
        rows={4}
        value={remark}
        status={remarkMissing ? 'error' : undefined}
        onChange={(event) => {
          setRemark(event.target.value);
          setRemarkMissing(false);
        }}
        maxLength={BRAND_REVIEW_REMARK_MAX}
        showCount
        placeholder={t('operations.brandApplication.remarkPlaceholder')}
        data-testid="brand-application-remark"
      />
      {remarkMissing && (
        <Typography.Text type="danger" data-testid="brand-application-remark-required">
          {t('operations.brandApplication.remarkRequired')}
        </Typography.Text>
      )}
      <Space>
        <Button type="primary" loading={review.isPending} onClick={() => submit(BRAND_APPLICATION_STATUS.approved)} data-testid="brand-application-approve">
          {t('operations.brandApplication.approve')}
        </Button>
        <Button danger loading={review.isPending} onClick={() => submit(BRAND_APPLICATION_STATUS.rejected)} data-testid="brand-application-reject">
          {t('operations.brandApplication.reject')}
        </Button>
      </Space>
    </Space>
  );
}

function BrandApplicationDetail({ record, onClose }: { record: BrandApplicationRecord | undefined; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const permissions = useSession((state) => state.permissions);
  return (
    <Drawer
      open={record !== undefined}
      onClose={onClose}
      size={560}
      title={t('operations.brandApplication.detailTitle', { id: record?.id ?? '' })}
      destroyOnHidden
      data-testid="brand-application-detail"
    >
      {record && (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Descriptions column={1} size="small" bordered styles={{ label: { width: 110, whiteSpace: 'nowrap' } }}>
            <Descriptions.Item label={t('operations.brandApplication.status')}>
              <span data-testid="brand-application-detail-status">
                <StatusTag status={record.status} />
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('brandEntry.form.companyName')}>{record.companyName}</Descriptions.Item>
            <Descriptions.Item label={t('brandEntry.form.brandName')}>{record.brandName}</Descriptions.Item>
            <Descriptions.Item label={t('brandEntry.form.contactName')}>{record.contactName}</Descriptions.Item>
            <Descriptions.Item label={t('brandEntry.form.mobile')}>{record.mobile || '-'}</Descriptions.Item>
            <Descriptions.Item label={t('brandEntry.form.email')}>{record.email || '-'}</Descriptions.Item>
            <Descriptions.Item label={t('brandEntry.form.website')}>{record.website || '-'}</Descriptions.Item>
            <Descriptions.Item label={t('brandEntry.form.categories')}>{categoryLabels(record)}</Descriptions.Item>
            <Descriptions.Item label={t('brandEntry.form.description')}>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{record.description || '-'}</Typography.Paragraph>
            </Descriptions.Item>
            <Descriptions.Item label={t('operations.brandApplication.applicant')}>{record.userName || '-'}</Descriptions.Item>
            <Descriptions.Item label={t('operations.brandApplication.createTime')}>{formatTime(record.createTime)}</Descriptions.Item>
            {record.status !== BRAND_APPLICATION_STATUS.pending && (
              <>
                <Descriptions.Item label={t('operations.brandApplication.remark')}>
                  <span data-testid="brand-application-detail-remark">{record.reviewRemark || '-'}</span>
                </Descriptions.Item>
                <Descriptions.Item label={t('operations.brandApplication.reviewTime')}>{formatTime(record.reviewTime)}</Descriptions.Item>
              </>
            )}
          </Descriptions>
          <div data-testid="brand-application-licence">
            <Typography.Text strong>{t('brandEntry.form.licence')}</Typography.Text>
            <div className="operations-images">
              {record.licenceUrl ? (
                <Image width={160} src={record.licenceUrl} alt={t('brandEntry.form.licence')} preview={IMAGE_VIEWER_PREVIEW} />
              ) : (
                <Typography.Text type="secondary">{t('operations.feedback.noImages')}</Typography.Text>
              )}
            </div>
          </div>
          {record.status === BRAND_APPLICATION_STATUS.pending && hasPermission(permissions, BRAND_APPLICATION_REVIEW_PERMISSION) && (
            <ReviewForm key={record.id} record={record} onReviewed={onClose} />
          )}
        </Space>
      )}
    </Drawer>
  );
}

function BrandApplicationAdmin() {
  const { t } = useTranslation('shell');
  const [form] = Form.useForm<FilterValues>();
  const [filters, setFilters] = useState<BrandApplicationFilters>({ pageNo: 1, pageSize: PAGE_SIZE, status: BRAND_APPLICATION_STATUS.pending });
  const [openId, setOpenId] = useState<number | undefined>();
  const page = useBrandApplicationPage(filters);
  // The list carries every field, so the drawer shows the row; a review closes it (the row may leave the filter).
  const openRecord = openId === undefined ? undefined : page.data?.list.find((record) => record.id === openId);

  const search = (values: FilterValues) =>
    setFilters({
      pageNo: 1,
      pageSize: filters.pageSize,
      status: values.status,
      keyword: values.keyword?.trim() || undefined,
      ...rangeToTimes(values.range),
    });

  return (
    <div className="page-container operations-page" data-testid="operations-brand-applications">
      <Typography.Title level={3}>{t('operations.brandApplication.title')}</Typography.Title>
      <Form
        form={form}
        layout="inline"
        initialValues={{ status: BRAND_APPLICATION_STATUS.pending }}
        onFinish={search}
        className="operations-filters"
        style={{ rowGap: 12, marginBottom: 16 }}
      >
        <Form.Item name="status" label={t('operations.brandApplication.status')}>
          <Select
            allowClear
            style={{ width: 120 }}
            placeholder={t('operations.all')}
            options={Object.values(BRAND_APPLICATION_STATUS).map((value) => ({ value, label: t(`brandEntry.status.values.${value}`) }))}
            data-testid="brand-application-filter-status"
          />
        </Form.Item>
        <Form.Item name="keyword" label={t('operations.keyword')}>
          <Input allowClear maxLength={100} placeholder={t('operations.brandApplication.keywordPlaceholder')} data-testid="brand-application-filter-keyword" />
        </Form.Item>
        <Form.Item name="range" label={t('operations.dateRange')}>
          <DatePicker.RangePicker />
        </Form.Item>
        <SearchResetButtons form={form} onSearch={search} testIdPrefix="brand-application" />
        <ExportButton
          filters={filters}
          fetchPage={pageBrandApplications}
          fileName="brand-applications"
          testIdPrefix="brand-application"
          columns={[
            { title: 'ID', value: (record) => record.id },
            { title: t('brandEntry.form.companyName'), value: (record) => record.companyName },
            { title: t('brandEntry.form.brandName'), value: (record) => record.brandName },
            { title: t('brandEntry.form.contactName'), value: (record) => record.contactName },
            { title: t('brandEntry.form.mobile'), value: (record) => record.mobile },
            { title: t('brandEntry.form.categories'), value: (record) => categoryLabels(record) },
            { title: t('operations.brandApplication.status'), value: (record) => t(`brandEntry.status.values.${record.status}`) },
            { title: t('operations.brandApplication.createTime'), value: (record) => formatTime(record.createTime) },
          ]}
        />
      </Form>
      <PageTableOrError
        page={page}
        filters={filters}
        setFilters={setFilters}
        emptyText={t('operations.brandApplication.empty')}
        testIdPrefix="brand-application"
        // A narrow window (the plugin's 500 px) scrolls the table inside its card, not the page.
        scroll={{ x: 1100 }}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 80 },
          { title: t('brandEntry.form.companyName'), dataIndex: 'companyName', ellipsis: true },
          { title: t('brandEntry.form.brandName'), dataIndex: 'brandName', width: 140, ellipsis: true },
          { title: t('brandEntry.form.contactName'), dataIndex: 'contactName', width: 110 },
          { title: t('brandEntry.form.mobile'), dataIndex: 'mobile', width: 130 },
          { title: t('brandEntry.form.categories'), key: 'categories', ellipsis: true, render: (_value, record) => categoryLabels(record) },
          { title: t('operations.brandApplication.status'), dataIndex: 'status', width: 100, render: (value: number) => <StatusTag status={value} /> },
          { title: t('operations.brandApplication.createTime'), dataIndex: 'createTime', width: 180, render: (value: number) => formatTime(value) },
          {
            title: t('operations.actions'),
            key: 'actions',
            width: 90,
            render: (_value, record) => (
              <Button type="link" onClick={() => setOpenId(record.id)} data-testid={`brand-application-view-${record.id}`}>
                {t('operations.view')}
              </Button>
            ),
          },
        ]}
      />
      <BrandApplicationDetail record={openRecord} onClose={() => setOpenId(undefined)} />
    </div>
  );
}

/** `/operation/brand-applications`: operators review manufacturer (brand-entry) applications. */
export default function BrandApplicationAdminPage() {
  const { t } = useTranslation('shell');
  useDocumentTitle(t('operations.brandApplication.title'));
  return (
    <OperatorGate permission={BRAND_APPLICATION_QUERY_PERMISSION}>
      <BrandApplicationAdmin />
    </OperatorGate>
  );
}
