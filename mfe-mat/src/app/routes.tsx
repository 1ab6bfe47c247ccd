import { lazy } from 'react';
import { Route } from 'react-router';
import { COMING_SOON_ROUTES } from '@portal/library-ui';
import { lazyPage, libraryRoutes } from '@portal/library-ui/items';
import { matLibrary } from '../config/mat-library';

// Its own chunk, like the shared pages: /mat does not download the comparison (its charts are a
// further chunk of their own).
const MatComparePage = lazy(() =>
  import(/* webpackChunkName: "mat-compare-page" */ '../pages/mat-compare-page').then((module) => ({ default: module.MatComparePage })),
);

// Its own chunk: /mat does not download the recommendation page.
const RecommendPage = lazy(() =>
  import(/* webpackChunkName: "mat-recommend-page" */ '../pages/recommend-page').then((module) => ({ default: module.RecommendPage })),
);

/**
 * Routes below /mat: the shared library pages (home with the catalogue, search, detail, compare
 * basket, 参数对比, 3D / 2D search of the other libraries' models; docs/mat-pages.md) with no 厂商 pages (`brands: false`: /mat/brand-page answers the
 * 404 page, as any unknown path does), 材料对比, and 材料推荐 (with the chat recommendation). Unknown paths are handed to
 * the shell's /404 by createLibraryApplication.
 */
export const appRoutes = libraryRoutes(
  matLibrary,
  <>
    <Route path={COMING_SOON_ROUTES.matCompare} element={lazyPage(MatComparePage)} />
    <Route path={COMING_SOON_ROUTES.matRecommend} element={lazyPage(RecommendPage)} />
  </>,
);
