import type { ComponentSchema } from '@portal/api-types';
import type { ItemDetail } from '@portal/library-ui/items';

/** The components API's detail: the kit's item detail plus the KiCad drawings (generated schema, docs/components.md). */
export type ComponentDetail = ComponentSchema<'ComponentDetail'>;

/**
 * The drawing URLs of a detail. The detail slots receive the library-neutral `ItemDetail`; on this
 * library's pages it is the components API's answer, whose drawing URLs are absent or null for a
 * component without a KiCad symbol or footprint.
 */
export function kicadDrawings(item: ItemDetail): { symbolSvgUrl: string | null; footprintSvgUrl: string | null } {
  const detail: Partial<ComponentDetail> = item;
  return { symbolSvgUrl: detail.symbolSvgUrl ?? null, footprintSvgUrl: detail.footprintSvgUrl ?? null };
}
