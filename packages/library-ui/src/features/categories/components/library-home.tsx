import { useCallback, useMemo, type ReactNode } from 'react';
import { Alert, Button, Empty, Result, Skeleton } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LIBRARIES, type LibraryKey } from '@portal/providers';
import '../../../i18n/messages';
import { useCategoryTree } from '../api/get-category-tree';
import { catalogueView, countCategories, indexCategories } from '../tree';
import type { CategoryNode } from '../types';
import { CategoryPanel } from './category-panel';
import { CategoryTreePanel } from './category-tree-panel';
import './library-home.css';

/** The URL query parameter holding the selected category's code (linkable, back-button friendly). */
export const CATEGORY_QUERY_PARAM = 'category';
/** `?view=items` opens a branch on its items (a leaf always is, when the library lists items). */
export const CATEGORY_VIEW_PARAM = 'view';

/** What a library that has items adds to its catalogue (components today). */
export interface CatalogueItems {
  /** Items per category code, its subtree included; shown on the cards and in the panel's header. */
  counts?: Readonly<Record<string, number>>;
  /** The list of a category's items (with the library's facets and filters). */
  render: (category: CategoryNode) => ReactNode;
}

export interface LibraryHomeProps {
  library: LibraryKey;
  /** A sentence under the title saying what the library holds; the remote owns its wording. */
  description?: string;
  /** A library with items lists them under a leaf (and any node on request) and counts them on the cards. */
  items?: CatalogueItems;
}

function HomeSkeleton() {
  const { t } = useTranslation('library');
  return (
    <div className="lib-home__body" data-testid="library-home-loading" aria-busy="true" aria-label={t('state.loading')}>
      <div className="lib-tree-panel">
        <Skeleton active title={false} paragraph={{ rows: 12 }} />
      </div>
      <div className="lib-panel">
        <Skeleton active paragraph={{ rows: 1 }} />
        <div className="lib-panel__grid">
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton.Node key={index} active className="lib-skeleton-card" />
          ))}
        </div>
      </div>
    </div>
  );
}

function Catalogue({ roots, items }: { roots: CategoryNode[]; items?: CatalogueItems }) {
  const { t } = useTranslation('library');
  const [searchParams, setSearchParams] = useSearchParams();
  const index = useMemo(() => indexCategories(roots), [roots]);

  const requestedCode = searchParams.get(CATEGORY_QUERY_PARAM);
  const located = (requestedCode ? index.get(requestedCode) : undefined) ?? index.get(roots[0].code)!;
  const unknownCode = requestedCode && !index.has(requestedCode) ? requestedCode : null;

  const { focusPath, showItems } = catalogueView(located, {
    listsItems: Boolean(items),
    itemsRequested: searchParams.get(CATEGORY_VIEW_PARAM) === 'items',
  });
  const focus = focusPath[focusPath.length - 1];
  const selectedPath = useMemo(() => located.path.map((node) => node.code), [located]);

  const select = useCallback(
    (code: string, view?: 'items') => {
      // Another category starts afresh: the filters of the previous list do not apply to it.
      const next = new URLSearchParams();
      next.set(CATEGORY_QUERY_PARAM, code);
      if (view) next.set(CATEGORY_VIEW_PARAM, view);
      // Re-selecting the current node should not stack duplicate history entries.
      setSearchParams(next, { replace: code === requestedCode && (view === 'items') === showItems });
    },
    [requestedCode, setSearchParams, showItems],
  );

  return (
    <>
      {unknownCode ? <Alert className="lib-home__notice" type="warning" showIcon title={t('panel.unknownCategory', { code: unknownCode })} /> : null}
      <div className="lib-home__body">
        <CategoryTreePanel roots={roots} selectedCode={located.node.code} selectedPath={selectedPath} onSelect={select} />
        <CategoryPanel
          focus={focus}
          focusPath={focusPath}
          selectedCode={located.node.code}
          onSelect={select}
          counts={items?.counts}
          items={showItems && items ? items.render(focus) : undefined}
          onShowItems={items ? () => select(focus.code, 'items') : undefined}
        />
      </div>
    </>
  );
}

/**
 * A library's home page: its title and the category catalogue (tree on the left, the selected
 * category's sub-categories as cards on the right). Shared by the three library remotes.
 */
export function LibraryHome({ library, description, items }: LibraryHomeProps) {
  const { t } = useTranslation(['library', 'common']);
  const tree = useCategoryTree(library);
  const meta = LIBRARIES[library];
  const roots = tree.data ?? [];

  let content;
  if (tree.isPending) {
    content = <HomeSkeleton />;
  } else if (tree.isError) {
    content = (
      <div className="lib-home__state" data-testid="library-home-error">
        <Result
          status="error"
          title={t('state.errorTitle')}
          subTitle={tree.error.message || t('state.errorFallback')}
          extra={
            <Button type="primary" icon={<ReloadOutlined />} loading={tree.isFetching} data-testid="library-home-retry" onClick={() => void tree.refetch()}>
              {t('state.retry')}
            </Button>
          }
        />
      </div>
    );
  } else if (roots.length === 0) {
    content = (
      <div className="lib-home__state" data-testid="library-home-empty">
        <Empty description={t('state.empty')} />
      </div>
    );
  } else {
    content = <Catalogue roots={roots} items={items} />;
  }

  return (
    <div className="lib-home" data-testid={`library-home-${library}`}>
      <header className="lib-home__header">
        <div>
          <div className="lib-home__eyebrow">{t('home.eyebrow')}</div>
          <h1 className="lib-home__title">
            {t(meta.titleKey, { ns: 'common' })}
            <span className="lib-home__title-secondary">{meta.name === t(meta.titleKey, { ns: 'common' }) ? meta.nameEn : meta.name}</span>
          </h1>
          {description ? <p className="lib-home__description">{description}</p> : null}
        </div>
        {roots.length > 0 ? (
          <dl className="lib-home__stats">
            <div className="lib-home__stat">
              <dt>{t('home.topLevelLabel')}</dt>
              <dd>{roots.length}</dd>
            </div>
            <div className="lib-home__stat">
              <dt>{t('home.totalLabel')}</dt>
              <dd>{countCategories(roots)}</dd>
            </div>
          </dl>
        ) : null}
      </header>
      {content}
    </div>
  );
}
