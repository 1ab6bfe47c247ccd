import { sameKeyword } from '@portal/validators';
import { parseRanges, serializeRanges, type RangeFilter, type RangeUnits } from './range';

/** Everything a results page shows, kept in the URL so it can be shared, reloaded and gone Back to. */
export interface SearchState {
  keyWords: string[];
  notAnalyzerKeyWords: string[];
  category?: string;
  manufacturers: string[];
  packages: string[];
  ranges: RangeFilter[];
  sort: string;
  pageNo: number;
  pageSize: number;
}

export const DEFAULT_PAGE_SIZE = 20;
export const PAGE_SIZES = [10, 20, 50, 100] as const;

function tags(value: string | null): string[] {
  return (value ?? '')
    .split('|')
    .map((tag) => tag.trim())
    .filter(Boolean);
}

/** Keyword tags of a URL, deduped like typed tags (case and units: `10uF|10μF` is one). */
function keywordTags(value: string | null): string[] {
  const kept: string[] = [];
  for (const tag of tags(value)) if (!kept.some((other) => sameKeyword(other, tag))) kept.push(tag);
  return kept;
}

function positive(value: string | null, fallback: number): number {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : fallback;
}

/** `units`: the library's own range units (`LibraryConfig.search.rangeUnits`), to read its range clauses back. */
export function readSearchState(params: URLSearchParams, units?: RangeUnits): SearchState {
  const pageSize = positive(params.get('pageSize'), DEFAULT_PAGE_SIZE);
  return {
    keyWords: keywordTags(params.get('keyWords')),
    notAnalyzerKeyWords: keywordTags(params.get('notAnalyzerKeyWords')),
    category: params.get('category') || undefined,
    manufacturers: tags(params.get('manufacturer')),
    packages: tags(params.get('package')),
    ranges: parseRanges(params.get('range'), units),
    sort: params.get('sort') || 'relevance',
    pageNo: positive(params.get('pageNo'), 1),
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
  };
}

/** The URL query of a state; defaults are left out so plain searches keep short URLs. */
export function writeSearchState(state: SearchState): URLSearchParams {
  const params = new URLSearchParams();
  const set = (key: string, value: string | undefined) => {
    if (value) params.set(key, value);
  };
  set('keyWords', state.keyWords.join('|'));
  set('notAnalyzerKeyWords', state.notAnalyzerKeyWords.join('|'));
  set('category', state.category);
  set('manufacturer', state.manufacturers.join('|'));
  set('package', state.packages.join('|'));
  set('range', serializeRanges(state.ranges));
  if (state.sort !== 'relevance') set('sort', state.sort);
  if (state.pageNo > 1) set('pageNo', String(state.pageNo));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) set('pageSize', String(state.pageSize));
  return params;
}

/** A change of filters starts again at page 1 (the old page may not exist any more). */
export function withFilters(state: SearchState, change: Partial<SearchState>): SearchState {
  return { ...state, ...change, pageNo: 1 };
}

/** The search has something to look for: the API refuses a bare request without `allowEmpty`. */
export function hasCriteria(state: SearchState): boolean {
  return (
    state.keyWords.length > 0 ||
    state.notAnalyzerKeyWords.length > 0 ||
    Boolean(state.category) ||
    state.manufacturers.length > 0 ||
    state.packages.length > 0 ||
    state.ranges.length > 0
  );
}
