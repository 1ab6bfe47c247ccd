import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorCode, isPortalError } from '@portal/http';
import { navigateAcrossApps, useSession } from '@portal/providers';
import { getLoginActiveTab, getToken, setLoginActiveTab, type LoginTab } from '@portal/session';
import { AUTH_NAMESPACE } from '../i18n';
import { openIdOf, signInWithWechat, type WechatAuthMessage } from '../features/auth/api/social';
import { LoginForm } from '../features/auth/components/forms/login-form';
import { followLoginRedirect } from '../features/auth/hooks/use-finish-sign-in';
import { errorText } from '../features/auth/hooks/use-sign-in-outcome';
import { NotRegisteredForm } from '../features/auth/components/forms/not-registered-form';
import { wechatRegisterPath } from '../features/auth/wechat-paths';
import { AuthPageFrame } from './auth-page-frame';

/** The scan result in a query (spec §2 route guard 3): code and state, optional redirect and scan_type. */
export function scanResultFromQuery(query: URLSearchParams): WechatAuthMessage | undefined {
  const code = query.get('code');
  const state = query.get('state');
  if (!code || !state) return undefined;
  const scanType = query.get('scan_type') === 'band' ? 'band' : 'login';
  return { action: 'wechatAuth', code, state, redirect: query.get('redirect') ?? undefined, scan_type: scanType };
}

/**
 * Inside the QR frame: posts the scan result to the parent window exactly once, under a full-screen
 * 正在登录... mask. Opened as a whole page (no parent), it finishes the WeChat sign-in itself.
 */
function WechatRedirect({ scan }: { scan: WechatAuthMessage }) {
  const { t } = useTranslation(AUTH_NAMESPACE);
  const posted = useRef(false);
  const [failure, setFailure] = useState<string>();
  useEffect(() => {
    if (posted.current) return;
    posted.current = true;
    if (window.parent !== window) {
      window.parent.postMessage(scan, window.location.origin);
      return;
    }
    signInWithWechat({ code: scan.code, state: scan.state })
      .then(() => followLoginRedirect(scan.redirect))
      .catch((error: unknown) => {
        const openId = openIdOf(error);
        if (isPortalError(error) && error.code === ErrorCode.socialAccountUnknown && openId) {
          navigateAcrossApps(wechatRegisterPath({ openId, redirect: scan.redirect }), { replace: true });
        } else {
          setFailure(errorText(error, t('errors.loginFailed')));
        }
      });
  }, [scan, t]);
  if (failure) return <Alert type="error" showIcon title={failure} data-testid="sso-error" />;
  return (
    <div className="auth-fullscreen-mask" data-testid="wechat-redirect-mask">
      <Spin size="large" />
      <span>{t('sso.signingIn')}</span>
    </div>
  );
}

/** /sso (spec §2 第三方授权): a third-party site sends the user here and gets the session back by redirect. */
export function SsoPage() {
  const { t } = useTranslation(AUTH_NAMESPACE);
  const [query] = useSearchParams();
  const user = useSession((state) => state.user);
  const [activeTab, setActiveTab] = useState<LoginTab>(getLoginActiveTab());
  const [unregisteredMobile, setUnregisteredMobile] = useState<string>();
  const scan = scanResultFromQuery(query);
  const redirect = query.get('redirect');
  if (scan) return <WechatRedirect scan={scan} />;

  let target: string | undefined;
  try {
    target = redirect && /^https?:\/\//i.test(redirect) ? new URL(redirect).host : undefined;
  } catch {
    target = undefined;
  }

  return (
    <AuthPageFrame title={t('pages.ssoTitle')} subtitle={target ? t('sso.requestedBy', { host: target }) : t('sso.noTarget')} testId="sso-page">
      {user && getToken() ? (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Typography.Text>{t('sso.signedInAs', { name: user.nickname || user.username || user.email || user.mobile })}</Typography.Text>
          <Button type="primary" block size="large" onClick={() => followLoginRedirect(redirect, { force: true })} data-testid="sso-authorise">
            {t('sso.authorise')}
          </Button>
        </Space>
      ) : unregisteredMobile ? (
        <NotRegisteredForm
          mobile={unregisteredMobile}
          onRegistered={() => followLoginRedirect(redirect, { force: true })}
          onBack={() => setUnregisteredMobile(undefined)}
        />
      ) : (
        <LoginForm
          activeTab={activeTab}
          onTabChange={(tab) => {
            setLoginActiveTab(tab);
            setActiveTab(tab);
          }}
          onSignedIn={() => followLoginRedirect(redirect, { force: true })}
          onRegister={() => navigateAcrossApps(`/register${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''}`)}
          onForgot={() => navigateAcrossApps(`/login${window.location.search}`)}
          onNotRegistered={setUnregisteredMobile}
          redirect={redirect ?? undefined}
        />
      )}
    </AuthPageFrame>
  );
}
