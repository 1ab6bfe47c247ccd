import { lazy } from 'react';
import { Route } from 'react-router';
import { COMING_SOON_ROUTES, ComingSoonPage, type ComingSoonFeature } from '@portal/library-ui';
import { lazyPage, libraryRoutes } from '@portal/library-ui/items';
import { partLibrary } from '../config/part-library';

// Its own chunk, like the shared pages: /part does not download the recommend page.
const RecommendPage = lazy(() =>
  import(/* webpackChunkName: "part-recommend-page" */ '../pages/recommend-page').then((module) => ({ default: module.RecommendPage })),
);

/** Pages the toolbar links to that wait for their own issue (3D / 2D search: issue 18). */
const COMING_SOON: readonly ComingSoonFeature[] = ['search3D', 'search2D'];

/**
 * Routes below /part: the shared library pages (home with the catalogue, search, detail, compare,
 * param-compare, brand-page, brand-detail; docs/part-pages.md), the parts' recommend page, and the
 * coming-soon pages. Unknown paths are handed to the shell's /404 by createLibraryApplication.
 */
export const appRoutes = libraryRoutes(
  partLibrary,
  <>
    <Route path="recommend" element={lazyPage(RecommendPage)} />
    {COMING_SOON.map((feature) => (
      <Route key={feature} path={COMING_SOON_ROUTES[feature]} element={<ComingSoonPage library="part" feature={feature} />} />
    ))}
  </>,
);
