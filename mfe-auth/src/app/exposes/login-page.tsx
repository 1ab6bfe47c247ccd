// Exposed as `mfe_auth/LoginPage`: rendered by the shell's route inside its simple layout and providers.
import { registerAuthMessages } from '../../i18n';
import '../../styles/auth.css';

registerAuthMessages();

export { LoginPage as default } from '../../pages/login-page';
