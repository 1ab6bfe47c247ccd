// Exposed as `mfe_auth/AgreementDialog`: the User Agreement / Privacy Policy dialog for other pages.
import { registerAuthMessages } from '../../i18n';

registerAuthMessages();

export { AgreementDialog as default, AGREEMENT_PAGES, type AgreementKind, type AgreementDialogProps } from '../../components/agreement/agreement-dialog';
