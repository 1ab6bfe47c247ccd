import { Breadcrumb, Button, Card, Col, Descriptions, Empty, List, Row, Space, Table, Tag, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { I18N_NAMESPACE } from '../i18n';
import { QueryState } from '../components/query-state';
import { useComponent } from '../features/components/api/get-component';
import { useAlternatives } from '../features/components/api/get-alternatives';
import type { ComponentParameter } from '../features/components/types';
import { AddToCompareButton } from '../features/compare/components/add-to-compare-button';
import { DrawingImage } from '../features/components/components/drawing-image';
import { LazyModelViewer } from '../features/model-viewer/components/lazy-model-viewer';
import { parseId } from './parse-id';

const DOWNLOAD_KINDS = ['symbol', 'footprint', 'model-glb', 'model-step'] as const;

/** /component/detail/{id}: parameters, drawings, 3D model, downloads and alternatives of one part. */
export function DetailPage() {
  const { t, i18n } = useTranslation(I18N_NAMESPACE);
  const id = parseId(useParams().id);
  const detail = useComponent(id);
  const alternatives = useAlternatives(id, 5);
  const english = i18n.language.startsWith('en');

  if (id === undefined) return <Empty data-testid="detail-bad-id" description={t('detail.badId')} />;
  const data = detail.data;
  const model = data?.files.find((file) => file.kind === 'model-glb');

  return (
    <div data-testid="component-detail" style={{ padding: 16 }}>
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
              {data.component.lifecycle && <Tag color="orange">{data.component.lifecycle}</Tag>}
              <AddToCompareButton id={data.component.id} />
              <Link to={`/similarity?id=${data.component.id}`} data-testid="detail-alternatives-link">
                {t('detail.allAlternatives')}
              </Link>
              <Link to={`/recommend?id=${data.component.id}`} data-testid="detail-recommend-link">
                {t('detail.recommend')}
              </Link>
            </Space>
            <Row gutter={[16, 16]}>
              <Col xs={24} lg={12}>
                <Card title={t('detail.overview')} size="small">
                  <Descriptions column={1} size="small" bordered>
                    <Descriptions.Item label={t('field.name')}>{data.component.name}</Descriptions.Item>
                    <Descriptions.Item label={t('field.manufacturer')}>
                      {data.manufacturer ? (
                        <Link to={`/brand-detail/${data.manufacturer.id}`} data-testid="detail-manufacturer">
                          {data.manufacturer.name}
                        </Link>
                      ) : (
                        t('detail.noManufacturer')
                      )}
                    </Descriptions.Item>
                    <Descriptions.Item label={t('field.package')}>{data.component.package ?? '—'}</Descriptions.Item>
                    <Descriptions.Item label={t('field.footprint')}>{data.component.footprintRef ?? '—'}</Descriptions.Item>
                    <Descriptions.Item label={t('field.pinCount')}>{data.component.pinCount || '—'}</Descriptions.Item>
                    <Descriptions.Item label={t('field.description')}>{data.component.description ?? '—'}</Descriptions.Item>
                    <Descriptions.Item label={t('field.datasheet')}>
                      {data.component.datasheet && /^https?:\/\//.test(data.component.datasheet) ? (
                        <a href={data.component.datasheet} target="_blank" rel="noreferrer" data-testid="detail-datasheet">
                          {t('detail.openDatasheet')}
                        </a>
                      ) : (
                        '—'
                      )}
                    </Descriptions.Item>
                  </Descriptions>
                </Card>
                <Card title={t('detail.parameters')} size="small" style={{ marginTop: 16 }}>
                  <Table<ComponentParameter>
                    data-testid="detail-parameters"
                    size="small"
                    pagination={false}
                    rowKey={(row) => `${row.dimension}-${row.original}-${row.conditions ?? ''}`}
                    dataSource={data.parameters}
                    locale={{ emptyText: t('detail.noParameters') }}
                    columns={[
                      { title: t('field.parameter'), render: (_, row) => (english ? row.nameEn : row.name) },
                      // One rule for labelled values (docs/components.md): the label before the value.
                      { title: t('field.value'), render: (_, row) => (row.label ? `${row.label} ${row.value}` : row.value) },
                      { title: t('field.conditions'), render: (_, row) => (row.label ? '—' : (row.conditions ?? '—')) },
                    ]}
                  />
                </Card>
                <Card title={t('detail.downloads')} size="small" style={{ marginTop: 16 }}>
                  <Space wrap>
                    {DOWNLOAD_KINDS.map((kind) => {
                      const file = data.files.find((candidate) => candidate.kind === kind);
                      return file ? (
                        <Button key={kind} icon={<DownloadOutlined />} href={file.url} data-testid={`download-${kind}`}>
                          {t(`detail.download.${kind}`)}
                        </Button>
                      ) : null;
                    })}
                    {data.files.length === 0 && <Typography.Text type="secondary">{t('detail.noFiles')}</Typography.Text>}
                  </Space>
                </Card>
              </Col>
              <Col xs={24} lg={12}>
                <Row gutter={[16, 16]}>
                  <Col span={12}>
                    <Card title={t('detail.symbol')} size="small">
                      {data.symbolSvgUrl ? (
                        <DrawingImage testId="detail-symbol" src={data.symbolSvgUrl} alt={t('detail.symbol')} enlarge={t('detail.enlarge')} />
                      ) : (
                        <Empty description={t('detail.noSymbol')} />
                      )}
                    </Card>
                  </Col>
                  <Col span={12}>
                    <Card title={t('detail.footprint')} size="small">
                      {data.footprintSvgUrl ? (
                        <DrawingImage testId="detail-footprint" src={data.footprintSvgUrl} alt={t('detail.footprint')} enlarge={t('detail.enlarge')} background="#1e1e1e" />
                      ) : (
                        <Empty description={t('detail.noFootprint')} />
                      )}
                    </Card>
                  </Col>
                  <Col span={24}>
                    <Card title={t('detail.model')} size="small">
                      {model ? <LazyModelViewer url={model.url} /> : <Empty data-testid="detail-no-model" description={t('detail.noModel')} />}
                    </Card>
                  </Col>
                </Row>
              </Col>
            </Row>
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
          </>
        )}
      </QueryState>
    </div>
  );
}
