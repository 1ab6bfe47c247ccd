import type { ItemDetail } from '@portal/library-ui/items';

/** The components API's detail: the kit's item detail plus the KiCad drawings (docs/components.md). */
export interface ComponentDetail extends ItemDetail {
  footprintFilters: string[];
  symbolSvgUrl: string | null;
  footprintSvgUrl: string | null;
}

/** The drawing URLs of a detail, absent when an older server leaves them out. */
export function kicadDrawings(item: ItemDetail): Pick<ComponentDetail, 'symbolSvgUrl' | 'footprintSvgUrl'> {
  const detail = item as Partial<ComponentDetail>;
  return { symbolSvgUrl: detail.symbolSvgUrl ?? null, footprintSvgUrl: detail.footprintSvgUrl ?? null };
}
