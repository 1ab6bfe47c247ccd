import { paths, type LibraryKey } from '@portal/providers';

/** The fields of a category node the home search reads (the shell's and library-ui's trees both fit). */
export interface SearchableCategory {
  code: string;
  name: string;
  nameEn: string;
  children: SearchableCategory[];
}

export interface CategoryMatch {
  code: string;
  name: string;
  nameEn: string;
}

/** What the three libraries answered for one query; `null` is a library that could not be asked. */
export interface HomeSearchAnswers {
  /** Components: the search's total. */
  component: number | null;
  /** Parts and materials: their categories whose name contains the query. */
  part: CategoryMatch[] | null;
  mat: CategoryMatch[] | null;
}

/** One library's line in the result panel. */
export interface LibraryHit {
  library: LibraryKey;
  /** Components: hits; parts and materials: matching categories. */
  count: number;
  /** Parts and materials: the first matching categories (at most {@link SHOWN_CATEGORIES}). */
  categories: CategoryMatch[];
  /** Where the line leads: the component search, or the catalogue on the first matching category. */
  to: string;
}

export type HomeSearchDecision =
  { kind: 'navigate'; to: string; hit: LibraryHit } | { kind: 'several'; hits: LibraryHit[] } | { kind: 'none'; unavailable: LibraryKey[] };

/** The category names shown per library in the panel. */
export const SHOWN_CATEGORIES = 3;

/** The order of the panel's lines (the home page's order of the libraries). */
const ORDER: readonly LibraryKey[] = ['part', 'component', 'mat'];

/**
 * Categories whose Chinese or English name contains the query (case-insensitive, surrounding spaces
 * ignored). Exact name matches come first, then the tree's order (a parent before its children).
 */
export function matchCategories(roots: readonly SearchableCategory[], query: string): CategoryMatch[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [];
  const exact: CategoryMatch[] = [];
  const partial: CategoryMatch[] = [];
  const visit = (nodes: readonly SearchableCategory[]) => {
    for (const node of nodes) {
      const names = [node.name, node.nameEn].filter(Boolean).map((name) => name.toLowerCase());
      if (names.some((name) => name === needle)) exact.push({ code: node.code, name: node.name, nameEn: node.nameEn });
      else if (names.some((name) => name.includes(needle))) partial.push({ code: node.code, name: node.name, nameEn: node.nameEn });
      visit(node.children ?? []);
    }
  };
  visit(roots);
  return [...exact, ...partial];
}

/** Which library a query goes to: the only one with matches, a panel of several, or none. */
export function decideHomeSearch(query: string, answers: HomeSearchAnswers): HomeSearchDecision {
  const keyword = query.trim();
  const hits: LibraryHit[] = [];
  for (const library of ORDER) {
    if (library === 'component') {
      const total = answers.component;
      if (total && total > 0) hits.push({ library, count: total, categories: [], to: paths.librarySearch('component', [keyword]) });
    } else {
      const matches = answers[library];
      if (matches && matches.length > 0) {
        hits.push({
          library,
          count: matches.length,
          categories: matches.slice(0, SHOWN_CATEGORIES),
          to: paths.library(library, { category: matches[0].code }),
        });
      }
    }
  }
  if (hits.length === 1) return { kind: 'navigate', to: hits[0].to, hit: hits[0] };
  if (hits.length > 1) return { kind: 'several', hits };
  return { kind: 'none', unavailable: ORDER.filter((library) => answers[library] === null) };
}
