import { useState } from 'react';
import { DatePicker, Form, Input, Select, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../components/layout/use-document-title';
import { FRONT_LOG_QUERY_PERMISSION, pageFrontLog, useFrontLogPage, type FrontLogFilters } from '../api/front-log-admin';
import { formatTime, rangeToTimes } from './format';
import { ExportButton, PageTableOrError, SearchResetButtons } from './operations-list';
import { OperatorGate } from './operator-gate';

const PAGE_SIZE = 20;
/** Spec §3 levels. */
const LEVELS = [
  { value: -2, key: 'info', color: 'default' },
  { value: -1, key: 'warn', color: 'warning' },
  { value: 0, key: 'error', color: 'error' },
  { value: 1, key: 'danger', color: 'magenta' },
] as const;

interface FilterValues {
  keyword?: string;
  url?: string;
  level?: number;
  userId?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

function levelOf(level: number) {
  return LEVELS.find((entry) => entry.value === level) ?? LEVELS[2];
}

function LevelTag({ level }: { level: number }) {
  const { t } = useTranslation('shell');
  const known = levelOf(level);
  return <Tag color={known.color}>{t(`operations.frontLog.levels.${known.key}`)}</Tag>;
}

function FrontLogAdmin() {
  const { t } = useTranslation('shell');
  const [form] = Form.useForm<FilterValues>();
  const [filters, setFilters] = useState<FrontLogFilters>({ pageNo: 1, pageSize: PAGE_SIZE });
  const page = useFrontLogPage(filters);

  const search = (values: FilterValues) => {
    const userId = Number(values.userId);
    setFilters({
      pageNo: 1,
      pageSize: filters.pageSize,
      keyword: values.keyword?.trim() || undefined,
      url: values.url?.trim() || undefined,
      level: values.level,
      userId: values.userId && Number.isInteger(userId) ? userId : undefined,
      ...rangeToTimes(values.range),
    });
  };

  return (
    <div className="page-container operations-page" data-testid="operations-front-log">
      <Typography.Title level={3}>{t('operations.frontLog.title')}</Typography.Title>
      <Form form={form} layout="inline" onFinish={search} className="operations-filters" style={{ rowGap: 12, marginBottom: 16 }}>
        <Form.Item name="keyword" label={t('operations.keyword')}>
          <Input allowClear maxLength={200} placeholder={t('operations.frontLog.keywordPlaceholder')} data-testid="front-log-keyword" />
        </Form.Item>
        <Form.Item name="url" label={t('operations.frontLog.url')}>
          <Input allowClear maxLength={2048} />
        </Form.Item>
        <Form.Item name="level" label={t('operations.frontLog.level')}>
          <Select
            allowClear
            style={{ width: 110 }}
            placeholder={t('operations.all')}
            options={LEVELS.map((entry) => ({ value: entry.value, label: t(`operations.frontLog.levels.${entry.key}`) }))}
          />
        </Form.Item>
        <Form.Item name="userId" label={t('operations.frontLog.userId')}>
          <Input allowClear style={{ width: 110 }} inputMode="numeric" />
        </Form.Item>
        <Form.Item name="range" label={t('operations.dateRange')}>
          <DatePicker.RangePicker />
        </Form.Item>
        <SearchResetButtons form={form} onSearch={search} testIdPrefix="front-log" />
        <ExportButton
          filters={filters}
          fetchPage={pageFrontLog}
          fileName="front-log"
          testIdPrefix="front-log"
          columns={[
            { title: t('operations.frontLog.time'), value: (record) => formatTime(record.createTime) },
            { title: t('operations.frontLog.level'), value: (record) => t(`operations.frontLog.levels.${levelOf(record.level).key}`) },
            { title: t('operations.frontLog.name'), value: (record) => record.name },
            { title: t('operations.frontLog.message'), value: (record) => record.message },
            { title: t('operations.frontLog.url'), value: (record) => record.url },
            { title: t('operations.frontLog.userId'), value: (record) => record.userId },
            { title: 'IP', value: (record) => record.clientIp },
          ]}
        />
      </Form>
      <PageTableOrError
        page={page}
        filters={filters}
        setFilters={setFilters}
        emptyText={t('operations.frontLog.empty')}
        testIdPrefix="front-log"
        // A narrow window (the plugin's 500 px) scrolls the table inside its card, not the page.
        scroll={{ x: 1000 }}
        expandable={{
          expandedRowRender: (record) => (
            <pre className="operations-stack" style={{ whiteSpace: 'pre-wrap', fontSize: 12, margin: 0 }}>
              {[
                record.position && `${t('operations.frontLog.position')}: ${record.position}`,
                record.code && `code: ${record.code}`,
                record.userAgent,
                record.stack,
                record.extra,
              ]
                .filter(Boolean)
                .join('\n')}
            </pre>
          ),
        }}
        columns={[
          { title: t('operations.frontLog.time'), dataIndex: 'createTime', width: 180, render: (value: number) => formatTime(value) },
          { title: t('operations.frontLog.level'), dataIndex: 'level', width: 90, render: (value: number) => <LevelTag level={value} /> },
          { title: t('operations.frontLog.name'), dataIndex: 'name', width: 120 },
          { title: t('operations.frontLog.message'), dataIndex: 'message', ellipsis: true },
          { title: t('operations.frontLog.url'), dataIndex: 'url', ellipsis: true, width: 260 },
          { title: t('operations.frontLog.userId'), dataIndex: 'userId', width: 90, render: (value?: number | null) => value ?? '-' },
          { title: 'IP', dataIndex: 'clientIp', width: 130 },
        ]}
      />
    </div>
  );
}

/** `/operation/front-log`: operators search the front-end log (issue 6). */
export default function FrontLogAdminPage() {
  const { t } = useTranslation('shell');
  useDocumentTitle(t('operations.frontLog.title'));
  return (
    <OperatorGate permission={FRONT_LOG_QUERY_PERMISSION}>
      <FrontLogAdmin />
    </OperatorGate>
  );
}
