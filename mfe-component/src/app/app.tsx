import { createLibraryApplication } from '@portal/library-ui';
import '../i18n';
import { appRoutes } from './routes';

/** single-spa lifecycles of the components library, exposed to the shell as `mfe_component/app`. */
export const { bootstrap, mount, unmount } = createLibraryApplication({ library: 'component', routes: appRoutes });
