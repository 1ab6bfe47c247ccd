import { readSearchState, type SearchState } from '../search/search-state';

/** Picker input → the search the picker runs (one keyword, first ten hits); `undefined` when blank. */
export function pickerSearch(text: string): SearchState | undefined {
  const keyword = text.trim();
  if (!keyword) return undefined;
  return { ...readSearchState(new URLSearchParams()), keyWords: [keyword], pageSize: 10 };
}
