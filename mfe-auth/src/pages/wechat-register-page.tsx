import { Alert, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '@portal/providers';
import { AUTH_NAMESPACE } from '../i18n';
import { RegisterForm } from '../features/auth/components/forms/register-form';
import { followLoginRedirect } from '../features/auth/hooks/use-finish-sign-in';
import { openLoginDialog } from '../features/auth/login-dialog-store';
import { AuthPageFrame } from './auth-page-frame';

/**
 * /wechatregister and /plugin/wechatregister (spec §2): a WeChat account the portal does not know
 * registers here; the openId from the 199999 answer binds it to the new account.
 */
export function WechatRegisterPage() {
  const { t } = useTranslation(AUTH_NAMESPACE);
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const openId = query.get('openId') ?? undefined;
  const redirect = query.get('redirect');
  if (!openId) {
    return (
      <AuthPageFrame title={t('pages.wechatRegisterTitle')} testId="wechat-register-page">
        <Result status="warning" title={t('wechatRegister.missing')} />
      </AuthPageFrame>
    );
  }
  return (
    <AuthPageFrame title={t('pages.wechatRegisterTitle')} testId="wechat-register-page">
      <Alert type="info" showIcon title={t('wechatRegister.notice')} className="auth-form-alert" />
      <RegisterForm
        openId={openId}
        submitLabel={t('wechatRegister.submit')}
        onRegistered={() => followLoginRedirect(redirect)}
        onLogin={() => {
          navigate(paths.home());
          openLoginDialog('account');
        }}
      />
    </AuthPageFrame>
  );
}
