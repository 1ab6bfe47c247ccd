import { Alert, Button, Card, Descriptions, Empty, Space, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { AddToCompareButton, ItemPicker, parseId, QueryState, useLibraryTranslation } from '@portal/library-ui/items';
import { useRecommendations } from '../features/recommend/api/get-recommendations';
import { RecommendationTable } from '../features/recommend/components/recommendation-table';
import { keyParameters, orderedGroups } from '../features/recommend/recommend-view';

/**
 * /component/recommend?id=: what else is in the part's family and what else fits its footprint.
 * Without an id (the toolbar's 推荐), a picker searches the library for the part first.
 */
export function RecommendPage() {
  const { t, i18n } = useLibraryTranslation();
  const english = i18n.language.startsWith('en');
  const [searchParams, setSearchParams] = useSearchParams();
  const rawId = searchParams.get('id');
  const id = parseId(rawId);
  const recommendations = useRecommendations(id, 10);
  const pick = (picked: number) => setSearchParams({ id: String(picked) });

  if (id === undefined) {
    return (
      <div data-testid="recommend-page" style={{ padding: 16 }}>
        <Typography.Title level={4}>{t('recommend.title')}</Typography.Title>
        {rawId !== null && <Alert type="warning" showIcon data-testid="recommend-bad-id" message={t('recommend.badId')} style={{ marginBottom: 16 }} />}
        <ItemPicker onPick={pick} />
      </div>
    );
  }

  const data = recommendations.data;
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
        {data && (
          <>
            <Card
              size="small"
              data-testid="recommend-target"
              title={
                <Link to={`/detail/${data.component.id}`} data-testid="recommend-target-link">
                  {data.component.partNumber}
                </Link>
              }
              extra={<AddToCompareButton id={data.component.id} />}
            >
              <Descriptions column={{ xs: 1, sm: 2, lg: 3 }} size="small">
                <Descriptions.Item label={t('field.name')}>{data.component.name}</Descriptions.Item>
                <Descriptions.Item label={t('field.manufacturer')}>{data.component.manufacturerName ?? t('detail.noManufacturer')}</Descriptions.Item>
                <Descriptions.Item label={t('field.package')}>{data.component.package ?? '—'}</Descriptions.Item>
                <Descriptions.Item label={t('field.pinCount')}>{data.component.pinCount ?? '—'}</Descriptions.Item>
                <Descriptions.Item label={t('field.keyParameters')}>{keyParameters(data.parameters, english, 4) || '—'}</Descriptions.Item>
                <Descriptions.Item label={t('field.description')}>{data.component.description || '—'}</Descriptions.Item>
              </Descriptions>
            </Card>
            {orderedGroups(data.groups).map((group) => (
              <Card
                key={group.key}
                size="small"
                style={{ marginTop: 16 }}
                data-testid={`recommend-group-${group.key}`}
                title={
                  <span>
                    {t(`recommend.group.${group.key}`, { defaultValue: english ? group.labelEn : group.label })}{' '}
                    <Typography.Text type="secondary">{t(`recommend.groupHint.${group.key}`, { defaultValue: '' })}</Typography.Text>
                  </span>
                }
              >
                {group.items.length === 0 ? (
                  <Empty
                    data-testid={`recommend-empty-${group.key}`}
                    description={t(`recommend.empty.${group.key}`, { defaultValue: t('queryState.empty') })}
                  />
                ) : (
                  <RecommendationTable groupKey={group.key} items={group.items} />
                )}
              </Card>
            ))}
          </>
        )}
      </QueryState>
    </div>
  );
}
