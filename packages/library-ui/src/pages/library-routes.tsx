import { lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { Skeleton } from 'antd';
import { Outlet, Route } from 'react-router';
import { LibraryConfigProvider, type LibraryConfig } from '../config/library-config';

// Each page is its own chunk, fetched when its route is first shown: a library that only shows its
// home (or a coming-soon page) does not download the search, detail or compare pages.
const HomePage = lazy(() => import(/* webpackChunkName: "library-home-page" */ './home-page'));
const SearchPage = lazy(() => import(/* webpackChunkName: "library-search-page" */ './search-page'));
const DetailPage = lazy(() => import(/* webpackChunkName: "library-detail-page" */ './detail-page'));
const CompareBasketPage = lazy(() => import(/* webpackChunkName: "library-compare-page" */ './compare-basket-page'));
const ParamComparePage = lazy(() => import(/* webpackChunkName: "library-compare-page" */ './param-compare-page'));
const BrandPage = lazy(() => import(/* webpackChunkName: "library-brand-page" */ './brand-page'));
const BrandDetailPage = lazy(() => import(/* webpackChunkName: "library-brand-page" */ './brand-detail-page'));
const SimilarityPage = lazy(() => import(/* webpackChunkName: "library-similarity-page" */ './similarity-page'));
const Search3DPage = lazy(() => import(/* webpackChunkName: "library-shape-search-page" */ './search3d-page'));
const Search2DPage = lazy(() => import(/* webpackChunkName: "library-shape-search-page" */ './search2d-page'));

/**
 * A lazily loaded page as a route element, behind the library page skeleton while its chunk loads. The
 * shared pages use it, and so do a remote's own routes, so that no page but the first one shown is
 * downloaded with the application (issue 13).
 */
export function lazyPage(Page: LazyExoticComponent<ComponentType>) {
  return (
    <Suspense fallback={<Skeleton active style={{ padding: 16 }} data-testid="library-page-loading" />}>
      <Page />
    </Suspense>
  );
}

/**
 * The shared pages as `<Route>` elements below the library's prefix: home, search, detail, the
 * compare basket and the parameter table, manufacturers when the library has them (`brands`), and
 * similarity when the library has alternatives, the 3D / 2D model search when it has `shapeSearch`; `ownRoutes` are the remote's own pages. All of them inside one layout route that
 * gives them the configuration (`useLibraryConfig()`). Pass the result as `createLibraryApplication`'s
 * `routes`.
 */
export function libraryRoutes(config: LibraryConfig, ownRoutes?: ReactNode) {
  return (
    <Route
      element={
        <LibraryConfigProvider config={config}>
          <Outlet />
        </LibraryConfigProvider>
      }
    >
      <Route index element={lazyPage(HomePage)} />
      <Route path="search" element={lazyPage(SearchPage)} />
      {/* The shell resets scrolling on /{library}/detail/… (spec §2). */}
      <Route path="detail/:id" element={lazyPage(DetailPage)} />
      {/* 对比: the basket kept across pages; 参数对比: the parameter table of chosen items. */}
      <Route path="compare" element={lazyPage(CompareBasketPage)} />
      <Route path="param-compare" element={lazyPage(ParamComparePage)} />
      {config.brands && <Route path="brand-page" element={lazyPage(BrandPage)} />}
      {config.brands && <Route path="brand-detail/:id" element={lazyPage(BrandDetailPage)} />}
      {config.detail.alternatives && <Route path="similarity" element={lazyPage(SimilarityPage)} />}
      {config.shapeSearch && <Route path="search3D" element={lazyPage(Search3DPage)} />}
      {config.shapeSearch && <Route path="search2D" element={lazyPage(Search2DPage)} />}
      {ownRoutes}
    </Route>
  );
}
