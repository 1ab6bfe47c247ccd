import { i18n } from '@portal/providers';
import { mountStandalone } from '@portal/library-ui';
import { bootstrap, mount, unmount } from './app/app';
import { I18N_NAMESPACE } from './i18n';

// Only reached when this remote's own dev server page is opened (port 3003); the portal loads
// `./app` instead. Mounts the application alone so the library team can work without the shell.
document.title = i18n.t('standalone.title', { ns: I18N_NAMESPACE });
void mountStandalone('component', { bootstrap, mount, unmount });
