import type { PartVariant } from './types';

/** The sizes of a variant list in its order (smallest first), each once. */
export function sizesOf(variants: readonly PartVariant[]): string[] {
  return [...new Set(variants.map((variant) => variant.size))];
}

/** The variants of one size, or all of them when `size` is undefined. */
export function variantsOfSize(variants: readonly PartVariant[], size: string | undefined): PartVariant[] {
  return size === undefined ? [...variants] : variants.filter((variant) => variant.size === size);
}

/** The 1-based page of `pageSize` rows that holds the variant `id` (1 when it is not listed). */
export function pageOf(variants: readonly PartVariant[], id: number, pageSize: number): number {
  const index = variants.findIndex((variant) => variant.id === id);
  return index < 0 ? 1 : Math.floor(index / pageSize) + 1;
}

/** `M6×20`: the designation without the standard, as a compact picker lists it. */
export function variantLabel(variant: PartVariant, standard: string): string {
  const prefix = `${standard} `;
  return variant.partNumber.startsWith(prefix) ? variant.partNumber.slice(prefix.length) : variant.partNumber;
}

/** Whether any variant has a nominal length (screws): the table shows a length column then. */
export function hasLengths(variants: readonly PartVariant[]): boolean {
  return variants.some((variant) => variant.lengthMm !== null && variant.lengthMm !== undefined);
}
