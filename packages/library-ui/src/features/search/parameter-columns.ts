import type { ItemParameter } from '../items/types';

/** At most this many parameter columns: the table must stay readable at 1280 px. */
export const MAX_PARAMETER_COLUMNS = 4;

export interface ParameterColumn {
  dimension: string;
  name: string;
  nameEn: string;
}

/**
 * The parameter columns of a results page: the dimensions the hits state, the most common first
 * (ties in the order first seen), so `10uF 0603` shows 电容 and 电压 beside 封装.
 */
export function parameterColumns(rows: readonly { parameters?: ItemParameter[] }[], limit = MAX_PARAMETER_COLUMNS): ParameterColumn[] {
  const seen = new Map<string, { column: ParameterColumn; count: number; first: number }>();
  for (const row of rows) {
    const dimensions = new Set<string>();
    for (const parameter of row.parameters ?? []) {
      if (dimensions.has(parameter.dimension)) continue;
      dimensions.add(parameter.dimension);
      const entry = seen.get(parameter.dimension);
      if (entry) entry.count += 1;
      else
        seen.set(parameter.dimension, {
          column: { dimension: parameter.dimension, name: parameter.name, nameEn: parameter.nameEn },
          count: 1,
          first: seen.size,
        });
    }
  }
  return [...seen.values()]
    .sort((a, b) => b.count - a.count || a.first - b.first)
    .slice(0, limit)
    .map((entry) => entry.column);
}

/** Between the values of one cell (docs/components.md, "Labelled values"). */
export const VALUE_SEPARATOR = ' · ';

/**
 * The text of one cell: every value of the dimension the row states (usually one), each as the
 * server writes it (`Flash 512KB`, `10mΩ @ 4.5V`), joined: `Flash 512KB · RAM 256KB`.
 */
export function parameterCell(parameters: readonly ItemParameter[] | undefined, dimension: string): string | undefined {
  const values = parameterValues(parameters, dimension);
  return values.length ? values.join(VALUE_SEPARATOR) : undefined;
}

/** The values of one cell, each as the server writes it, in the order stated. */
export function parameterValues(parameters: readonly ItemParameter[] | undefined, dimension: string): string[] {
  return (parameters ?? []).filter((parameter) => parameter.dimension === dimension).map((parameter) => parameter.display);
}
