import { Card, Col, Empty, Row, Space, Tag } from 'antd';
import { useLibraryTranslation } from '@portal/library-ui/items';
import { usePropertyName } from '../../material';
import { barData, radarData, SERIES_COLOURS } from '../chart-geometry';
import type { CompareLine } from '../compare-lines';
import { BarChart } from './bar-chart';
import { RadarChart } from './radar-chart';

interface CompareChartsProps {
  lines: readonly CompareLine[];
  seriesNames: readonly string[];
}

/**
 * 材料对比's charts, a chunk of their own: the radar of the properties every material states (each
 * axis over its largest value) and one bar chart per property, in the units the table shows.
 */
export function CompareCharts({ lines, seriesNames }: CompareChartsProps) {
  const { t } = useLibraryTranslation();
  const propertyName = usePropertyName();
  const radar = radarData(lines);
  const bars = barData(lines);
  return (
    <Card title={t('mat.compare.charts')} size="small" style={{ marginTop: 16 }} data-testid="mat-compare-charts">
      <Space wrap style={{ marginBottom: 12 }} data-testid="mat-chart-legend">
        {seriesNames.map((name, index) => (
          <Tag key={index} color={SERIES_COLOURS[index % SERIES_COLOURS.length]}>
            {name}
          </Tag>
        ))}
      </Space>
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={10}>
          {radar ? (
            <>
              <RadarChart data={radar} axisLabel={(key) => propertyName({ key })} seriesNames={seriesNames} title={t('mat.compare.radar')} />
              <div style={{ fontSize: 12, color: '#8c8c8c' }}>{t('mat.compare.radarNote')}</div>
            </>
          ) : (
            <Empty data-testid="mat-radar-none" description={t('mat.compare.radarNone')} />
          )}
        </Col>
        <Col xs={24} lg={14}>
          <Row gutter={[16, 16]}>
            {bars.map((bar) => (
              <Col key={bar.key} xs={24} md={12}>
                <BarChart data={bar} title={propertyName({ key: bar.key })} seriesNames={seriesNames} />
              </Col>
            ))}
          </Row>
        </Col>
      </Row>
    </Card>
  );
}
