import { useState } from 'react';
import { Alert, Input, Space, theme, Typography } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { currentLanguage, LIBRARIES, LIBRARY_KEYS, paths, type LibraryKey } from '@portal/providers';
import { useHomeSearch } from '../api/home-search';
import type { CategoryMatch, HomeSearchDecision, LibraryHit } from '../decide';
import '../home-search.css';

function categoryName(match: CategoryMatch): string {
  return currentLanguage() === 'en-US' ? match.nameEn || match.name : match.name;
}

/** The panel follows antd's theme (plugin mode may be dark), so its text stays readable on its background. */
function usePanelStyle(): CSSProperties {
  const { token } = theme.useToken();
  return { background: token.colorBgElevated, color: token.colorText };
}

function HitLine({ hit }: { hit: LibraryHit }) {
  const { t } = useTranslation('shell');
  const { t: tCommon } = useTranslation();
  const name = tCommon(LIBRARIES[hit.library].titleKey);
  return (
    <li className="home-search-hit" data-testid={`home-search-hit-${hit.library}`}>
      <Link to={hit.to} className="home-search-hit-library">
        {hit.library === 'component' ? t('homeSearch.componentCount', { name, count: hit.count }) : t('homeSearch.categoryCount', { name, count: hit.count })}
      </Link>
      {hit.categories.length > 0 ? (
        <span className="home-search-hit-names">
          {hit.categories.map((match) => (
            <Link key={match.code} to={paths.library(hit.library, { category: match.code })}>
              {categoryName(match)}
            </Link>
          ))}
          {hit.count > hit.categories.length ? <span>…</span> : null}
        </span>
      ) : null}
    </li>
  );
}

function ResultPanel({ query, decision }: { query: string; decision: Exclude<HomeSearchDecision, { kind: 'navigate' }> }) {
  const { t } = useTranslation('shell');
  const { t: tCommon } = useTranslation();
  const style = usePanelStyle();
  if (decision.kind === 'several') {
    return (
      <div className="home-search-panel" style={style} data-testid="home-search-results">
        <Typography.Text strong>{t('homeSearch.several', { query })}</Typography.Text>
        <ul className="home-search-hits">
          {decision.hits.map((hit) => (
            <HitLine key={hit.library} hit={hit} />
          ))}
        </ul>
      </div>
    );
  }
  const libraries = (keys: readonly LibraryKey[]) => keys.map((key) => tCommon(LIBRARIES[key].titleKey)).join(t('homeSearch.listSeparator'));
  return (
    <div className="home-search-panel" style={style} data-testid="home-search-none">
      <Typography.Text strong>{t('homeSearch.none', { query })}</Typography.Text>
      {decision.unavailable.length > 0 ? (
        <Typography.Paragraph type="secondary" className="home-search-unavailable">
          {t('homeSearch.unavailable', { names: libraries(decision.unavailable) })}
        </Typography.Paragraph>
      ) : null}
      <div className="home-search-browse">
        <Typography.Text type="secondary">{t('homeSearch.browse')}</Typography.Text>
        <Space wrap size={[16, 4]}>
          {LIBRARY_KEYS.map((key) => (
            <Link key={key} to={paths.library(key)} data-testid={`home-search-browse-${key}`}>
              {tCommon(LIBRARIES[key].titleKey)}
            </Link>
          ))}
        </Space>
      </div>
    </div>
  );
}

/**
 * The home page's search across the three libraries (issue 12): components by their search's total,
 * parts and materials by their category names. One library with matches → go there; several → a panel
 * with each library's count; none → say so and offer the libraries.
 */
export function HomeSearch() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const search = useHomeSearch();
  const panelStyle = usePanelStyle();
  const [text, setText] = useState('');
  const [shown, setShown] = useState<{ query: string; decision: Exclude<HomeSearchDecision, { kind: 'navigate' }> } | null>(null);
  const [empty, setEmpty] = useState(false);

  const submit = (value: string) => {
    const query = value.trim();
    setShown(null);
    if (!query) {
      setEmpty(true);
      return;
    }
    setEmpty(false);
    search.mutate(query, {
      onSuccess: (decision) => {
        if (decision.kind === 'navigate') navigate(decision.to);
        else setShown({ query, decision });
      },
    });
  };

  return (
    <div className="home-search" data-testid="home-search">
      <Input.Search
        size="large"
        enterButton={t('homeSearch.button')}
        placeholder={t('homeSearch.placeholder')}
        aria-label={t('homeSearch.label')}
        value={text}
        maxLength={128}
        onChange={(event) => {
          setText(event.target.value);
          if (empty) setEmpty(false);
        }}
        onSearch={submit}
        loading={search.isPending}
        data-testid="home-search-input"
      />
      {empty ? (
        <div className="home-search-panel" style={panelStyle}>
          {t('homeSearch.empty')}
        </div>
      ) : null}
      {search.isError ? <Alert className="home-search-panel" type="error" showIcon title={t('homeSearch.failed')} /> : null}
      {shown ? <ResultPanel query={shown.query} decision={shown.decision} /> : null}
    </div>
  );
}
