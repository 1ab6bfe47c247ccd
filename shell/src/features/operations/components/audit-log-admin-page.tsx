import { useState } from 'react';
import { DatePicker, Form, Input, Select, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../components/layout/use-document-title';
import {
  AUDIT_LOG_QUERY_PERMISSION,
  AUDIT_SOURCES,
  pageAuditLog,
  useAuditLogPage,
  type AuditLogEntry,
  type AuditLogFilters,
  type AuditSource,
} from '../api/users-admin';
import { formatTime, rangeToTimes } from './format';
import { ExportButton, PageTableOrError, SearchResetButtons } from './operations-list';
import { OperatorGate } from './operator-gate';

const PAGE_SIZE = 10;
/** The actions the back end writes today (docs/operations.md). */
export const AUDIT_ACTIONS = [
  'user.disable',
  'user.enable',
  'user.sessions.revoke',
  'org.create',
  'org.update',
  'org.member.add',
  'org.member.remove',
  'role.create',
  'role.update',
  'role.delete',
  'user.roles',
  'dict.update',
  'open-key.limits',
  'open-key.revoke',
  'feedback.close',
  'brand-application.review',
] as const;
/** The actions a library service writes. */
export const LIBRARY_AUDIT_ACTIONS = [
  'enterprise-item.review',
  'catalog-item.hide',
  'catalog-item.unhide',
  'catalog-item.update',
  'catalog-item.merge',
  'catalog-manufacturer.update',
  'catalog-manufacturer.merge',
  'catalog-category.update',
  'catalog-category.hide',
  'catalog-category.unhide',
  'search-index.rebuild',
  'catalog-import.run',
] as const;

interface FilterValues {
  source: AuditSource;
  keyWords?: string;
  action?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

function actionKey(action: string): string {
  return action.replace(/[.-]/g, '_');
}

/** The target's state before and after, side by side. */
function BeforeAfter({ entry }: { entry: AuditLogEntry }) {
  const { t } = useTranslation('shell');
  return (
    <div className="operations-audit-diff" style={{ display: 'flex', gap: 24 }} data-testid={`audit-log-diff-${entry.id}`}>
      <div style={{ flex: 1 }}>
        <Typography.Text strong>{t('operations.auditLog.before')}</Typography.Text>
        <pre data-testid={`audit-log-before-${entry.id}`}>{JSON.stringify(entry.before, null, 2)}</pre>
      </div>
      <div style={{ flex: 1 }}>
        <Typography.Text strong>{t('operations.auditLog.after')}</Typography.Text>
        <pre data-testid={`audit-log-after-${entry.id}`}>{JSON.stringify(entry.after, null, 2)}</pre>
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
  const targetLabel = (entry: AuditLogEntry) =>
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
            options={AUDIT_SOURCES.map((value) => ({ value, label: t(`operations.auditLog.sources.${value}`) }))}
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
            options={(source === 'system' ? AUDIT_ACTIONS : LIBRARY_AUDIT_ACTIONS).map((value) => ({ value, label: actionLabel(value) }))}
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
        expandable={{ expandedRowRender: (entry) => <BeforeAfter entry={entry} /> }}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 80 },
          { title: t('operations.auditLog.time'), dataIndex: 'createTime', width: 180, render: (value: number) => formatTime(value) },
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
