import { Card, Empty, List, Tag, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { QueryState } from '../components/query-state';
import { useLibraryTranslation } from '../i18n/use-library-translation';
import { useAlternatives } from '../features/items/api/get-alternatives';
import { useItem } from '../features/items/api/get-item';
import { parseId } from '../utils/parse-id';

/** /{library}/similarity?id=: ranked alternatives of an item, each with the reasons. */
export default function SimilarityPage() {
  const { t } = useLibraryTranslation();
  const [searchParams] = useSearchParams();
  const id = parseId(searchParams.get('id'));
  const source = useItem(id);
  const alternatives = useAlternatives(id, 20);
  if (id === undefined) return <Empty style={{ margin: 32 }} data-testid="similarity-bad-id" description={t('alternatives.badId')} />;
  return (
    <div data-testid="similarity-page" style={{ padding: 16 }}>
      <Typography.Title level={4}>
        {t('alternatives.title')} {source.data && <Link to={`/detail/${id}`}>{source.data.component.partNumber}</Link>}
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
