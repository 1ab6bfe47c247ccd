import { useState } from 'react';
import { Button, InputNumber, Popover, Space, Tag } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { I18N_NAMESPACE } from '../../../i18n';
import { boundsText, type ConstraintRow } from '../chips';

/** The constraints as chips: each opens an editor of its bounds (Tag with edit/remove). */
export function ConstraintChips({ rows, onChange }: { rows: readonly ConstraintRow[]; onChange: (rows: ConstraintRow[]) => void }) {
  const { t } = useTranslation(I18N_NAMESPACE);
  const replace = (row: ConstraintRow) => onChange(rows.map((current) => (current.key === row.key ? row : current)));
  return (
    <Space size={[4, 8]} wrap data-testid="selection-chips">
      {rows.map((row) => {
        const property = t(`selection.properties.${row.property}`);
        return (
          <Tag
            key={row.key}
            color="blue"
            closable
            closeIcon={<span aria-label={t('selection.removeChip', { property })}>×</span>}
            onClose={() => onChange(rows.filter((current) => current.key !== row.key))}
            data-testid={`chip-${row.property}`}
          >
            {property} {boundsText(row)}
            <ChipEditor row={row} label={t('selection.editChip', { property })} onApply={replace} />
          </Tag>
        );
      })}
    </Space>
  );
}

function ChipEditor({ row, label, onApply }: { row: ConstraintRow; label: string; onApply: (row: ConstraintRow) => void }) {
  const { t } = useTranslation(I18N_NAMESPACE);
  const [open, setOpen] = useState(false);
  const [min, setMin] = useState<number | undefined>(row.min);
  const [max, setMax] = useState<number | undefined>(row.max);
  const content = (
    <Space orientation="vertical" size={8}>
      <InputNumber
        aria-label={t('selection.min')}
        placeholder={t('selection.min')}
        value={min}
        onChange={(v) => setMin(v ?? undefined)}
        suffix={row.unit}
        data-testid="chip-edit-min"
      />
      <InputNumber
        aria-label={t('selection.max')}
        placeholder={t('selection.max')}
        value={max}
        onChange={(v) => setMax(v ?? undefined)}
        suffix={row.unit}
        data-testid="chip-edit-max"
      />
      <Button
        type="primary"
        size="small"
        data-testid="chip-edit-done"
        onClick={() => {
          onApply({ ...row, min, max });
          setOpen(false);
        }}
      >
        {t('selection.chipDone')}
      </Button>
    </Space>
  );
  return (
    <Popover content={content} trigger="click" open={open} onOpenChange={setOpen}>
      <Button
        type="text"
        size="small"
        icon={<EditOutlined />}
        aria-label={label}
        data-testid={`chip-edit-${row.property}`}
        style={{ marginLeft: 4, height: 18 }}
      />
    </Popover>
  );
}
