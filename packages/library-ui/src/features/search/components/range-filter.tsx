import { useState } from 'react';
import { Button, InputNumber, Select, Space, Tag, Typography } from 'antd';
import { useLibraryConfig } from '../../../config/library-config';
import { useLibraryTranslation } from '../../../i18n/use-library-translation';
import type { FacetValue } from '../../items/types';
import { useParameterName } from '../facet-name';
import {
  formatBound,
  isRangeDimension,
  RANGE_UNITS,
  rangeUnitsOf,
  UNIT_PREFIXES,
  validateRange,
  type RangeBound,
  type RangeFilter,
  type RangeUnit,
  type UnitPrefix,
} from '../range';

interface RangeFilterEditorProps {
  /** Dimensions the current hits state. */
  parameters: FacetValue[];
  ranges: RangeFilter[];
  onChange: (ranges: RangeFilter[]) => void;
}

function prefixLabel(prefix: UnitPrefix, dimension: string): string {
  return `${prefix === 'u' ? 'µ' : prefix}${RANGE_UNITS[dimension] ?? ''}`;
}

/**
 * The unit choices of a parameter: its units by symbol (the library's own `rangeUnits`, or a
 * label's dimension's), else the SI prefixes of the dimension's canonical symbol. `''` (no choice
 * made) is the first of them.
 */
function unitOptions(dimension: string | undefined, table: readonly RangeUnit[] | undefined): { value: string; label: string }[] {
  if (table) return table.map((unit) => ({ value: unit.symbol, label: unit.symbol }));
  return UNIT_PREFIXES.map((prefix) => ({ value: prefix, label: prefixLabel(prefix, dimension ?? '') }));
}

/** A typed value as a bound in the chosen unit (one of the parameter's units, else an SI prefix). */
function toBound(value: number | null, choice: string, table: readonly RangeUnit[] | undefined): RangeBound | undefined {
  if (value === null) return undefined;
  if (table) return { value, prefix: '', unit: choice || table[0]?.symbol };
  return { value, prefix: choice as UnitPrefix };
}

/** Adds `min ≤ parameter ≤ max` filters (value + unit) and lists the active ones as tags. */
export function RangeFilterEditor({ parameters, ranges, onChange }: RangeFilterEditorProps) {
  const { t } = useLibraryTranslation();
  const units = useLibraryConfig().search.rangeUnits;
  const parameterName = useParameterName();
  // A labelled parameter (`l`, `d₁`) gets the units of the dimension its facet entry names.
  const quantityOf = (key: string | undefined) => parameters.find((parameter) => parameter.value === key)?.dimension ?? undefined;
  const choices = parameters.filter((parameter) => isRangeDimension(parameter.value, units, parameter.dimension ?? undefined));
  const [dimension, setDimension] = useState<string | undefined>();
  const [minValue, setMinValue] = useState<number | null>(null);
  const [maxValue, setMaxValue] = useState<number | null>(null);
  const [minUnit, setMinUnit] = useState<string>('');
  const [maxUnit, setMaxUnit] = useState<string>('');
  const [problem, setProblem] = useState<string | undefined>();
  const selected = dimension ?? choices[0]?.value;
  const table = selected === undefined ? undefined : rangeUnitsOf(selected, quantityOf(selected), units);
  const options = unitOptions(selected, table);
  // A unit chosen for another parameter is not offered for this one: show the default instead.
  const shown = (choice: string) => (options.some((option) => option.value === choice) ? choice : options[0]?.value);

  const chooseDimension = (next: string) => {
    setDimension(next);
    setMinUnit('');
    setMaxUnit('');
  };

  const apply = () => {
    if (!selected) return;
    const min = toBound(minValue, shown(minUnit) ?? '', table);
    const max = toBound(maxValue, shown(maxUnit) ?? '', table);
    // Only a label's range carries its dimension: the library's own keys name their units themselves.
    const quantity = table && !Object.hasOwn(units, selected) ? quantityOf(selected) : undefined;
    const range: RangeFilter = { dimension: selected, min, max, ...(quantity === undefined ? {} : { quantity }) };
    const reason = validateRange(range, units);
    if (reason) {
      setProblem(t(`range.problem.${reason}`));
      return;
    }
    setProblem(undefined);
    onChange([...ranges.filter((other) => other.dimension !== selected), range]);
  };

  const nameOf = (key: string) => parameterName(parameters.find((candidate) => candidate.value === key) ?? { value: key, name: '', nameEn: '' });

  return (
    <div data-testid="range-filter">
      <Typography.Text strong>{t('range.title')}</Typography.Text>
      {ranges.length > 0 && (
        <div style={{ margin: '8px 0' }}>
          {ranges.map((range) => (
            <Tag
              key={range.dimension}
              closable
              data-testid={`range-tag-${range.dimension}`}
              onClose={() => onChange(ranges.filter((other) => other.dimension !== range.dimension))}
            >
              {nameOf(range.dimension)}: {range.min ? formatBound(range.min, range.dimension) : '−∞'} –{' '}
              {range.max ? formatBound(range.max, range.dimension) : '+∞'}
            </Tag>
          ))}
        </div>
      )}
      {choices.length === 0 ? (
        <Typography.Paragraph type="secondary">{t('range.none')}</Typography.Paragraph>
      ) : (
        <Space direction="vertical" style={{ width: '100%', marginTop: 8 }}>
          <Select
            data-testid="range-dimension"
            style={{ width: '100%' }}
            value={selected}
            onChange={chooseDimension}
            options={choices.map((choice) => ({ value: choice.value, label: `${parameterName(choice)} (${choice.count})` }))}
          />
          <Space.Compact style={{ width: '100%' }}>
            <InputNumber data-testid="range-min" placeholder={t('range.min')} value={minValue} onChange={setMinValue} style={{ width: '60%' }} />
            <Select data-testid="range-min-prefix" value={shown(minUnit)} onChange={setMinUnit} options={options} style={{ width: '40%' }} />
          </Space.Compact>
          <Space.Compact style={{ width: '100%' }}>
            <InputNumber data-testid="range-max" placeholder={t('range.max')} value={maxValue} onChange={setMaxValue} style={{ width: '60%' }} />
            <Select data-testid="range-max-prefix" value={shown(maxUnit)} onChange={setMaxUnit} options={options} style={{ width: '40%' }} />
          </Space.Compact>
          {problem && (
            <Typography.Text type="danger" data-testid="range-problem">
              {problem}
            </Typography.Text>
          )}
          <Button type="primary" block onClick={apply} data-testid="range-apply">
            {t('range.apply')}
          </Button>
        </Space>
      )}
    </div>
  );
}
