import { Card, Table, Typography } from 'antd';
import { useLibraryTranslation, type DetailSlotProps } from '@portal/library-ui/items';
import { propertyRank } from '../property-units';
import { formatWithUnit, unitFor } from '../property-values';
import { materialDetailOf, type MaterialProperty } from '../types';
import { conditionText, usePropertyName } from '../property-names';

/**
 * Detail slot `parameters`: every property with its name, value or min–max in its unit, the source's
 * own text and its condition; the record's source and licence under the table (every value of a
 * record comes from that one source).
 */
export function PropertiesCard({ item }: DetailSlotProps) {
  const { t } = useLibraryTranslation();
  const propertyName = usePropertyName();
  const detail = materialDetailOf(item);
  const properties = [...detail.component.properties].sort((a, b) => propertyRank(a.key) - propertyRank(b.key));
  const source = detail.source;
  return (
    <Card title={t('mat.properties.title')} size="small" style={{ marginTop: 16 }} data-testid="mat-properties">
      <Table<MaterialProperty>
        data-testid="mat-properties-table"
        size="small"
        pagination={false}
        rowKey={(row, index) => `${row.key}-${index ?? 0}`}
        dataSource={properties}
        locale={{ emptyText: t('mat.properties.none') }}
        columns={[
          { title: t('mat.properties.name'), render: (_, row) => propertyName(row) },
          {
            title: t('mat.properties.value'),
            render: (_, row) => (
              <span data-testid={`mat-property-${row.key}`} title={row.original}>
                {formatWithUnit(row, unitFor(row.key)) ?? row.display}
              </span>
            ),
          },
          { title: t('mat.properties.original'), responsive: ['md'], render: (_, row) => row.original || '—' },
          { title: t('mat.properties.condition'), render: (_, row) => conditionText(row.condition, t) || '—' },
        ]}
      />
      {source && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }} data-testid="mat-source">
          {t('mat.properties.source', { source: source.name, version: source.version ?? '', license: source.license })}
          {source.licenseNote ? ` — ${source.licenseNote}` : ''}
        </Typography.Paragraph>
      )}
    </Card>
  );
}
