import { Card, Col, Table } from 'antd';
import { useLibraryTranslation, type DetailSlotProps } from '@portal/library-ui/items';
import { formatNumber } from '../property-units';
import { materialDetailOf } from '../types';

interface Element {
  symbol: string;
  fraction: number;
}

/** Mass fractions, largest first (`Fe 0.70 → 70 %`). */
export function compositionRows(composition: Readonly<Record<string, number>>): Element[] {
  return Object.entries(composition)
    .filter(([, fraction]) => Number.isFinite(fraction))
    .map(([symbol, fraction]) => ({ symbol, fraction }))
    .sort((a, b) => b.fraction - a.fraction);
}

/**
 * The chemical composition (see {@link MaterialSideCards})
 * where the source states it (py-materials). No card when it does not.
 */
export function CompositionCard({ item }: DetailSlotProps) {
  const { t } = useLibraryTranslation();
  const rows = compositionRows(materialDetailOf(item).component.composition);
  if (rows.length === 0) return null;
  return (
    <Col span={24}>
      <Card title={t('mat.composition.title')} size="small" data-testid="mat-composition">
        <Table<Element>
          size="small"
          pagination={false}
          rowKey="symbol"
          dataSource={rows}
          columns={[
            { title: t('mat.composition.element'), dataIndex: 'symbol' },
            { title: t('mat.composition.fraction'), render: (_, row) => `${formatNumber(row.fraction * 100)} %` },
          ]}
        />
      </Card>
    </Col>
  );
}
