import { Button, InputNumber, Select, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { I18N_NAMESPACE } from '../../../i18n';
import { newRowKey, type ConstraintRow } from '../chips';
import type { PropertyKey } from '../types';
import { PROPERTY_KEYS, PROPERTY_UNITS } from '../units';

/** One row per constraint: property, min, max, unit. */
export function ConstraintRows({ rows, onChange }: { rows: readonly ConstraintRow[]; onChange: (rows: ConstraintRow[]) => void }) {
  const { t } = useTranslation(I18N_NAMESPACE);
  const update = (key: string, patch: Partial<ConstraintRow>) => onChange(rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  const propertyOptions = PROPERTY_KEYS.map((key) => ({ value: key, label: t(`selection.properties.${key}`) }));
  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }}>
      {rows.map((row, position) => (
        <Space key={row.key} wrap size={8} data-testid="constraint-row">
          <Select
            aria-label={`${t('selection.property')} ${position + 1}`}
            data-testid="constraint-property"
            value={row.property}
            options={propertyOptions}
            style={{ width: 170 }}
            onChange={(property: PropertyKey) => update(row.key, { property, unit: PROPERTY_UNITS[property][0].unit })}
          />
          <InputNumber
            aria-label={`${t('selection.min')} ${position + 1}`}
            data-testid="constraint-min"
            placeholder={t('selection.min')}
            value={row.min}
            onChange={(v) => update(row.key, { min: v ?? undefined })}
            style={{ width: 110 }}
          />
          <InputNumber
            aria-label={`${t('selection.max')} ${position + 1}`}
            data-testid="constraint-max"
            placeholder={t('selection.max')}
            value={row.max}
            onChange={(v) => update(row.key, { max: v ?? undefined })}
            style={{ width: 110 }}
          />
          <Select
            aria-label={`${t('selection.unit')} ${position + 1}`}
            data-testid="constraint-unit"
            value={row.unit}
            options={PROPERTY_UNITS[row.property].map((unit) => ({ value: unit.unit, label: unit.unit || '—' }))}
            style={{ width: 110 }}
            onChange={(unit: string) => update(row.key, { unit })}
          />
          <Button aria-label={t('selection.removeConstraint')} icon={<DeleteOutlined />} onClick={() => onChange(rows.filter((r) => r.key !== row.key))} />
        </Space>
      ))}
      <Button
        icon={<PlusOutlined />}
        data-testid="constraint-add"
        onClick={() => onChange([...rows, { key: newRowKey(), property: 'yieldStrength', unit: PROPERTY_UNITS.yieldStrength[0].unit }])}
      >
        {t('selection.addConstraint')}
      </Button>
    </Space>
  );
}
