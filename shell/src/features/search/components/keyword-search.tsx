import { AutoComplete, Button, Input, Tag } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { buildSearchQuery, LIMITS, validateKeywords } from '@portal/validators';
import type { LibraryKey } from '@portal/providers';
import { debounce } from '../../../app/rules/timing';
import { useToast } from '../../overlays';
import { useSuggestions } from '../api/suggest';
import { addTag, backspaceOnEmpty, editTag, removeTag, tagsFromQuery, type TagInputState } from '../keyword-tags';

/** Spec §9: 100 ms in the input, then 200 ms with at most 1000 ms of waiting before the request. */
export const INPUT_DEBOUNCE_MS = 100;
export const REQUEST_DEBOUNCE_MS = 200;
export const REQUEST_MAX_WAIT_MS = 1000;

interface KeywordSearchProps {
  library: LibraryKey;
  /** Whether a search without any keyword is allowed (spec §5: refused unless permitted). */
  allowEmpty?: boolean;
}

/** The header's keyword search by library: tags, suggestions, unit-normalised search (spec §2, §4, §5). */
export function KeywordSearch({ library, allowEmpty = false }: KeywordSearchProps) {
  const { t } = useTranslation('shell');
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const [state, setState] = useState<TagInputState>({ tags: [], input: '' });
  const [requestKeyword, setRequestKeyword] = useState('');
  const inputRef = useRef<{ focus: () => void } | null>(null);
  const suggestions = useSuggestions(library, requestKeyword);

  // The tags of the search being shown, so the box always tells what the results are for.
  const onSearchPage = location.pathname === `/${library}/search`;
  const queryKeyWords = onSearchPage ? new URLSearchParams(location.search).get('keyWords') : null;
  useEffect(() => {
    if (onSearchPage) setState({ tags: tagsFromQuery(queryKeyWords), input: '' });
  }, [onSearchPage, queryKeyWords]);

  const scheduleRequest = useMemo(() => {
    const request = debounce((keyword: string) => setRequestKeyword(keyword.trim()), REQUEST_DEBOUNCE_MS, { maxWaitMs: REQUEST_MAX_WAIT_MS });
    const input = debounce((keyword: string) => request(keyword), INPUT_DEBOUNCE_MS);
    return Object.assign(input, {
      cancelAll: () => {
        input.cancel();
        request.cancel();
      },
    });
  }, []);
  useEffect(() => () => scheduleRequest.cancelAll(), [scheduleRequest]);

  const setInput = (input: string) => {
    setState((current) => ({ ...current, input }));
    scheduleRequest(input);
  };

  const apply = (next: TagInputState & { error?: string }) => {
    if (next.error) toast.error(next.error);
    setState({ tags: next.tags, input: next.input });
    if (!next.error) scheduleRequest(next.input);
  };

  const search = () => {
    const error = validateKeywords(state.tags, { input: state.input, allowEmpty });
    if (error) {
      toast.error(error);
      return;
    }
    const withPending = state.input.trim() ? addTag(state, state.input) : state;
    const tags = withPending.tags;
    setState({ tags, input: '' });
    scheduleRequest.cancelAll();
    setRequestKeyword('');
    const query = buildSearchQuery(tags);
    const params = new URLSearchParams({ keyWords: query.keyWords });
    if (query.notAnalyzerKeyWords) params.set('notAnalyzerKeyWords', query.notAnalyzerKeyWords);
    navigate(`/${library}/search?${params.toString()}`);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && state.input === '' && state.tags.length > 0) {
      event.preventDefault();
      apply(backspaceOnEmpty(state));
    } else if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      search();
    }
  };

  const options = (requestKeyword && state.input.trim() ? (suggestions.data ?? []) : []).map((value) => ({ value, label: value }));
  // The keyword whose answer the options show, once it has arrived (browser tests wait on it).
  const suggestionsFor = requestKeyword && suggestions.isSuccess && !suggestions.isFetching ? requestKeyword : undefined;

  return (
    <div className="keyword-search" data-testid="keyword-search" data-suggestions-for={suggestionsFor} data-suggestion-count={options.length}>
      <div className="keyword-search-field" onClick={() => inputRef.current?.focus()}>
        {state.tags.map((tag, index) => (
          <Tag
            key={`${tag}-${index}`}
            closable
            className="keyword-tag"
            data-testid="keyword-tag"
            onClose={(event) => {
              event.preventDefault();
              event.stopPropagation();
              setState((current) => removeTag(current, index));
            }}
            onClick={(event) => {
              event.stopPropagation();
              apply(editTag(state, index));
              inputRef.current?.focus();
            }}
          >
            {tag}
          </Tag>
        ))}
        <AutoComplete
          className="keyword-search-autocomplete"
          value={state.input}
          options={options}
          defaultActiveFirstOption={false}
          popupMatchSelectWidth={280}
          onChange={(value) => setInput(String(value ?? ''))}
          onSelect={(value) => apply(addTag({ ...state, input: '' }, String(value)))}
        >
          <Input
            ref={(node) => {
              inputRef.current = node;
            }}
            variant="borderless"
            maxLength={LIMITS.keywordInput}
            placeholder={state.tags.length === 0 ? t(`search.placeholder.${library}`) : ''}
            onKeyDown={onKeyDown}
            data-testid="keyword-input"
          />
        </AutoComplete>
      </div>
      <Button type="primary" icon={<SearchOutlined />} onClick={search} data-testid="keyword-search-button" className="keyword-search-button">
        {t('search.button')}
      </Button>
    </div>
  );
}
