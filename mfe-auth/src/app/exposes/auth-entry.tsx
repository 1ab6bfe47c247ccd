// Exposed as `mfe_auth/AuthEntry`: rendered by the shell's header inside the shell's providers.
import { registerAuthMessages } from '../../i18n';
import '../../styles/auth.css';

registerAuthMessages();

export { AuthEntry as default } from '../../features/auth/components/auth-entry';
