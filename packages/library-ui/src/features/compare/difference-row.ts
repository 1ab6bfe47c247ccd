import type { HTMLAttributes } from 'react';

/** The row props of a comparison table: a row whose values differ is marked and highlighted. */
export function differenceRowProps(differs: boolean): HTMLAttributes<HTMLElement> {
  return { 'data-differs': differs, style: differs ? { background: '#fff7e6' } : undefined } as HTMLAttributes<HTMLElement>;
}
