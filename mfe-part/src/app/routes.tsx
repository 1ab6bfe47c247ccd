import { Route } from 'react-router';
import { HomePage } from '../pages/home-page';

/**
 * Routes below /part. Unknown paths are handed to the shell's /404 by createLibraryApplication.
 * Add a page: a component in src/pages/, a <Route> here (see docs/frontend-remotes.md).
 */
export const appRoutes = (
  <>
    <Route index element={<HomePage />} />
  </>
);
