import { useMemo } from 'react';
import { Card, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { I18N_NAMESPACE } from '../i18n';
import { SearchResults } from '../features/search/components/search-results';
import { hasCriteria, readSearchState, writeSearchState, type SearchState } from '../features/search/search-state';

/** /component/search: keyword tags from the URL, facets, range filters, sorting and paging. */
export function SearchPage() {
  const { t } = useTranslation(I18N_NAMESPACE);
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => readSearchState(searchParams), [searchParams]);
  const runnable = hasCriteria(state);
  const update = (next: SearchState) => setSearchParams(writeSearchState(next));

  return (
    <div data-testid="component-search" style={{ padding: 16 }}>
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
      {!runnable ? (
        <Card data-testid="search-prompt">{t('search.prompt')}</Card>
      ) : (
        <SearchResults state={state} onChange={update} />
      )}
    </div>
  );
}
