import { Alert, App, Button, Card, Col, Descriptions, Progress, Row, Tag, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSession } from '@portal/providers';
import { hasPermission, operationsPermission } from '@portal/session';
import { useDocumentTitle } from '../../../components/layout/use-document-title';
import {
  INDEXED_LIBRARIES,
  rebuildPermission,
  useRebuildProgress,
  useStartRebuild,
  type IndexedLibrary,
  type RebuildProgress,
} from '../api/search-index-admin';
import { formatTime } from './format';
import { useFailureMessage } from './operations-list';
import { OperatorGate } from './operator-gate';

const STATE_COLOURS: Record<RebuildProgress['state'], string> = { idle: 'default', running: 'processing', done: 'success', failed: 'error' };

function percentOf(progress: RebuildProgress): number {
  if (progress.state === 'done') return 100;
  return progress.total > 0 ? Math.floor((progress.indexed / progress.total) * 100) : 0;
}

/** One library: the last rebuild's state and progress, and 立即重建. Searches keep answering from the current index meanwhile. */
function LibraryIndexCard({ library }: { library: IndexedLibrary }) {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const fail = useFailureMessage();
  const progress = useRebuildProgress(library);
  const start = useStartRebuild(library);
  const running = progress.data?.state === 'running';
  const rebuild = () =>
    start
      .mutateAsync()
      .then(
        ({ started }) => void (started ? message.success(t('operations.searchIndex.startedToast')) : message.info(t('operations.searchIndex.alreadyRunning'))),
        fail,
      );

  return (
    <Card
      title={t(`operations.searchIndex.libraries.${library}`)}
      extra={
        <Button
          type="primary"
          icon={<ReloadOutlined />}
          loading={start.isPending}
          disabled={running || !progress.data}
          onClick={() => void rebuild()}
          data-testid={`search-index-rebuild-${library}`}
        >
          {t('operations.searchIndex.rebuild')}
        </Button>
      }
      data-testid={`search-index-${library}`}
    >
      {progress.isError ? (
        <Alert type="error" showIcon title={progress.error.message} action={<Button onClick={() => void progress.refetch()}>{t('operations.retry')}</Button>} />
      ) : progress.data ? (
        <>
          <Tag color={STATE_COLOURS[progress.data.state]} data-testid={`search-index-state-${library}`}>
            {t(`operations.searchIndex.states.${progress.data.state}`)}
          </Tag>
          {progress.data.state !== 'idle' && (
            <Progress
              percent={percentOf(progress.data)}
              status={progress.data.state === 'failed' ? 'exception' : running ? 'active' : undefined}
              style={{ marginTop: 12 }}
            />
          )}
          <Descriptions column={1} size="small" style={{ marginTop: 12 }}>
            {progress.data.state !== 'idle' && (
              <Descriptions.Item label={t('operations.searchIndex.indexed')}>
                <span data-testid={`search-index-count-${library}`}>
                  {t('operations.searchIndex.count', { indexed: progress.data.indexed.toLocaleString(), total: progress.data.total.toLocaleString() })}
                </span>
              </Descriptions.Item>
            )}
            <Descriptions.Item label={t('operations.searchIndex.startedTime')}>{formatTime(progress.data.startedTime)}</Descriptions.Item>
            <Descriptions.Item label={t('operations.searchIndex.finishedTime')}>{formatTime(progress.data.finishedTime)}</Descriptions.Item>
          </Descriptions>
          {progress.data.error && <Alert type="error" showIcon title={progress.data.error} />}
        </>
      ) : null}
    </Card>
  );
}

function SearchIndexAdmin() {
  const { t } = useTranslation('shell');
  const permissions = useSession((state) => state.permissions);
  const libraries = INDEXED_LIBRARIES.filter((library) => hasPermission(permissions, rebuildPermission(library)));
  return (
    <div className="page-container operations-page" data-testid="operations-search-index">
      <Typography.Title level={3}>{t('operations.searchIndex.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('operations.searchIndex.intro')}</Typography.Paragraph>
      <Row gutter={[16, 16]}>
        {libraries.map((library) => (
          <Col key={library} xs={24} lg={8}>
            <LibraryIndexCard library={library} />
          </Col>
        ))}
      </Row>
    </div>
  );
}

/** `/operation/search-index`: each library's search index rebuilt from its store, with progress; for holders of that library's rebuild permission. */
export default function SearchIndexAdminPage() {
  const { t } = useTranslation('shell');
  useDocumentTitle(t('operations.searchIndex.title'));
  return (
    <OperatorGate permission={operationsPermission('search-index')}>
      <SearchIndexAdmin />
    </OperatorGate>
  );
}
