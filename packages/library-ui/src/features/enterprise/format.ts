import type { EnterpriseItem, EnterpriseItemState } from './api/enterprise-items';

/** The Tag colour of each review state. */
export const STATE_COLORS: Record<EnterpriseItemState, string> = {
  pending: 'processing',
  approved: 'success',
  rejected: 'error',
};

const pad = (value: number) => String(value).padStart(2, '0');

/** Epoch milliseconds as local `YYYY-MM-DD HH:mm`; nothing (null) as —. */
export function formatTime(epochMs: number | null | undefined): string {
  if (epochMs === null || epochMs === undefined || !Number.isFinite(epochMs)) return '—';
  const date = new Date(epochMs);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The category's name in the UI language: English when there is one, else Chinese. */
export function categoryLabel(item: Pick<EnterpriseItem, 'categoryName' | 'categoryNameEn'>, english: boolean): string {
  return (english && item.categoryNameEn) || item.categoryName || '—';
}

/** Optional text as shown in a cell: blank as —. */
export function textOrDash(value: string | null | undefined): string {
  return value?.trim() ? value : '—';
}

/** A file size for a message: bytes, KB or MB (binary units, one decimal, trailing .0 dropped). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const [value, unit] = bytes < 1024 * 1024 ? [bytes / 1024, 'KB'] : [bytes / (1024 * 1024), 'MB'];
  return `${Number(value.toFixed(1))} ${unit}`;
}
