import { useState } from 'react';
import { Alert, App, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { getLoginActiveTab, setLoginActiveTab, type LoginTab } from '@portal/session';
import { AUTH_NAMESPACE } from '../i18n';
import { ForgotPasswordForm } from '../features/auth/components/forms/forgot-password-form';
import { LoginForm } from '../features/auth/components/forms/login-form';
import { NotRegisteredForm } from '../features/auth/components/forms/not-registered-form';
import { FORGOT_DIALOG_WIDTH, LOGIN_DIALOG_Z_INDEX } from '../features/auth/components/login-dialog';
import { followLoginRedirect } from '../features/auth/hooks/use-finish-sign-in';
import { authPagePath } from '../features/auth/auth-paths';
import { AuthPageFrame } from './auth-page-frame';

/**
 * /login (spec §2): the login form as a page. The query (redirect, message, code) is kept when switching
 * to /register; after sign-in the redirect rules of spec §4 apply.
 */
export function LoginPage() {
  const { t } = useTranslation(AUTH_NAMESPACE);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const [query] = useSearchParams();
  const [activeTab, setActiveTab] = useState<LoginTab>(getLoginActiveTab());
  const [forgotOpen, setForgotOpen] = useState(false);
  const [unregisteredMobile, setUnregisteredMobile] = useState<string>();
  const redirect = query.get('redirect') ?? undefined;
  const notice = query.get('message');

  const done = () => {
    message.success(t('login.done'));
    followLoginRedirect(redirect);
  };
  // /plugin/login leads to /plugin/register; plugin mode also lives on in session storage (500 px).
  const registerPath = authPagePath('register', location);

  return (
    <AuthPageFrame title={t('pages.loginTitle')} testId="login-page">
      {notice && <Alert type="warning" showIcon title={notice} className="auth-form-alert" data-testid="login-notice" />}
      {unregisteredMobile ? (
        <NotRegisteredForm mobile={unregisteredMobile} onRegistered={() => followLoginRedirect(redirect)} onBack={() => setUnregisteredMobile(undefined)} />
      ) : (
        <LoginForm
          activeTab={activeTab}
          onTabChange={(tab) => {
            setLoginActiveTab(tab);
            setActiveTab(tab);
          }}
          onSignedIn={done}
          onRegister={() => navigate(registerPath)}
          onForgot={() => setForgotOpen(true)}
          onNotRegistered={setUnregisteredMobile}
          redirect={redirect}
        />
      )}
      <Modal
        open={forgotOpen}
        onCancel={() => setForgotOpen(false)}
        width={FORGOT_DIALOG_WIDTH}
        zIndex={LOGIN_DIALOG_Z_INDEX}
        footer={null}
        title={t('forgot.title')}
        destroyOnHidden
        centered
        data-testid="forgot-dialog"
      >
        <ForgotPasswordForm onDone={() => setForgotOpen(false)} onBack={() => setForgotOpen(false)} onRegister={() => navigate(registerPath)} />
      </Modal>
    </AuthPageFrame>
  );
}
