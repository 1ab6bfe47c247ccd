// Exposed as `mfe_auth/SsoPage`: rendered by the shell's route inside its simple layout and providers.
import { registerAuthMessages } from '../../i18n';
import '../../styles/auth.css';

registerAuthMessages();

export { SsoPage as default } from '../../pages/sso-page';
