import { createLibraryApplication } from '@portal/library-ui';
import '../i18n';
import { appRoutes } from './routes';

/** single-spa lifecycles of the parts library, exposed to the shell as `mfe_part/app`. */
export const { bootstrap, mount, unmount } = createLibraryApplication({ library: 'part', routes: appRoutes });
