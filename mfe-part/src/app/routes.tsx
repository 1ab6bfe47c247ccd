import { lazy } from 'react';
import { Route } from 'react-router';
import { lazyPage, libraryRoutes } from '@portal/library-ui/items';
import { partLibrary } from '../config/part-library';

// Its own chunk, like the shared pages: /part does not download the recommend page.
const RecommendPage = lazy(() =>
  import(/* webpackChunkName: "part-recommend-page" */ '../pages/recommend-page').then((module) => ({ default: module.RecommendPage })),
);

/**
 * Routes below /part: the shared library pages (home with the catalogue, search, detail, compare,
 * param-compare, brand-page, brand-detail, search3D and search2D; docs/part-pages.md) and the parts'
 * recommend page. Unknown paths are handed to the shell's /404 by createLibraryApplication.
 */
export const appRoutes = libraryRoutes(partLibrary, <Route path="recommend" element={lazyPage(RecommendPage)} />);
