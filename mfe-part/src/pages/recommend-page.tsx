import { Alert, Button, Card, Descriptions, Space, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { AddToCompareButton, ItemPicker, parseId, QueryState, useLibraryTranslation } from '@portal/library-ui/items';
import { usePartRecommendations } from '../features/part/api/get-recommendations';
import { RecommendationGroups } from '../features/part/components/recommendation-groups';

/**
 * /part/recommend?id=: what goes with a part (mating nuts and washers), the same part in other
 * standards and the next sizes. Without an id (the toolbar's 推荐), a picker searches for the part.
 */
export function RecommendPage() {
  const { t } = useLibraryTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const rawId = searchParams.get('id');
  const id = parseId(rawId);
  const recommendations = usePartRecommendations(id, 10);

  if (id === undefined) {
    return (
      <div data-testid="recommend-page" style={{ padding: 16 }}>
        <Typography.Title level={4}>{t('recommend.title')}</Typography.Title>
        {rawId !== null && <Alert type="warning" showIcon data-testid="recommend-bad-id" title={t('recommend.badId')} style={{ marginBottom: 16 }} />}
        <ItemPicker onPick={(picked) => setSearchParams({ id: String(picked) })} />
      </div>
    );
  }

  const part = recommendations.data?.component;
  return (
    <div data-testid="recommend-page" style={{ padding: 16 }}>
      <Space align="baseline" style={{ marginBottom: 8 }} wrap>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('recommend.title')}
        </Typography.Title>
        <Button size="small" data-testid="recommend-change" onClick={() => setSearchParams({})}>
          {t('recommend.change')}
        </Button>
      </Space>
      <QueryState testId="recommend" isPending={recommendations.isPending} error={recommendations.error} onRetry={() => void recommendations.refetch()}>
        {part && (
          <>
            <Card
              size="small"
              data-testid="recommend-target"
              title={
                <Link to={`/detail/${part.id}`} data-testid="recommend-target-link">
                  {part.partNumber}
                </Link>
              }
              extra={<AddToCompareButton id={part.id} />}
              style={{ marginBottom: 16 }}
            >
              <Descriptions column={{ xs: 1, sm: 2, lg: 3 }} size="small">
                <Descriptions.Item label={t('field.name')}>{part.name}</Descriptions.Item>
                <Descriptions.Item label={t('field.package')}>{part.designation}</Descriptions.Item>
                <Descriptions.Item label={t('part.gb')}>{part.gbDesignation ?? '—'}</Descriptions.Item>
              </Descriptions>
            </Card>
            <RecommendationGroups id={part.id} size={10} />
          </>
        )}
      </QueryState>
    </div>
  );
}
