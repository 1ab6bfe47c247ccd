// Exposed as `mfe_auth/RegisterPage`: rendered by the shell's route inside its simple layout and providers.
import { registerAuthMessages } from '../../i18n';
import '../../styles/auth.css';

registerAuthMessages();

export { RegisterPage as default } from '../../pages/register-page';
