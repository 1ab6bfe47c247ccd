import type { CategoryNode, LocatedCategory } from './types';

/** Children in display order: by `sort`, then by id so equal sorts stay stable across reloads. */
export function sortCategories(nodes: readonly CategoryNode[]): CategoryNode[] {
  return [...nodes].sort((a, b) => a.sort - b.sort || a.id - b.id).map((node) => ({ ...node, children: sortCategories(node.children ?? []) }));
}

/** Every node by code, with its path from the root, for O(1) lookups of the URL's selection. */
export function indexCategories(roots: readonly CategoryNode[]): Map<string, LocatedCategory> {
  const index = new Map<string, LocatedCategory>();
  const visit = (node: CategoryNode, ancestors: CategoryNode[]) => {
    const path = [...ancestors, node];
    index.set(node.code, { node, path });
    for (const child of node.children) visit(child, path);
  };
  for (const root of roots) visit(root, []);
  return index;
}

export function countCategories(nodes: readonly CategoryNode[]): number {
  return nodes.reduce((total, node) => total + 1 + countCategories(node.children), 0);
}

function matches(node: CategoryNode, needle: string): boolean {
  return node.name.toLowerCase().includes(needle) || node.nameEn.toLowerCase().includes(needle) || node.code.toLowerCase().includes(needle);
}

/**
 * The tree pruned to nodes matching `keyword` (Chinese name, English name or code) and their
 * ancestors. A matching node keeps its whole subtree, so filtering "螺钉" still shows its kinds.
 */
export function filterCategories(roots: readonly CategoryNode[], keyword: string): CategoryNode[] {
  const needle = keyword.trim().toLowerCase();
  if (!needle) return [...roots];
  const prune = (nodes: readonly CategoryNode[]): CategoryNode[] =>
    nodes.flatMap((node) => {
      if (matches(node, needle)) return [node];
      const children = prune(node.children);
      return children.length > 0 ? [{ ...node, children }] : [];
    });
  return prune(roots);
}

/** Codes of every node that has children: expanding all of them shows a filtered tree whole. */
export function branchCodes(nodes: readonly CategoryNode[]): string[] {
  return nodes.flatMap((node) => (node.children.length > 0 ? [node.code, ...branchCodes(node.children)] : []));
}

/** What the catalogue's right-hand panel shows for the selection (see `catalogueView`). */
export interface CatalogueView {
  /** Root-to-focus chain: the category whose header the panel shows. */
  focusPath: CategoryNode[];
  /** The focused category's items (the library's list) instead of its sub-category cards. */
  showItems: boolean;
}

/**
 * A library that lists items (`listsItems`) opens a leaf on its items, and any node when the URL asks
 * for them (`?view=items`). Without a list, a leaf is shown highlighted among its siblings' cards.
 */
export function catalogueView(located: LocatedCategory, options: { listsItems: boolean; itemsRequested: boolean }): CatalogueView {
  const leaf = located.node.children.length === 0;
  if (options.listsItems && (leaf || options.itemsRequested)) return { focusPath: located.path, showItems: true };
  const focusPath = !leaf || located.path.length === 1 ? located.path : located.path.slice(0, -1);
  return { focusPath, showItems: false };
}
