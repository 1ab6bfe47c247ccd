import { lazy } from 'react';
import { Route } from 'react-router';
import { COMING_SOON_ROUTES, ComingSoonPage, type ComingSoonFeature } from '@portal/library-ui';
import { lazyPage } from '@portal/library-ui/items';
import { HomePage } from '../pages/home-page';

// Its own chunk: /mat does not download the recommendation page.
const RecommendPage = lazy(() =>
  import(/* webpackChunkName: "mat-recommend-page" */ '../pages/recommend-page').then((module) => ({ default: module.RecommendPage })),
);

/**
 * Pages the header links to (toolbar, search box) or the spec's route table names for materials that
 * this library has not built yet: each shows the shared coming-soon page until its own issue replaces
 * the element.
 */
const COMING_SOON: readonly ComingSoonFeature[] = ['search', 'brand', 'paramCompare', 'search3D', 'search2D', 'matCompare'];

/**
 * Routes below /mat. Unknown paths are handed to the shell's /404 by createLibraryApplication.
 * Add a page: a component in src/pages/, a <Route> here (see docs/frontend-remotes.md).
 */
export const appRoutes = (
  <>
    <Route index element={<HomePage />} />
    <Route path={COMING_SOON_ROUTES.matRecommend} element={lazyPage(RecommendPage)} />
    {COMING_SOON.map((feature) => (
      <Route key={feature} path={COMING_SOON_ROUTES[feature]} element={<ComingSoonPage library="mat" feature={feature} />} />
    ))}
  </>
);
