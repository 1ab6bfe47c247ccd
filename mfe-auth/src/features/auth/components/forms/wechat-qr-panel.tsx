import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Spin, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorCode, isPortalError } from '@portal/http';
import { navigateAcrossApps } from '@portal/providers';
import { AUTH_NAMESPACE } from '../../../../i18n';
import type { PermissionInfo } from '../../api/get-permission-info';
import { buildQrConnectUrl, getSocialConfig, isWechatAuthMessage, openIdOf, signInWithWechat, type WechatAuthMessage } from '../../api/social';
import { useSignInFailure } from '../../hooks/use-sign-in-outcome';
import { closeLoginDialog } from '../../login-dialog-store';
import { wechatRegisterPath } from '../../wechat-paths';

export const WECHAT_FRAME_SIZE = { width: 300, height: 400 };

/**
 * Listens for the one `wechatAuth` message the QR redirect page posts (spec §4: handled once). Only
 * messages from this origin count: the redirect page is one of ours.
 */
export function useWechatAuthMessage(enabled: boolean, handle: (message: WechatAuthMessage) => void): void {
  const handled = useRef(false);
  const latest = useRef(handle);
  latest.current = handle;
  useEffect(() => {
    if (!enabled) return;
    handled.current = false;
    const listener = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || !isWechatAuthMessage(event.data) || handled.current) return;
      handled.current = true;
      latest.current(event.data);
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [enabled]);
}

interface WechatQrFrameProps {
  scanType: 'login' | 'band';
  redirect?: string;
  /** Offered when WeChat sign-in is off on this site (login tab only): switch to the account tab. */
  onUseAccount?: () => void;
  /** Shown above the QR code only (not when WeChat is off or unavailable). */
  hint?: string;
}

/** True when the server says WeChat sign-in is not switched on for this site (code 501, feature off). */
export function isWechatOff(error: unknown): boolean {
  return isPortalError(error) && error.code === ErrorCode.featureOff;
}

/**
 * The QR-connect frame built from the server's social configuration. When WeChat is off on this site
 * the user reads that in plain words (and, on the login tab, is offered the account tab), never the
 * server's technical message; another failure says WeChat is unavailable for now, with a retry.
 */
export function WechatQrFrame({ scanType, redirect, onUseAccount, hint }: WechatQrFrameProps) {
  const { t } = useTranslation(AUTH_NAMESPACE);
  // A fresh state per opening: the server checks it once on social-login.
  const config = useQuery({ queryKey: ['auth', 'social-config', scanType], queryFn: getSocialConfig, staleTime: 0, gcTime: 0, retry: false });
  if (config.isPending) return <Spin className="auth-wechat-loading" />;
  if (config.isError && isWechatOff(config.error)) {
    return (
      <Alert
        type="info"
        showIcon
        title={t(scanType === 'band' ? 'wechat.bindOff' : 'wechat.off')}
        description={
          <>
            <div>{t(scanType === 'band' ? 'wechat.bindOffHint' : 'wechat.offHint')}</div>
            {onUseAccount && (
              <Button type="primary" size="small" className="auth-wechat-off-action" onClick={onUseAccount} data-testid="wechat-use-account">
                {t('wechat.useAccount')}
              </Button>
            )}
          </>
        }
        data-testid="wechat-off"
      />
    );
  }
  if (config.isError) {
    return (
      <Alert
        type="warning"
        showIcon
        title={t('wechat.unavailable')}
        description={t('wechat.unavailableHint')}
        action={
          <Button size="small" onClick={() => config.refetch()}>
            {t('wechat.retry')}
          </Button>
        }
        data-testid="wechat-unavailable"
      />
    );
  }
  const frame = (
    <iframe
      className="auth-wechat-frame"
      title={t('wechat.frameTitle')}
      src={buildQrConnectUrl(config.data, { scanType, redirect })}
      width={WECHAT_FRAME_SIZE.width}
      height={WECHAT_FRAME_SIZE.height}
      data-testid="wechat-frame"
    />
  );
  return hint ? (
    <>
      <Typography.Text type="secondary">{hint}</Typography.Text>
      {frame}
    </>
  ) : (
    frame
  );
}

interface WechatQrPanelProps {
  active: boolean;
  redirect?: string;
  onSignedIn: (info: PermissionInfo) => void;
  /** Switches the login form to the account tab (offered when WeChat is off). */
  onUseAccount?: () => void;
}

/** The login dialog's QR tab: scan → social login; an unknown WeChat account (199999) → /wechatregister. */
export function WechatQrPanel({ active, redirect, onSignedIn, onUseAccount }: WechatQrPanelProps) {
  const { t } = useTranslation(AUTH_NAMESPACE);
  const [status, setStatus] = useState<'waiting' | 'signing-in'>('waiting');
  const [failure, setFailure] = useState<string>();
  const reportFailure = useSignInFailure();
  const [frameKey, setFrameKey] = useState(0);

  useWechatAuthMessage(active && status === 'waiting', (scan) => {
    setStatus('signing-in');
    signInWithWechat({ code: scan.code, state: scan.state })
      .then(onSignedIn)
      .catch((error: unknown) => {
        const openId = openIdOf(error);
        if (isPortalError(error) && error.code === ErrorCode.socialAccountUnknown && openId) {
          closeLoginDialog();
          navigateAcrossApps(wechatRegisterPath({ openId, redirect: scan.redirect ?? redirect }));
          return;
        }
        setFailure(reportFailure(error));
        setFrameKey((key) => key + 1);
      })
      .finally(() => setStatus('waiting'));
  });

  return (
    <div className="auth-wechat-panel" data-testid="wechat-panel">
      {failure && <Alert type="error" showIcon title={failure} className="auth-form-alert" />}
      {status === 'signing-in' ? (
        <Spin tip={t('wechat.signingIn')}>
          <div style={WECHAT_FRAME_SIZE} />
        </Spin>
      ) : (
        active && <WechatQrFrame key={frameKey} scanType="login" redirect={redirect} onUseAccount={onUseAccount} hint={t('wechat.hint')} />
      )}
    </div>
  );
}
