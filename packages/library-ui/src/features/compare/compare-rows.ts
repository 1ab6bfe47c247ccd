import type { CompareRow } from '../items/types';

/**
 * A row is highlighted when the server says it differs and the shown values are not all the same: the
 * server's flag alone also marks rows where every part lacks the value (all null).
 */
export function rowDiffers(row: CompareRow): boolean {
  return row.differs && new Set(row.values.map((value) => value ?? '')).size > 1;
}

/** A cell of the table: the English form when the reader reads English and the row has one (category names). */
export function cellValue(row: CompareRow, index: number, english: boolean): string {
  return (english && row.valuesEn ? row.valuesEn[index] : row.values[index]) ?? '—';
}
