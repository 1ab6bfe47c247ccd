import { useState, type HTMLAttributes, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Select, Space, Spin, Table, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { LIBRARIES, LIBRARY_KEYS, paths, type LibraryKey } from '@portal/providers';
import { useDocumentTitle } from '../../../components/layout/use-document-title';
import {
  STAT_QUERY_PERMISSION,
  useDailySearches,
  useDailySignups,
  useTopDownloads,
  useTopQueries,
  useZeroResultQueries,
  type StatWindow,
  type TopDownload,
  type TopQuery,
  type ZeroResultQuery,
} from '../api/statistics-admin';
import { ExportRowsButton, type ExportColumn } from './operations-list';
import { OperatorGate } from './operator-gate';

const DAY_CHOICES = [7, 30, 90, 365] as const;
const LIST_LIMIT = 50;

/** One series of a bar chart: a value per day, and optionally a part of it drawn over it (zero-result searches). */
export interface BarDay {
  date: string;
  value: number;
  part?: number;
}

const CHART_HEIGHT = 120;
const CHART_GAP = 1;

/**
 * Bars per day as plain SVG (the shell's first-load JS is budgeted: no chart library). Each bar has a
 * `<title>` with its date and numbers; the highest bar fills the height.
 */
export function DailyBars({ days, label, partLabel, testId }: { days: readonly BarDay[]; label: string; partLabel?: string; testId: string }) {
  const { t } = useTranslation('shell');
  const max = Math.max(1, ...days.map((day) => day.value));
  const width = Math.max(days.length * 8, 240);
  const barWidth = width / Math.max(days.length, 1);
  const total = days.reduce((sum, day) => sum + day.value, 0);
  const totalPart = days.reduce((sum, day) => sum + (day.part ?? 0), 0);
  return (
    <div data-testid={testId}>
      <Typography.Text type="secondary" data-testid={`${testId}-total`}>
        {t('operations.statistics.chartTotal', { label, total })}
        {partLabel !== undefined && ` · ${t('operations.statistics.chartTotal', { label: partLabel, total: totalPart })}`}
      </Typography.Text>
      <svg viewBox={`0 0 ${width} ${CHART_HEIGHT}`} width="100%" height={CHART_HEIGHT} preserveAspectRatio="none" role="img" aria-label={label}>
        {days.map((day, index) => {
          const height = (day.value / max) * CHART_HEIGHT;
          const partHeight = ((day.part ?? 0) / max) * CHART_HEIGHT;
          const x = index * barWidth;
          const title = partLabel === undefined ? `${day.date}: ${label} ${day.value}` : `${day.date}: ${label} ${day.value}, ${partLabel} ${day.part ?? 0}`;
          return (
            <g key={day.date} data-testid={`${testId}-bar-${day.date}`} data-value={day.value}>
              <title>{title}</title>
              <rect x={x} y={CHART_HEIGHT - height} width={Math.max(barWidth - CHART_GAP, 1)} height={height} fill="#1677ff" />
              {partHeight > 0 && <rect x={x} y={CHART_HEIGHT - partHeight} width={Math.max(barWidth - CHART_GAP, 1)} height={partHeight} fill="#ff4d4f" />}
            </g>
          );
        })}
      </svg>
      {days.length > 0 && (
        <div style={{ display: 'flex', justifyContent: 'space-between', fontSize: 12, color: 'rgba(0,0,0,0.45)' }}>
          <span>{days[0].date}</span>
          <span>{days[days.length - 1].date}</span>
        </div>
      )}
    </div>
  );
}

/** A query's answer: the error with a retry, a spinner, or `render(data)`. */
function Loaded<T>({ query, testId, render }: { query: UseQueryResult<T>; testId: string; render: (data: T) => ReactNode }) {
  const { t } = useTranslation('shell');
  if (query.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={query.error.message}
        action={<Button onClick={() => void query.refetch()}>{t('operations.retry')}</Button>}
        data-testid={`${testId}-error`}
      />
    );
  }
  if (query.data === undefined) return <Spin data-testid={`${testId}-loading`} />;
  return <>{render(query.data)}</>;
}

/** A statistics list with its 导出 (the rows shown: the list is whole, not paged) above it. */
function StatTable<Row extends object>({
  query,
  testId,
  rowKey,
  columns,
  exportColumns,
  fileName,
  emptyText,
}: {
  query: UseQueryResult<Row[]>;
  testId: string;
  rowKey: (row: Row) => string;
  columns: TableColumnsType<Row>;
  exportColumns: ExportColumn<Row>[];
  fileName: string;
  emptyText: string;
}) {
  const { t } = useTranslation('shell');
  if (query.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={query.error.message}
        action={<Button onClick={() => void query.refetch()}>{t('operations.retry')}</Button>}
        data-testid={`${testId}-error`}
      />
    );
  }
  return (
    <>
      <div className="operations-export-row">
        <ExportRowsButton rows={query.data} columns={exportColumns} fileName={fileName} testIdPrefix={testId} />
      </div>
      <Table<Row>
        size="small"
        rowKey={rowKey}
        loading={query.isFetching}
        dataSource={query.data ?? []}
        columns={columns}
        pagination={false}
        locale={{ emptyText: <Empty description={emptyText} /> }}
        data-testid={`${testId}-table`}
        onRow={(row) => ({ 'data-testid': `${testId}-row-${rowKey(row)}` }) as HTMLAttributes<HTMLElement>}
      />
    </>
  );
}

function Statistics() {
  const { t } = useTranslation('shell');
  const { t: tc } = useTranslation('common');
  const [library, setLibrary] = useState<LibraryKey>('component');
  const [days, setDays] = useState<number>(30);
  const listWindow: StatWindow = { days, limit: LIST_LIMIT };
  const daily = useDailySearches(library, days);
  const zero = useZeroResultQueries(library, listWindow);
  const top = useTopQueries(library, listWindow);
  const downloads = useTopDownloads(library, listWindow);
  const signups = useDailySignups(days);

  const lastSeen = (value: string) => dayjs(value).format('YYYY-MM-DD HH:mm:ss');
  const zeroColumns: TableColumnsType<ZeroResultQuery> = [
    {
      title: t('operations.statistics.query'),
      dataIndex: 'query',
      render: (query: string) => (
        <a href={paths.librarySearch(library, [query])} target="_blank" rel="noreferrer" data-testid="stat-zero-result-link">
          {query}
        </a>
      ),
    },
    { title: t('operations.statistics.searches'), dataIndex: 'searches', width: 110 },
    { title: t('operations.statistics.lastSeen'), dataIndex: 'lastSeen', width: 180, render: lastSeen },
  ];
  const topColumns: TableColumnsType<TopQuery> = [
    { title: t('operations.statistics.query'), dataIndex: 'query' },
    { title: t('operations.statistics.searches'), dataIndex: 'searches', width: 110 },
    { title: t('operations.statistics.lastTotal'), dataIndex: 'lastTotal', width: 130 },
  ];
  const itemLabel = (row: TopDownload) => row.partNumber ?? row.itemName ?? `#${row.itemId}`;
  const zeroExport: ExportColumn<ZeroResultQuery>[] = [
    { title: t('operations.statistics.query'), value: (row) => row.query },
    { title: t('operations.statistics.searches'), value: (row) => row.searches },
    { title: t('operations.statistics.lastSeen'), value: (row) => lastSeen(row.lastSeen) },
  ];
  const topExport: ExportColumn<TopQuery>[] = [
    { title: t('operations.statistics.query'), value: (row) => row.query },
    { title: t('operations.statistics.searches'), value: (row) => row.searches },
    { title: t('operations.statistics.lastTotal'), value: (row) => row.lastTotal },
  ];
  const downloadExport: ExportColumn<TopDownload>[] = [
    { title: 'ID', value: (row) => row.itemId },
    { title: t('operations.statistics.item'), value: itemLabel },
    { title: t('operations.statistics.itemName'), value: (row) => row.itemName ?? t('operations.statistics.itemGone') },
    { title: t('operations.statistics.kind'), value: (row) => row.kind },
    { title: t('operations.statistics.downloads'), value: (row) => row.downloads },
  ];
  const downloadColumns: TableColumnsType<TopDownload> = [
    { title: t('operations.statistics.item'), dataIndex: 'itemId', render: (_: number, row) => itemLabel(row) },
    { title: t('operations.statistics.itemName'), dataIndex: 'itemName', render: (value?: string | null) => value ?? t('operations.statistics.itemGone') },
    { title: t('operations.statistics.kind'), dataIndex: 'kind', width: 140 },
    { title: t('operations.statistics.downloads'), dataIndex: 'downloads', width: 110 },
  ];

  return (
    <div className="page-container operations-page" data-testid="operations-statistics">
      <Typography.Title level={3}>{t('operations.statistics.title')}</Typography.Title>
      <Space wrap style={{ marginBottom: 16 }}>
        <span>{t('operations.statistics.library')}</span>
        <Select<LibraryKey>
          value={library}
          onChange={setLibrary}
          style={{ width: 160 }}
          options={LIBRARY_KEYS.map((key) => ({ value: key, label: tc(LIBRARIES[key].titleKey) }))}
          data-testid="stat-library"
        />
        <span>{t('operations.statistics.window')}</span>
        <Select<number>
          value={days}
          onChange={setDays}
          style={{ width: 140 }}
          options={DAY_CHOICES.map((choice) => ({ value: choice, label: t('operations.statistics.lastDays', { days: choice }) }))}
          data-testid="stat-days"
        />
      </Space>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Card title={t('operations.statistics.zeroResult')}>
          {/* In the body, not the head's extra: beside the title it squeezed the title out on narrow screens. */}
          <Typography.Paragraph type="secondary">{t('operations.statistics.zeroResultHint')}</Typography.Paragraph>
          <StatTable
            query={zero}
            testId="stat-zero-result"
            rowKey={(row) => row.query}
            columns={zeroColumns}
            exportColumns={zeroExport}
            fileName={`zero-result-${library}-${days}d`}
            emptyText={t('operations.statistics.noZeroResult')}
          />
        </Card>
        <Card title={t('operations.statistics.searchesPerDay')}>
          <Loaded
            query={daily}
            testId="stat-daily"
            render={(data) => (
              <DailyBars
                days={data.map((day) => ({ date: day.date, value: day.searches, part: day.zeroResult }))}
                label={t('operations.statistics.searches')}
                partLabel={t('operations.statistics.zeroResultShort')}
                testId="stat-daily-chart"
              />
            )}
          />
        </Card>
        <Card title={t('operations.statistics.topQueries')}>
          <StatTable
            query={top}
            testId="stat-top-queries"
            rowKey={(row) => row.query}
            columns={topColumns}
            exportColumns={topExport}
            fileName={`top-queries-${library}-${days}d`}
            emptyText={t('operations.statistics.noSearches')}
          />
        </Card>
        <Card title={t('operations.statistics.topDownloads')}>
          <StatTable
            query={downloads}
            testId="stat-downloads"
            rowKey={(row) => `${row.itemId}-${row.kind}`}
            columns={downloadColumns}
            exportColumns={downloadExport}
            fileName={`downloads-${library}-${days}d`}
            emptyText={t('operations.statistics.noDownloads')}
          />
        </Card>
        <Card title={t('operations.statistics.signupsPerDay')}>
          <Loaded
            query={signups}
            testId="stat-signups"
            render={(data) => (
              <DailyBars
                days={data.map((day) => ({ date: day.date, value: day.signups }))}
                label={t('operations.statistics.signups')}
                testId="stat-signups-chart"
              />
            )}
          />
        </Card>
      </Space>
    </div>
  );
}

/** `/operation/statistics`: usage statistics of the libraries and sign-ups (issue 19). */
export default function StatisticsAdminPage() {
  const { t } = useTranslation('shell');
  useDocumentTitle(t('operations.statistics.title'));
  return (
    <OperatorGate permission={STAT_QUERY_PERMISSION}>
      <Statistics />
    </OperatorGate>
  );
}
