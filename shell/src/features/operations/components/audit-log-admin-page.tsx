import { useState } from 'react';
import { DatePicker, Form, Input, Select, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../components/layout/use-document-title';
import {
  AUDIT_LOG_QUERY_PERMISSION,
  AUDIT_VIEWS,
  auditActionsOf,
  pageAuditLog,
  useAuditLogPage,
  type AuditLogFilters,
  type AuditLogRow,
  type AuditView,
} from '../api/users-admin';
import { formatTime, rangeToTimes } from './format';
import { ExportButton, PageTableOrError, SearchResetButtons } from './operations-list';
import { OperatorGate } from './operator-gate';

const PAGE_SIZE = 10;

interface FilterValues {
  source: AuditView;
  keyWords?: string;
  action?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

function actionKey(action: string): string {
  return action.replace(/[.-]/g, '_');
}

/** The target's state before and after, side by side. */
function BeforeAfter({ entry, rowId }: { entry: AuditLogRow; rowId: string }) {
  const { t } = useTranslation('shell');
  return (
    <div className="operations-audit-diff" style={{ display: 'flex', gap: 24 }} data-testid={`audit-log-diff-${rowId}`}>
      <div style={{ flex: 1 }}>
        <Typography.Text strong>{t('operations.auditLog.before')}</Typography.Text>
        <pre data-testid={`audit-log-before-${rowId}`}>{JSON.stringify(entry.before, null, 2)}</pre>
      </div>
      <div style={{ flex: 1 }}>
        <Typography.Text strong>{t('operations.auditLog.after')}</Typography.Text>
        <pre data-testid={`audit-log-after-${rowId}`}>{JSON.stringify(entry.after, null, 2)}</pre>
      </div>
    </div>
  );
}

function AuditLogAdmin() {
  const { t } = useTranslation('shell');
  const [form] = Form.useForm<FilterValues>();
  const source = Form.useWatch('source', form) ?? 'system';
  const [filters, setFilters] = useState<AuditLogFilters>({ pageNo: 1, pageSize: PAGE_SIZE });
  const page = useAuditLogPage(filters);
  const actionLabel = (action: string) => t(`operations.auditLog.actions.${actionKey(action)}`, { defaultValue: action });
  const merged = filters.source === 'all';
  // Ids repeat across the logs: the merged view names a row by its source too.
  const rowId = (entry: AuditLogRow) => (merged ? `${entry.source}-${entry.id}` : String(entry.id));
  const sourceLabel = (entry: AuditLogRow) => t(`operations.auditLog.sources.${entry.source}`);
  const targetLabel = (entry: AuditLogRow) =>
    `${t(`operations.auditLog.targets.${actionKey(entry.targetType)}`, { defaultValue: entry.targetType })} #${entry.targetId}`;

  const search = (values: FilterValues) =>
    setFilters({
      source: values.source === 'system' ? undefined : values.source,
      pageNo: 1,
      pageSize: filters.pageSize,
      keyWords: values.keyWords?.trim() || undefined,
      action: values.action,
      ...rangeToTimes(values.range),
    });

  return (
    <div className="page-container operations-page" data-testid="operations-audit-log">
      <Typography.Title level={3}>{t('operations.auditLog.title')}</Typography.Title>
      <Form
        form={form}
        layout="inline"
        initialValues={{ source: 'system' }}
        onFinish={search}
        onValuesChange={(changed: Partial<FilterValues>) => {
          // Another source is another log: its own actions, read at once.
          if (changed.source) {
            form.setFieldValue('action', undefined);
            search({ ...form.getFieldsValue(), action: undefined });
          }
        }}
        className="operations-filters"
        style={{ rowGap: 12, marginBottom: 16 }}
      >
        <Form.Item name="source" label={t('operations.auditLog.source')} tooltip={t('operations.auditLog.sourceHint')}>
          <Select
            style={{ width: 140 }}
            options={AUDIT_VIEWS.map((value) => ({ value, label: t(`operations.auditLog.sources.${value}`) }))}
            data-testid="audit-log-filter-source"
          />
        </Form.Item>
        <Form.Item name="keyWords" label={t('operations.keyword')}>
          <Input allowClear maxLength={100} placeholder={t('operations.auditLog.keywordPlaceholder')} data-testid="audit-log-filter-keyword" />
        </Form.Item>
        <Form.Item name="action" label={t('operations.auditLog.action')}>
          <Select
            allowClear
            style={{ width: 180 }}
            placeholder={t('operations.all')}
            options={auditActionsOf(source).map((value) => ({ value, label: actionLabel(value) }))}
            data-testid="audit-log-filter-action"
          />
        </Form.Item>
        <Form.Item name="range" label={t('operations.dateRange')}>
          <DatePicker.RangePicker />
        </Form.Item>
        <SearchResetButtons form={form} onSearch={search} testIdPrefix="audit-log" />
        <ExportButton
          filters={filters}
          fetchPage={pageAuditLog}
          fileName="audit-log"
          testIdPrefix="audit-log"
          columns={[
            { title: 'ID', value: (entry) => entry.id },
            { title: t('operations.auditLog.time'), value: (entry) => formatTime(entry.createTime) },
            ...(merged ? [{ title: t('operations.auditLog.source'), value: sourceLabel }] : []),
            { title: t('operations.auditLog.operator'), value: (entry) => entry.operatorUsername || `#${entry.operatorId}` },
            { title: t('operations.auditLog.action'), value: (entry) => actionLabel(entry.action) },
            { title: t('operations.auditLog.target'), value: (entry) => targetLabel(entry) },
            { title: t('operations.auditLog.clientIp'), value: (entry) => entry.clientIp },
            { title: t('operations.auditLog.before'), value: (entry) => JSON.stringify(entry.before) },
            { title: t('operations.auditLog.after'), value: (entry) => JSON.stringify(entry.after) },
          ]}
        />
      </Form>
      <PageTableOrError
        page={page}
        filters={filters}
        setFilters={setFilters}
        emptyText={t('operations.auditLog.empty')}
        testIdPrefix="audit-log"
        // A narrow window (the plugin's 500 px) scrolls the table inside its card, not the page.
        scroll={{ x: 1000 }}
        rowId={rowId}
        expandable={{ expandedRowRender: (entry) => <BeforeAfter entry={entry} rowId={rowId(entry)} /> }}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 80 },
          { title: t('operations.auditLog.time'), dataIndex: 'createTime', width: 180, render: (value: number) => formatTime(value) },
          ...(merged
            ? [{ title: t('operations.auditLog.source'), key: 'source', width: 150, render: (_value: unknown, entry: AuditLogRow) => sourceLabel(entry) }]
            : []),
          {
            title: t('operations.auditLog.operator'),
            key: 'operator',
            ellipsis: true,
            render: (_value, entry) => entry.operatorUsername || `#${entry.operatorId}`,
          },
          { title: t('operations.auditLog.action'), dataIndex: 'action', width: 160, render: (value: string) => actionLabel(value) },
          {
            title: t('operations.auditLog.target'),
            key: 'target',
            width: 200,
            render: (_value, entry) => targetLabel(entry),
          },
          { title: t('operations.auditLog.clientIp'), dataIndex: 'clientIp', width: 140 },
        ]}
      />
    </div>
  );
}

/** `/operation/audit-log`: every operator change, who and when, with the state before and after. */
export default function AuditLogAdminPage() {
  const { t } = useTranslation('shell');
  useDocumentTitle(t('operations.auditLog.title'));
  return (
    <OperatorGate permission={AUDIT_LOG_QUERY_PERMISSION}>
      <AuditLogAdmin />
    </OperatorGate>
  );
}
