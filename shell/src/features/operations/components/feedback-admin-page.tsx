import { useState } from 'react';
import { Alert, App, Button, DatePicker, Descriptions, Drawer, Form, Image, Input, Select, Space, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { isPortalError } from '@portal/http';
import { useSession } from '@portal/providers';
import { hasPermission } from '@portal/session';
import { IMAGE_VIEWER_PREVIEW } from '@portal/upload';
import { useDocumentTitle } from '../../../components/layout/use-document-title';
import {
  FEEDBACK_QUERY_PERMISSION,
  FEEDBACK_REPLY_MAX,
  FEEDBACK_STATUS,
  FEEDBACK_UPDATE_PERMISSION,
  pageFeedback,
  useCloseFeedback,
  useFeedback,
  useFeedbackPage,
  type FeedbackFilters,
  type FeedbackRecord,
} from '../api/feedback-admin';
import { formatTime, rangeToTimes } from './format';
import { ExportButton, PageTableOrError, SearchResetButtons } from './operations-list';
import { OperatorGate } from './operator-gate';

const PAGE_SIZE = 10;
const FEEDBACK_TYPES = [1, 2, 3, 4] as const;

interface FilterValues {
  status?: number;
  type?: number;
  keyword?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

function StatusTag({ status }: { status: number }) {
  const { t } = useTranslation('shell');
  return status === FEEDBACK_STATUS.closed ? (
    <Tag color="default">{t('operations.feedback.closed')}</Tag>
  ) : (
    <Tag color="processing">{t('operations.feedback.open')}</Tag>
  );
}

function CloseForm({ record, onClosed }: { record: FeedbackRecord; onClosed: () => void }) {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const close = useCloseFeedback();
  const [reply, setReply] = useState('');
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="feedback-close-form">
      <Typography.Text strong>{t('operations.feedback.reply')}</Typography.Text>
      <Input.TextArea
        rows={4}
        value={reply}
        onChange={(event) => setReply(event.target.value)}
        maxLength={FEEDBACK_REPLY_MAX}
        showCount
        placeholder={t('operations.feedback.replyPlaceholder')}
        data-testid="feedback-reply"
      />
      <Button
        type="primary"
        loading={close.isPending}
        data-testid="feedback-close"
        onClick={() =>
          close.mutate(
            { id: record.id, reply: reply.trim() },
            {
              onSuccess: () => {
                message.success(t('operations.feedback.closedToast'));
                setReply('');
                onClosed();
              },
              onError: (error) => message.error(isPortalError(error) ? error.message : String(error)),
            },
          )
        }
      >
        {t('operations.feedback.close')}
      </Button>
    </Space>
  );
}

function FeedbackDetail({ id, onClose }: { id: number | undefined; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const detail = useFeedback(id);
  const permissions = useSession((state) => state.permissions);
  const record = detail.data;
  return (
    <Drawer
      open={id !== undefined}
      onClose={onClose}
      size={560}
      title={t('operations.feedback.detailTitle', { id: id ?? '' })}
      destroyOnHidden
      data-testid="feedback-detail"
    >
      {detail.isPending && id !== undefined && <Typography.Text type="secondary">{t('operations.loading')}</Typography.Text>}
      {detail.isError && <Alert type="error" showIcon title={detail.error.message} />}
      {record && (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Descriptions column={1} size="small" bordered styles={{ label: { width: 110, whiteSpace: 'nowrap' } }}>
            <Descriptions.Item label={t('feedback.type')}>{t(`feedback.types.${record.type}`)}</Descriptions.Item>
            <Descriptions.Item label={t('operations.feedback.status')}>
              <StatusTag status={record.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('feedback.message')}>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }} data-testid="feedback-detail-message">
                {record.message}
              </Typography.Paragraph>
            </Descriptions.Item>
            <Descriptions.Item label={t('operations.feedback.sender')}>
              {record.userName || '-'} {[record.userMobile, record.userEmail].filter(Boolean).join(' / ')}
            </Descriptions.Item>
            <Descriptions.Item label={t('feedback.mobile')}>{record.mobile || '-'}</Descriptions.Item>
            <Descriptions.Item label={t('feedback.email')}>{record.email || '-'}</Descriptions.Item>
            <Descriptions.Item label={t('feedback.orgName')}>{record.orgName || '-'}</Descriptions.Item>
            <Descriptions.Item label={t('operations.feedback.createTime')}>{formatTime(record.createTime)}</Descriptions.Item>
            {record.status === FEEDBACK_STATUS.closed && (
              <>
                <Descriptions.Item label={t('operations.feedback.reply')}>
                  <span data-testid="feedback-detail-reply">{record.reply || '-'}</span>
                </Descriptions.Item>
                <Descriptions.Item label={t('operations.feedback.closeTime')}>{formatTime(record.closeTime)}</Descriptions.Item>
              </>
            )}
          </Descriptions>
          <div>
            <Typography.Text strong>{t('feedback.images')}</Typography.Text>
            <div className="operations-images" data-testid="feedback-detail-images">
              {record.images.length === 0 ? (
                <Typography.Text type="secondary">{t('operations.feedback.noImages')}</Typography.Text>
              ) : (
                <Image.PreviewGroup preview={IMAGE_VIEWER_PREVIEW}>
                  <Space wrap>
                    {record.images.map((image) => (
                      <Image key={image.id} width={96} height={96} style={{ objectFit: 'cover' }} src={image.url} alt={t('feedback.imagePreview')} />
                    ))}
                  </Space>
                </Image.PreviewGroup>
              )}
            </div>
          </div>
          {record.status === FEEDBACK_STATUS.open && hasPermission(permissions, FEEDBACK_UPDATE_PERMISSION) && (
            <CloseForm record={record} onClosed={() => void detail.refetch()} />
          )}
        </Space>
      )}
    </Drawer>
  );
}

function FeedbackAdmin() {
  const { t } = useTranslation('shell');
  const [form] = Form.useForm<FilterValues>();
  const [filters, setFilters] = useState<FeedbackFilters>({ pageNo: 1, pageSize: PAGE_SIZE, status: FEEDBACK_STATUS.open });
  const [openId, setOpenId] = useState<number | undefined>();
  const page = useFeedbackPage(filters);

  const search = (values: FilterValues) =>
    setFilters({
      pageNo: 1,
      pageSize: filters.pageSize,
      status: values.status,
      type: values.type,
      keyword: values.keyword?.trim() || undefined,
      ...rangeToTimes(values.range),
    });

  return (
    <div className="page-container operations-page" data-testid="operations-feedback">
      <Typography.Title level={3}>{t('operations.feedback.title')}</Typography.Title>
      <Form
        form={form}
        layout="inline"
        initialValues={{ status: FEEDBACK_STATUS.open }}
        onFinish={search}
        className="operations-filters"
        style={{ rowGap: 12, marginBottom: 16 }}
      >
        <Form.Item name="status" label={t('operations.feedback.status')}>
          <Select
            allowClear
            style={{ width: 120 }}
            placeholder={t('operations.all')}
            options={[
              { value: FEEDBACK_STATUS.open, label: t('operations.feedback.open') },
              { value: FEEDBACK_STATUS.closed, label: t('operations.feedback.closed') },
            ]}
            data-testid="feedback-filter-status"
          />
        </Form.Item>
        <Form.Item name="type" label={t('feedback.type')}>
          <Select
            allowClear
            style={{ width: 130 }}
            placeholder={t('operations.all')}
            options={FEEDBACK_TYPES.map((value) => ({ value, label: t(`feedback.types.${value}`) }))}
          />
        </Form.Item>
        <Form.Item name="keyword" label={t('operations.keyword')}>
          <Input allowClear maxLength={100} placeholder={t('operations.feedback.keywordPlaceholder')} data-testid="feedback-filter-keyword" />
        </Form.Item>
        <Form.Item name="range" label={t('operations.dateRange')}>
          <DatePicker.RangePicker />
        </Form.Item>
        <SearchResetButtons form={form} onSearch={search} testIdPrefix="feedback" />
        <ExportButton
          filters={filters}
          fetchPage={pageFeedback}
          fileName="feedback"
          testIdPrefix="feedback"
          columns={[
            { title: 'ID', value: (record) => record.id },
            { title: t('feedback.type'), value: (record) => t(`feedback.types.${record.type}`) },
            { title: t('feedback.message'), value: (record) => record.message },
            { title: t('operations.feedback.sender'), value: (record) => record.userName || record.userMobile || record.userEmail || '-' },
            { title: t('feedback.images'), value: (record) => record.images.length },
            {
              title: t('operations.feedback.status'),
              value: (record) => t(record.status === FEEDBACK_STATUS.closed ? 'operations.feedback.closed' : 'operations.feedback.open'),
            },
            { title: t('operations.feedback.createTime'), value: (record) => formatTime(record.createTime) },
          ]}
        />
      </Form>
      <PageTableOrError
        page={page}
        filters={filters}
        setFilters={setFilters}
        emptyText={t('operations.feedback.empty')}
        testIdPrefix="feedback"
        // A narrow window (the plugin's 500 px) scrolls the table inside its card, not the page.
        scroll={{ x: 1000 }}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 80 },
          { title: t('feedback.type'), dataIndex: 'type', width: 110, render: (value: number) => t(`feedback.types.${value}`) },
          { title: t('feedback.message'), dataIndex: 'message', ellipsis: true },
          {
            title: t('operations.feedback.sender'),
            key: 'sender',
            width: 180,
            render: (_value, record) => record.userName || record.userMobile || record.userEmail || '-',
          },
          { title: t('feedback.images'), key: 'images', width: 70, render: (_value, record) => record.images.length },
          { title: t('operations.feedback.status'), dataIndex: 'status', width: 100, render: (value: number) => <StatusTag status={value} /> },
          { title: t('operations.feedback.createTime'), dataIndex: 'createTime', width: 180, render: (value: number) => formatTime(value) },
          {
            title: t('operations.actions'),
            key: 'actions',
            width: 90,
            render: (_value, record) => (
              <Button type="link" onClick={() => setOpenId(record.id)} data-testid={`feedback-view-${record.id}`}>
                {t('operations.view')}
              </Button>
            ),
          },
        ]}
      />
      <FeedbackDetail id={openId} onClose={() => setOpenId(undefined)} />
    </div>
  );
}

/** `/operation/feedback`: operators list, read and close feedback (issue 6). */
export default function FeedbackAdminPage() {
  const { t } = useTranslation('shell');
  useDocumentTitle(t('operations.feedback.title'));
  return (
    <OperatorGate permission={FEEDBACK_QUERY_PERMISSION}>
      <FeedbackAdmin />
    </OperatorGate>
  );
}
