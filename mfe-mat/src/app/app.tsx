import { createLibraryApplication } from '@portal/library-ui';
import '../i18n';
import { appRoutes } from './routes';

/** single-spa lifecycles of the materials library, exposed to the shell as `mfe_mat/app`. */
export const { bootstrap, mount, unmount } = createLibraryApplication({ library: 'mat', routes: appRoutes });
