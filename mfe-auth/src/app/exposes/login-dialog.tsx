// Exposed as `mfe_auth/LoginDialog`: mounted once by the shell's layout, opened through the dialog store.
import { registerAuthMessages } from '../../i18n';
import '../../styles/auth.css';

registerAuthMessages();

export { LoginDialog as default } from '../../features/auth/components/login-dialog';
