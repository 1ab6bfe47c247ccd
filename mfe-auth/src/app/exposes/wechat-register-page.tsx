// Exposed as `mfe_auth/WechatRegisterPage`: rendered by the shell's route inside its simple layout and providers.
import { registerAuthMessages } from '../../i18n';
import '../../styles/auth.css';

registerAuthMessages();

export { WechatRegisterPage as default } from '../../pages/wechat-register-page';
