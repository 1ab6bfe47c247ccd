import { Card, Empty, List, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { I18N_NAMESPACE } from '../i18n';
import { QueryState } from '../components/query-state';
import { useAlternatives } from '../features/components/api/get-alternatives';
import { useComponent } from '../features/components/api/get-component';
import { parseId } from './parse-id';

/** /component/similarity?id=: ranked alternatives of a part, each with the reasons. */
export function SimilarityPage() {
  const { t } = useTranslation(I18N_NAMESPACE);
  const [searchParams] = useSearchParams();
  const id = parseId(searchParams.get('id'));
  const source = useComponent(id);
  const alternatives = useAlternatives(id, 20);
  if (id === undefined) return <Empty style={{ margin: 32 }} data-testid="similarity-bad-id" description={t('alternatives.badId')} />;
  return (
    <div data-testid="similarity-page" style={{ padding: 16 }}>
      <Typography.Title level={4}>
        {t('alternatives.title')}{' '}
        {source.data && <Link to={`/detail/${id}`}>{source.data.component.partNumber}</Link>}
      </Typography.Title>
      <Card>
        <QueryState
          testId="similarity"
          isPending={alternatives.isPending}
          error={alternatives.error}
          isEmpty={alternatives.data?.length === 0}
          emptyText={t('alternatives.empty')}
          onRetry={() => void alternatives.refetch()}
        >
          <List
            data-testid="similarity-list"
            dataSource={alternatives.data ?? []}
            renderItem={(alternative, index) => (
              <List.Item key={alternative.component.id} extra={<Tag color="blue">{t('alternatives.score', { score: alternative.score })}</Tag>}>
                <List.Item.Meta
                  title={
                    <span>
                      {index + 1}. <Link to={`/detail/${alternative.component.id}`}>{alternative.component.partNumber}</Link>{' '}
                      <Typography.Text type="secondary">{alternative.component.manufacturerName}</Typography.Text>
                    </span>
                  }
                  description={alternative.reasons.map((reason) => (
                    <Tag key={reason} data-testid="similarity-reason">
                      {reason}
                    </Tag>
                  ))}
                />
              </List.Item>
            )}
          />
        </QueryState>
      </Card>
    </div>
  );
}
