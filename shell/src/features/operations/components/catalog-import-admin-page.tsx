import { Alert, App, Button, Card, Col, Descriptions, Popconfirm, Progress, Row, Space, Statistic, Table, Tag, Tooltip, Typography } from 'antd';
import { CloudDownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LIBRARIES } from '@portal/providers';
import { operationsPermission } from '@portal/session';
import { useDocumentTitle } from '../../../components/layout/use-document-title';
import { useState } from 'react';
import {
  useImportHistory,
  useImportStatus,
  useRefreshHistoryWhenEnded,
  useStartImport,
  type ImportRun,
  type ImportStatus,
  type ImportSummary,
} from '../api/catalog-import-admin';
import type { CatalogLibrary } from '../api/catalog-items-admin';
import { CatalogLibrarySwitch, useCatalogLibrary } from './catalog-library-switch';
import { formatTime } from './format';
import { useFailureMessage } from './operations-list';
import { OperatorGate } from './operator-gate';

const STATE_COLOURS: Record<ImportStatus['state'], string> = { idle: 'default', running: 'processing', done: 'success', failed: 'error' };

/** The counters of the libraries' reports the page names (`operations.catalogImport.extra.<key>`); others show as their key. */
const KNOWN_EXTRA_KEYS = [
  'libraries',
  'uncategorised',
  'withoutManufacturer',
  'missingFootprints',
  'tables',
  'families',
  'blankCells',
  'sources',
  'graded',
  'droppedValues',
  'dropped',
];

function percentOf(status: ImportStatus): number {
  return status.total > 0 ? Math.min(100, Math.floor((status.done / status.total) * 100)) : 0;
}

/** One of the library's own counters: a number, a count per name (a tag each) or a list of reasons (a line each). */
function ExtraValue({ value }: { value: unknown }) {
  if (typeof value === 'number') return <>{value.toLocaleString()}</>;
  if (Array.isArray(value)) {
    return (
      <Space orientation="vertical" size={0}>
        {value.map((line, index) => (
          <Typography.Text key={index} type="secondary">
            {typeof line === 'string' ? line : JSON.stringify(line)}
          </Typography.Text>
        ))}
      </Space>
    );
  }
  if (value !== null && typeof value === 'object') {
    return (
      <Space size={[4, 4]} wrap>
        {Object.entries(value).map(([name, count]) => (
          <Tag key={name}>
            {name}: {typeof count === 'number' ? count.toLocaleString() : String(count)}
          </Tag>
        ))}
      </Space>
    );
  }
  return <>{String(value ?? '-')}</>;
}

/** The finished import's report: its counts, the library's own counters and the first reasons records were rejected. */
function ImportReport({ report }: { report: ImportSummary }) {
  const { t } = useTranslation('shell');
  const counts = [
    ['read', report.read],
    ['inserted', report.inserted],
    ['updated', report.updated],
    ['unchanged', report.unchanged],
    ['rejected', report.rejected],
  ] as const;
  const extra = report.extra && typeof report.extra === 'object' ? Object.entries(report.extra as Record<string, unknown>) : [];
  return (
    <div data-testid="catalog-import-report">
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        {counts.map(([key, value]) => (
          <Col key={key} xs={12} sm={8} md={4}>
            <Statistic title={t(`operations.catalogImport.report.${key}`)} value={value} data-testid={`catalog-import-report-${key}`} />
          </Col>
        ))}
        <Col xs={12} sm={8} md={4}>
          <Statistic
            title={t('operations.catalogImport.report.elapsed')}
            value={report.elapsedMs / 1000}
            precision={1}
            suffix={t('operations.catalogImport.report.seconds')}
            data-testid="catalog-import-report-elapsed"
          />
        </Col>
      </Row>
      {extra.length > 0 && (
        <Descriptions
          title={t('operations.catalogImport.extraTitle')}
          column={1}
          size="small"
          style={{ marginTop: 16 }}
          data-testid="catalog-import-extra"
          items={extra.map(([key, value]) => ({
            key,
            label: KNOWN_EXTRA_KEYS.includes(key) ? t(`operations.catalogImport.extra.${key}`) : key,
            children: (
              <span data-testid={`catalog-import-extra-${key}`}>
                <ExtraValue value={value} />
              </span>
            ),
          }))}
        />
      )}
      {report.rejected > 0 && (
        <Table<{ index: number; reason: string }>
          size="small"
          bordered
          style={{ marginTop: 16 }}
          pagination={false}
          rowKey="index"
          title={() => (
            <Space orientation="vertical" size={0}>
              <Typography.Text strong>{t('operations.catalogImport.reasonsTitle')}</Typography.Text>
              {report.rejected > report.reasons.length && (
                <Typography.Text type="secondary" data-testid="catalog-import-reasons-truncated">
                  {t('operations.catalogImport.reasonsTruncated', { total: report.rejected.toLocaleString(), count: report.reasons.length })}
                </Typography.Text>
              )}
            </Space>
          )}
          columns={[
            { title: '#', dataIndex: 'index', width: 56, render: (index: number) => index + 1 },
            {
              title: t('operations.catalogImport.reason'),
              dataIndex: 'reason',
              render: (reason: string, row) => (
                <span style={{ wordBreak: 'break-all' }} data-testid={`catalog-import-reason-${row.index}`}>
                  {reason}
                </span>
              ),
            },
          ]}
          dataSource={report.reasons.map((reason, index) => ({ index, reason }))}
          data-testid="catalog-import-reasons"
        />
      )}
    </div>
  );
}

/** The chosen library's last import: its state, progress while it runs, its report once done, and 立即导入. */
function CatalogImportCard({ library }: { library: CatalogLibrary }) {
  const { t } = useTranslation('shell');
  const { t: common } = useTranslation('common');
  const { message } = App.useApp();
  const fail = useFailureMessage();
  const status = useImportStatus(library);
  const start = useStartImport(library);
  useRefreshHistoryWhenEnded(library, status.data);
  const running = status.data?.state === 'running';
  const noSource = status.data?.sourceAvailable === false;
  const runImport = () =>
    start.mutateAsync().then(({ started, status: answered }) => {
      if (started) void message.success(t('operations.catalogImport.startedToast'));
      else if (answered.sourceAvailable) void message.info(t('operations.catalogImport.alreadyRunning'));
      else void message.warning(t('operations.catalogImport.noSource'));
    }, fail);

  const button = (
    <Button
      type="primary"
      icon={<CloudDownloadOutlined />}
      loading={start.isPending || running}
      disabled={noSource || !status.data}
      data-testid="catalog-import-start"
    >
      {t('operations.catalogImport.start')}
    </Button>
  );

  return (
    <Card
      title={common(LIBRARIES[library].titleKey)}
      extra={
        noSource ? (
          <Tooltip title={t('operations.catalogImport.noSource')}>{button}</Tooltip>
        ) : (
          <Popconfirm
            title={t('operations.catalogImport.confirm')}
            okText={t('operations.catalogImport.ok')}
            cancelText={t('operations.catalogImport.cancel')}
            okButtonProps={{ 'data-testid': 'catalog-import-confirm' }}
            disabled={running || start.isPending || !status.data}
            onConfirm={() => void runImport()}
          >
            {button}
          </Popconfirm>
        )
      }
      data-testid={`catalog-import-${library}`}
    >
      {status.isError ? (
        <Alert type="error" showIcon title={status.error.message} action={<Button onClick={() => void status.refetch()}>{t('operations.retry')}</Button>} />
      ) : status.data ? (
        <>
          <Tag color={STATE_COLOURS[status.data.state]} data-testid="catalog-import-state">
            {t(`operations.catalogImport.states.${status.data.state}`)}
          </Tag>
          {noSource && (
            <Alert type="info" showIcon title={t('operations.catalogImport.noSource')} style={{ marginTop: 12 }} data-testid="catalog-import-no-source" />
          )}
          {running && (
            <div style={{ marginTop: 12 }} data-testid="catalog-import-running">
              <Progress percent={percentOf(status.data)} status="active" data-testid="catalog-import-progress" />
              {status.data.phase && (
                <Typography.Paragraph style={{ marginBottom: 4 }} data-testid="catalog-import-phase">
                  {t('operations.catalogImport.phase', { phase: status.data.phase })}
                </Typography.Paragraph>
              )}
              <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }} data-testid="catalog-import-counts">
                {t('operations.catalogImport.counts', { read: status.data.read.toLocaleString(), rejected: status.data.rejected.toLocaleString() })}
              </Typography.Paragraph>
            </div>
          )}
          {status.data.state !== 'idle' && (
            <Descriptions column={{ xs: 1, sm: 2 }} size="small" style={{ marginTop: 12 }}>
              <Descriptions.Item label={t('operations.catalogImport.startedTime')}>{formatTime(status.data.startedTime)}</Descriptions.Item>
              {!running && <Descriptions.Item label={t('operations.catalogImport.finishedTime')}>{formatTime(status.data.finishedTime)}</Descriptions.Item>}
            </Descriptions>
          )}
          {status.data.state === 'failed' && (
            <Alert type="error" showIcon title={status.data.error || t('operations.catalogImport.states.failed')} data-testid="catalog-import-error" />
          )}
          {status.data.state === 'done' && status.data.report && <ImportReport report={status.data.report} />}
        </>
      ) : null}
    </Card>
  );
}

const HISTORY_PAGE_SIZE = 10;
/** The report's counts the history shows, each wide enough for its English header on one line. */
const HISTORY_COUNTS = [
  ['read', 72],
  ['inserted', 72],
  ['updated', 84],
  ['unchanged', 100],
  ['rejected', 88],
] as const;

/** The library's finished imports, newest first; a row expands to its report or why it failed. */
function ImportHistoryCard({ library }: { library: CatalogLibrary }) {
  const { t } = useTranslation('shell');
  const [pageNo, setPageNo] = useState(1);
  const history = useImportHistory(library, pageNo, HISTORY_PAGE_SIZE);
  return (
    <Card title={t('operations.catalogImport.history.title')} style={{ marginTop: 16 }} data-testid="catalog-import-history">
      <Typography.Paragraph type="secondary">{t('operations.catalogImport.history.intro')}</Typography.Paragraph>
      {history.isError ? (
        <Alert type="error" showIcon title={history.error.message} action={<Button onClick={() => void history.refetch()}>{t('operations.retry')}</Button>} />
      ) : (
        <Table<ImportRun>
          size="small"
          rowKey="id"
          loading={history.isFetching}
          scroll={{ x: 960 }}
          dataSource={history.data?.list ?? []}
          locale={{ emptyText: t('operations.catalogImport.history.empty') }}
          pagination={{
            current: pageNo,
            pageSize: HISTORY_PAGE_SIZE,
            total: history.data?.total ?? 0,
            showSizeChanger: false,
            showTotal: (total) => t('operations.total', { total }),
            onChange: setPageNo,
          }}
          expandable={{
            rowExpandable: (run) => run.report != null || run.error != null,
            expandedRowRender: (run) =>
              run.report ? <ImportReport report={run.report} /> : <Alert type="error" showIcon title={run.error} data-testid="catalog-import-history-error" />,
          }}
          columns={[
            { title: t('operations.catalogImport.history.startedTime'), key: 'startedTime', width: 150, render: (_, run) => formatTime(run.startedTime) },
            {
              title: t('operations.catalogImport.history.origin'),
              key: 'origin',
              width: 100,
              render: (_, run) => <span data-testid="catalog-import-history-origin">{t(`operations.catalogImport.history.origins.${run.origin}`)}</span>,
            },
            {
              title: t('operations.catalogImport.history.operator'),
              key: 'operator',
              width: 110,
              ellipsis: true,
              render: (_, run) => (run.operatorId == null ? '-' : run.operatorName || `#${run.operatorId}`),
            },
            {
              title: t('operations.catalogImport.history.state'),
              key: 'state',
              width: 80,
              render: (_, run) => (
                <Tag color={STATE_COLOURS[run.state]} data-testid="catalog-import-history-state">
                  {t(`operations.catalogImport.states.${run.state}`)}
                </Tag>
              ),
            },
            ...HISTORY_COUNTS.map(([key, width]) => ({
              title: t(`operations.catalogImport.report.${key}`),
              key,
              width,
              align: 'right' as const,
              render: (_: unknown, run: ImportRun) => run.report?.[key].toLocaleString() ?? '-',
            })),
            {
              title: t('operations.catalogImport.history.elapsed'),
              key: 'elapsed',
              align: 'right',
              render: (_, run) => `${((run.finishedTime - run.startedTime) / 1000).toFixed(1)} ${t('operations.catalogImport.report.seconds')}`,
            },
          ]}
        />
      )}
    </Card>
  );
}

function CatalogImportAdmin() {
  const { t } = useTranslation('shell');
  const { libraries, library, setLibrary } = useCatalogLibrary();
  return (
    <div className="page-container operations-page" data-testid="operations-catalog-import">
      <Typography.Title level={3}>{t('operations.catalogImport.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('operations.catalogImport.intro')}</Typography.Paragraph>
      <CatalogLibrarySwitch libraries={libraries} library={library} onChange={setLibrary} />
      <CatalogImportCard key={library} library={library} />
      <ImportHistoryCard key={`history-${library}`} library={library} />
    </div>
  );
}

/** `/operation/catalog-import`: a library's sources imported again now, with progress and report; for holders of that library's catalogue permission. */
export default function CatalogImportAdminPage() {
  const { t } = useTranslation('shell');
  useDocumentTitle(t('operations.catalogImport.title'));
  return (
    <OperatorGate permission={operationsPermission('catalog-import')}>
      <CatalogImportAdmin />
    </OperatorGate>
  );
}
