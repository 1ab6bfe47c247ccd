import { App, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { AUTH_NAMESPACE } from '../../../i18n';
import { currentPathForRedirect } from '../redirect';
import {
  backToLogin,
  closeLoginDialog,
  openForgotPasswordDialog,
  openRegisterDialog,
  selectLoginTab,
  showNotRegistered,
  useLoginDialog,
} from '../login-dialog-store';
import { ForgotPasswordForm } from './forms/forgot-password-form';
import { LoginForm } from './forms/login-form';
import { NotRegisteredForm } from './forms/not-registered-form';
import { RegisterForm } from './forms/register-form';

/** Spec §2 / §9: login dialog 470 px, register and forgot-password 460 px, all at layer 2000. */
export const LOGIN_DIALOG_WIDTH = 470;
export const REGISTER_DIALOG_WIDTH = 460;
export const FORGOT_DIALOG_WIDTH = 460;
export const LOGIN_DIALOG_Z_INDEX = 2000;

/**
 * The sign-in dialogs, mounted once by the shell's layout and driven by the dialog store. Closing
 * destroys the forms, which resets their sliders (spec §4 "On close the slider is reset").
 */
export function LoginDialog() {
  const { t } = useTranslation(AUTH_NAMESPACE);
  const { message } = App.useApp();
  const { open, activeTab, view, mobile } = useLoginDialog();

  const signedIn = () => {
    message.success(t('login.done'));
    closeLoginDialog();
  };

  const registered = () => closeLoginDialog();

  const loginOpen = open && (view === 'login' || view === 'notRegistered');
  return (
    <>
      <Modal
        open={loginOpen}
        onCancel={closeLoginDialog}
        width={LOGIN_DIALOG_WIDTH}
        zIndex={LOGIN_DIALOG_Z_INDEX}
        footer={null}
        title={view === 'notRegistered' ? t('notRegistered.title') : t('login.title')}
        destroyOnHidden
        centered
        data-testid="login-dialog"
        className="auth-dialog"
      >
        {view === 'notRegistered' && mobile ? (
          <NotRegisteredForm mobile={mobile} onRegistered={registered} onBack={backToLogin} />
        ) : (
          <LoginForm
            activeTab={activeTab}
            onTabChange={selectLoginTab}
            onSignedIn={signedIn}
            onRegister={openRegisterDialog}
            onForgot={openForgotPasswordDialog}
            onNotRegistered={showNotRegistered}
            redirect={currentPathForRedirect(window.location)}
          />
        )}
      </Modal>
      <Modal
        open={open && view === 'register'}
        onCancel={closeLoginDialog}
        width={REGISTER_DIALOG_WIDTH}
        zIndex={LOGIN_DIALOG_Z_INDEX}
        footer={null}
        title={t('register.title')}
        destroyOnHidden
        centered
        data-testid="register-dialog"
        className="auth-dialog"
      >
        <RegisterForm onRegistered={registered} onLogin={backToLogin} />
      </Modal>
      <Modal
        open={open && view === 'forgot'}
        onCancel={closeLoginDialog}
        width={FORGOT_DIALOG_WIDTH}
        zIndex={LOGIN_DIALOG_Z_INDEX}
        footer={null}
        title={t('forgot.title')}
        destroyOnHidden
        centered
        data-testid="forgot-dialog"
        className="auth-dialog"
      >
        <ForgotPasswordForm onDone={closeLoginDialog} onBack={backToLogin} onRegister={openRegisterDialog} />
      </Modal>
    </>
  );
}
