// Exposed as `mfe_auth/PersonalCenter`: the shell renders it for /user and /personalCenter/myInfo.
import { registerAuthMessages } from '../../i18n';
import '../../styles/auth.css';

registerAuthMessages();

export { PersonalCenter as default } from '../../features/profile/components/personal-center';
