import { Checkbox, Typography } from 'antd';
import type { FacetValue } from '../../items/types';
import { facetName } from '../facet-name';

interface FacetListProps {
  testId: string;
  title: string;
  values: FacetValue[];
  selected: string[];
  onChange: (selected: string[]) => void;
  /** Show the English names (English interface). */
  english?: boolean;
}

/** One facet as checkboxes with hit counts; several values of a facet mean "any of". */
export function FacetList({ testId, title, values, selected, onChange, english = false }: FacetListProps) {
  // Selected values stay visible even when the current hits no longer count them.
  const shown = [...values];
  for (const value of selected) {
    if (!shown.some((facet) => facet.value === value)) shown.push({ value, name: value, nameEn: value, count: 0 });
  }
  // A facet the hits do not state (no manufacturer on generic passives) takes no room.
  if (shown.length === 0) return null;
  return (
    <div data-testid={testId} style={{ marginBottom: 16 }}>
      <Typography.Text strong>{title}</Typography.Text>
      <div style={{ maxHeight: 220, overflowY: 'auto', marginTop: 4 }}>
        {shown.map((facet) => (
          <div key={facet.value}>
            <Checkbox
              data-testid={`${testId}-${facet.value}`}
              checked={selected.includes(facet.value)}
              onChange={(event) => onChange(event.target.checked ? [...selected, facet.value] : selected.filter((value) => value !== facet.value))}
            >
              {facetName(facet, english)} <Typography.Text type="secondary">({facet.count})</Typography.Text>
            </Checkbox>
          </div>
        ))}
      </div>
    </div>
  );
}
