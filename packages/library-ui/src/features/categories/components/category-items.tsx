import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { CATEGORY_VIEW_PARAM } from '@portal/library-ui';
import { useLibraryConfig } from '../../../config/library-config';
import { SearchResults } from '../../search/components/search-results';
import { readSearchState, writeSearchState, type SearchState } from '../../search/search-state';

/**
 * The catalogue's list of a category: the search page's facets, range filters, sorting and paging on
 * `category=<code>`, all kept in the catalogue's URL (`/component?category=mlcc&range=…`). Loaded
 * with the page that shows it (see pages/library-home-page.tsx).
 */
export function CategoryItems({ code }: { code: string }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const { rangeUnits } = useLibraryConfig().search;
  const state = useMemo(() => ({ ...readSearchState(searchParams, rangeUnits), category: code }), [searchParams, rangeUnits, code]);
  const update = (next: SearchState) => {
    const params = writeSearchState({ ...next, category: code });
    const view = searchParams.get(CATEGORY_VIEW_PARAM);
    if (view) params.set(CATEGORY_VIEW_PARAM, view);
    setSearchParams(params);
  };
  return <SearchResults state={state} onChange={update} embedded />;
}
