import { useMemo } from 'react';
import { Card, Space, Tag, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { useLibraryConfig } from '../config/library-config';
import { useLibraryTranslation } from '../i18n/use-library-translation';
import { SearchResults } from '../features/search/components/search-results';
import { hasCriteria, readSearchState, writeSearchState, type SearchState } from '../features/search/search-state';

/** /{library}/search: keyword tags from the URL, facets, range filters, sorting and paging. */
export default function SearchPage() {
  const { t } = useLibraryTranslation();
  const { library, search } = useLibraryConfig();
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => readSearchState(searchParams, search.rangeUnits), [searchParams, search.rangeUnits]);
  const runnable = hasCriteria(state);
  const update = (next: SearchState) => setSearchParams(writeSearchState(next));

  return (
    <div data-testid={`${library}-search`} style={{ padding: 16 }}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Typography.Text>{t('search.keywords')}</Typography.Text>
        {state.keyWords.map((keyword) => (
          <Tag key={keyword} color="blue" data-testid="search-keyword">
            {keyword}
          </Tag>
        ))}
        {state.notAnalyzerKeyWords.map((keyword) => (
          <Tag key={keyword} color="purple" data-testid="search-value-keyword">
            {keyword}
          </Tag>
        ))}
      </Space>
      {!runnable ? <Card data-testid="search-prompt">{t('search.prompt')}</Card> : <SearchResults state={state} onChange={update} />}
    </div>
  );
}
