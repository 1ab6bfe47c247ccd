import { Route } from 'react-router';
import { COMING_SOON_ROUTES, ComingSoonPage, type ComingSoonFeature } from '@portal/library-ui';
import { HomePage } from '../pages/home-page';

/**
 * Pages the header links to (toolbar, search box, private mode's brand detail) that this library has
 * not built yet: each shows the shared coming-soon page until its own issue replaces the element.
 */
const COMING_SOON: readonly ComingSoonFeature[] = ['search', 'brand', 'brandDetail', 'paramCompare', 'search3D', 'search2D', 'compare', 'recommend'];

/**
 * Routes below /part. Unknown paths are handed to the shell's /404 by createLibraryApplication.
 * Add a page: a component in src/pages/, a <Route> here (see docs/frontend-remotes.md).
 */
export const appRoutes = (
  <>
    <Route index element={<HomePage />} />
    {COMING_SOON.map((feature) => (
      <Route key={feature} path={COMING_SOON_ROUTES[feature]} element={<ComingSoonPage library="part" feature={feature} />} />
    ))}
  </>
);
