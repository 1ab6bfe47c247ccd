import { lazy } from 'react';
import { Route } from 'react-router';
import { lazyPage, libraryRoutes } from '@portal/library-ui/items';
import { componentLibrary } from '../config/component-library';

// Its own chunk, like the shared pages: /component does not download the recommend page's table.
const RecommendPage = lazy(() =>
  import(/* webpackChunkName: "recommend-page" */ '../pages/recommend-page').then((module) => ({ default: module.RecommendPage })),
);

/**
 * Routes below /component: the shared library pages (home, search, detail, compare, param-compare,
 * brand-page, brand-detail, similarity; see docs/adding-a-library.md) and the components library's own
 * recommend page, all given the configuration. Unknown paths are handed to the shell's /404 by
 * createLibraryApplication.
 */
export const appRoutes = libraryRoutes(componentLibrary, <Route path="recommend" element={lazyPage(RecommendPage)} />);
