import { useState } from 'react';
import { Button, InputNumber, Select, Space, Tag, Typography } from 'antd';
import { useLibraryTranslation } from '../../../i18n/use-library-translation';
import type { FacetValue } from '../../items/types';
import { facetName } from '../facet-name';
import { formatBound, isRangeDimension, RANGE_UNITS, UNIT_PREFIXES, validateRange, type RangeBound, type RangeFilter, type UnitPrefix } from '../range';

interface RangeFilterEditorProps {
  /** Dimensions the current hits state. */
  parameters: FacetValue[];
  ranges: RangeFilter[];
  onChange: (ranges: RangeFilter[]) => void;
}

function prefixLabel(prefix: UnitPrefix, dimension: string): string {
  return `${prefix === 'u' ? 'µ' : prefix}${RANGE_UNITS[dimension] ?? ''}`;
}

/** Adds `min ≤ parameter ≤ max` filters (value + unit prefix) and lists the active ones as tags. */
export function RangeFilterEditor({ parameters, ranges, onChange }: RangeFilterEditorProps) {
  const { t, i18n } = useLibraryTranslation();
  const english = i18n.language.startsWith('en');
  const choices = parameters.filter((parameter) => isRangeDimension(parameter.value));
  const [dimension, setDimension] = useState<string | undefined>();
  const [minValue, setMinValue] = useState<number | null>(null);
  const [maxValue, setMaxValue] = useState<number | null>(null);
  const [minPrefix, setMinPrefix] = useState<UnitPrefix>('');
  const [maxPrefix, setMaxPrefix] = useState<UnitPrefix>('');
  const [problem, setProblem] = useState<string | undefined>();
  const selected = dimension ?? choices[0]?.value;

  const apply = () => {
    if (!selected) return;
    const min: RangeBound | undefined = minValue === null ? undefined : { value: minValue, prefix: minPrefix };
    const max: RangeBound | undefined = maxValue === null ? undefined : { value: maxValue, prefix: maxPrefix };
    const range: RangeFilter = { dimension: selected, min, max };
    const reason = validateRange(range);
    if (reason) {
      setProblem(t(`range.problem.${reason}`));
      return;
    }
    setProblem(undefined);
    onChange([...ranges.filter((other) => other.dimension !== selected), range]);
  };

  const nameOf = (key: string) => {
    const parameter = parameters.find((candidate) => candidate.value === key);
    return parameter ? facetName(parameter, english) : key;
  };
  const prefixOptions = (key: string | undefined) => UNIT_PREFIXES.map((prefix) => ({ value: prefix, label: prefixLabel(prefix, key ?? '') }));

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
            onChange={setDimension}
            options={choices.map((choice) => ({ value: choice.value, label: `${facetName(choice, english)} (${choice.count})` }))}
          />
          <Space.Compact style={{ width: '100%' }}>
            <InputNumber data-testid="range-min" placeholder={t('range.min')} value={minValue} onChange={setMinValue} style={{ width: '60%' }} />
            <Select data-testid="range-min-prefix" value={minPrefix} onChange={setMinPrefix} options={prefixOptions(selected)} style={{ width: '40%' }} />
          </Space.Compact>
          <Space.Compact style={{ width: '100%' }}>
            <InputNumber data-testid="range-max" placeholder={t('range.max')} value={maxValue} onChange={setMaxValue} style={{ width: '60%' }} />
            <Select data-testid="range-max-prefix" value={maxPrefix} onChange={setMaxPrefix} options={prefixOptions(selected)} style={{ width: '40%' }} />
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
