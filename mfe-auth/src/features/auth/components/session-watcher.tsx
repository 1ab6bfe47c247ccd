import { useEffect } from 'react';
import { App } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { configureHttp, getHttpConfig, type PortalError } from '@portal/http';
import { navigateAcrossApps, paths, useSession } from '@portal/providers';
import { getToken, isSessionExpired, resetUser, touchActivity } from '@portal/session';
import { AUTH_NAMESPACE } from '../../../i18n';
import { systemConfigQueryOptions } from '../api/system-config';
import { logout } from '../api/logout';

/** How often the inactivity check runs; the stamp itself is written at most once a second (spec §4). */
export const INACTIVITY_CHECK_MS = 5_000;
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'mousemove'] as const;

/**
 * Spec §4 session: activity stamps, logout after `token_expire_time` minutes without activity, and the
 * header back to signed-out when the HTTP client gives up on the session (refresh failed or exhausted).
 */
export function SessionWatcher() {
  const { t } = useTranslation(AUTH_NAMESPACE);
  const { message } = App.useApp();
  const user = useSession((state) => state.user);
  const config = useQuery({ ...systemConfigQueryOptions(), enabled: Boolean(user) });
  const expiryMinutes = config.data?.tokenExpireMinutes;

  useEffect(() => {
    if (!user) return;
    const onActivity = () => {
      if (getToken()) touchActivity();
    };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true });
    return () => {
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity);
    };
  }, [user]);

  useEffect(() => {
    if (!user || !expiryMinutes) return;
    const check = () => {
      if (!isSessionExpired(expiryMinutes)) return;
      void logout().finally(() => {
        message.warning(t('session.expired'));
        if (window.location.pathname.startsWith(paths.user())) navigateAcrossApps(paths.home());
      });
    };
    check();
    const timer = setInterval(check, INACTIVITY_CHECK_MS);
    return () => clearInterval(timer);
  }, [user, expiryMinutes, message, t]);

  useEffect(() => {
    const previous = getHttpConfig().onUnauthorized;
    configureHttp({
      onUnauthorized: (error: PortalError) => {
        resetUser();
        previous?.(error);
      },
    });
    return () => {
      configureHttp({ onUnauthorized: previous });
    };
  }, []);

  return null;
}
