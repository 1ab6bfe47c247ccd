import { Card, Col, Empty, List, Row, Tag } from 'antd';
import { Link } from 'react-router';
import { AddToCompareButton, QueryState, useLibraryTranslation, type DetailSlotProps } from '@portal/library-ui/items';
import { usePartRecommendations } from '../api/get-recommendations';

/**
 * The part API's groups — mating nuts and washers, the same part in other standards, the next sizes —
 * each a list of links; on the detail page (section) and on /part/recommend.
 */
export function RecommendationGroups({ id, size = 10 }: { id: number; size?: number }) {
  const { t, i18n } = useLibraryTranslation();
  const english = i18n.language.startsWith('en');
  const recommendations = usePartRecommendations(id, size);
  const groups = recommendations.data?.groups ?? [];
  return (
    <QueryState
      testId="part-recommend"
      isPending={recommendations.isPending}
      error={recommendations.error}
      isEmpty={groups.every((group) => group.items.length === 0)}
      emptyText={t('part.noRecommendations')}
      onRetry={() => void recommendations.refetch()}
    >
      <Row gutter={[16, 16]}>
        {groups.map((group) => (
          <Col key={group.key} xs={24} md={12} xl={6} data-testid={`part-recommend-${group.key}`}>
            <Card size="small" title={t(`part.group.${group.key}`, { defaultValue: english ? group.labelEn : group.label })} style={{ height: '100%' }}>
              {group.items.length === 0 ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('part.groupEmpty')} />
              ) : (
                <List
                  size="small"
                  dataSource={group.items}
                  renderItem={(part) => (
                    <List.Item key={part.id} actions={[<AddToCompareButton key="compare" id={part.id} compact />]}>
                      <Link to={`/detail/${part.id}`} data-testid="part-recommend-link">
                        {part.partNumber}
                      </Link>
                      {part.gbDesignation && <Tag style={{ marginLeft: 6 }}>≈ {part.gbDesignation}</Tag>}
                    </List.Item>
                  )}
                />
              )}
            </Card>
          </Col>
        ))}
      </Row>
    </QueryState>
  );
}

/** Detail section: the recommendations under the variants. */
export function RecommendationSection({ item }: DetailSlotProps) {
  const { t } = useLibraryTranslation();
  return (
    <Card title={t('part.recommendTitle')} size="small" style={{ marginTop: 16 }} data-testid="part-recommendations">
      <RecommendationGroups id={item.component.id} size={5} />
    </Card>
  );
}
