import type { ReactNode } from 'react';
import { Breadcrumb, Card, Col, Descriptions, Empty, List, Row, Space, Table, Tag, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { QueryState } from '../components/query-state';
import { useLibraryConfig, type OverviewField } from '../config/library-config';
import { useLibraryTranslation } from '../i18n/use-library-translation';
import { useItem } from '../features/items/api/get-item';
import { useAlternatives } from '../features/items/api/get-alternatives';
import type { ItemDetail, ItemParameter } from '../features/items/types';
import { AddToCompareButton } from '../features/compare/components/add-to-compare-button';
import { LazyModelViewer } from '../features/model-viewer/components/lazy-model-viewer';
import { parseId } from '../utils/parse-id';
import { parameterName, parameterValue } from '../features/items/parameter-display';

/**
 * /{library}/detail/{id}: overview, parameters, the library's slots (downloads, drawings, extra
 * sections), the 3D model and the alternatives of one item.
 */
export default function DetailPage() {
  const { t, i18n } = useLibraryTranslation();
  const { library, detail: layout, shapeSearch } = useLibraryConfig();
  const { actions: Actions, afterOverview: AfterOverview, parameters: Parameters, downloads: Downloads, drawings: Drawings, extraSections = [] } = layout.slots;
  const id = parseId(useParams().id);
  const detail = useItem(id);
  const alternatives = useAlternatives(layout.alternatives ? id : undefined, 5);
  const english = i18n.language.startsWith('en');

  if (id === undefined) return <Empty data-testid="detail-bad-id" description={t('detail.badId')} />;
  const data = detail.data;
  const model = layout.modelViewer ? data?.files.find((file) => file.kind === 'model-glb') : undefined;

  return (
    <div data-testid={`${library}-detail`} style={{ padding: 16 }}>
      <QueryState testId="detail" isPending={detail.isPending} error={detail.error} onRetry={() => void detail.refetch()}>
        {data && (
          <>
            <Breadcrumb
              data-testid="detail-category-path"
              items={data.categoryPath.map((step) => ({
                key: step.code,
                title: <Link to={`/?category=${encodeURIComponent(step.code)}`}>{english ? step.nameEn : step.name}</Link>,
              }))}
            />
            <Space align="baseline" style={{ margin: '12px 0' }} wrap>
              <Typography.Title level={3} style={{ margin: 0 }} data-testid="detail-part-number">
                {data.component.partNumber}
              </Typography.Title>
              {data.component.lifecycle && (
                // Named, not the stored code; a state the pages do not know shows as stored.
                <Tag color={data.component.lifecycle === 'active' ? 'green' : 'orange'} data-testid="detail-lifecycle">
                  {t(`detail.lifecycle.${data.component.lifecycle}`, { defaultValue: data.component.lifecycle })}
                </Tag>
              )}
              <AddToCompareButton id={data.component.id} />
              {layout.alternatives && (
                <Link to={`/similarity?id=${data.component.id}`} data-testid="detail-alternatives-link">
                  {t('detail.allAlternatives')}
                </Link>
              )}
              {/* 找相似: the item's model as the 3D search's query (its fingerprint is this library's). */}
              {model && shapeSearch?.offered.includes(library) && (
                <Link to={`/search3D?id=${data.component.id}&library=${library}`} data-testid="detail-find-similar">
                  {t('shape.findSimilar')}
                </Link>
              )}
              {Actions && <Actions item={data} />}
            </Space>
            <Row gutter={[16, 16]}>
              <Col xs={24} lg={12}>
                <Card title={t('detail.overview')} size="small">
                  <Descriptions column={1} size="small" bordered>
                    {layout.overview.map((field) => (
                      <Descriptions.Item key={field} label={t(`field.${field}`)}>
                        <OverviewValue field={field} data={data} />
                      </Descriptions.Item>
                    ))}
                  </Descriptions>
                </Card>
                {AfterOverview && <AfterOverview item={data} />}
                {Parameters ? (
                  <Parameters item={data} />
                ) : (
                  <Card title={t('detail.parameters')} size="small" style={{ marginTop: 16 }}>
                    <Table<ItemParameter>
                      data-testid="detail-parameters"
                      size="small"
                      pagination={false}
                      rowKey={(row) => `${row.dimension}-${row.original}-${row.conditions ?? ''}`}
                      dataSource={data.parameters}
                      locale={{ emptyText: t('detail.noParameters') }}
                      columns={[
                        { title: t('field.parameter'), render: (_, row) => parameterName(row, english, layout.labelledParameters) },
                        { title: t('field.value'), render: (_, row) => parameterValue(row, layout.labelledParameters) },
                        { title: t('field.conditions'), render: (_, row) => (row.label ? '—' : (row.conditions ?? '—')) },
                      ]}
                    />
                  </Card>
                )}
                {Downloads && <Downloads item={data} />}
              </Col>
              {(Drawings || layout.modelViewer) && (
                <Col xs={24} lg={12}>
                  <Row gutter={[16, 16]}>
                    {Drawings && <Drawings item={data} />}
                    {layout.modelViewer && (
                      <Col span={24}>
                        <Card title={t('detail.model')} size="small">
                          {model ? (
                            <LazyModelViewer url={model.url} tools={layout.modelTools} />
                          ) : (
                            <Empty data-testid="detail-no-model" description={t('detail.noModel')} />
                          )}
                        </Card>
                      </Col>
                    )}
                  </Row>
                </Col>
              )}
            </Row>
            {extraSections.map((Section, index) => (
              <Section key={index} item={data} />
            ))}
            {layout.alternatives && (
              <Card title={t('detail.alternatives')} size="small" style={{ marginTop: 16 }}>
                <QueryState
                  testId="alternatives"
                  isPending={alternatives.isPending}
                  error={alternatives.error}
                  isEmpty={alternatives.data?.length === 0}
                  emptyText={t('alternatives.empty')}
                >
                  <List
                    data-testid="detail-alternatives"
                    dataSource={alternatives.data ?? []}
                    renderItem={(alternative) => (
                      <List.Item key={alternative.component.id}>
                        <List.Item.Meta
                          title={<Link to={`/detail/${alternative.component.id}`}>{alternative.component.partNumber}</Link>}
                          description={alternative.reason}
                        />
                        {alternative.component.manufacturerName}
                      </List.Item>
                    )}
                  />
                </QueryState>
              </Card>
            )}
          </>
        )}
      </QueryState>
    </div>
  );
}

/** One row of the overview card. */
function OverviewValue({ field, data }: { field: OverviewField; data: ItemDetail }): ReactNode {
  const { t } = useLibraryTranslation();
  const item = data.component;
  switch (field) {
    case 'name':
      return item.name;
    case 'manufacturer':
      return data.manufacturer ? (
        <Link to={`/brand-detail/${data.manufacturer.id}`} data-testid="detail-manufacturer">
          {data.manufacturer.name}
        </Link>
      ) : (
        t('detail.noManufacturer')
      );
    case 'package':
      return item.package ?? '—';
    case 'footprint':
      return item.footprintRef ?? '—';
    case 'pinCount':
      return item.pinCount || '—';
    case 'description':
      return item.description ?? '—';
    case 'datasheet':
      return item.datasheet && /^https?:\/\//.test(item.datasheet) ? (
        <a href={item.datasheet} target="_blank" rel="noreferrer" data-testid="detail-datasheet">
          {t('detail.openDatasheet')}
        </a>
      ) : (
        '—'
      );
  }
}
