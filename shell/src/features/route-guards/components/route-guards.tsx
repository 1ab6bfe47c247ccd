import { useEffect, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { getMode, setFrom, setTenantId, setToken } from '@portal/session';
import { useSession } from '@portal/providers';
import { applyPluginMode } from '../../../app/start-up';
import { appStore } from '../../../app/state/app-state';
import { planQueryGuards, privateModeRedirect, withoutParams } from '../../../app/rules/route-guards';
import { handleAppError } from '../../errors';
import { configMinutes, fetchSystemConfig } from '../api/system-config';
import { loadUserInfo } from '../api/permission-info';
import { withLoading } from '../../overlays';

/** Keeps the `from` value with the configured lifetime (spec §4: 1 day by default, else from_expire_time minutes). */
async function storeFrom(value: string): Promise<void> {
  let minutes: number | undefined;
  try {
    minutes = configMinutes(await fetchSystemConfig(), 'from_expire_time');
  } catch (error) {
    console.error('[shell] system_config unavailable; the from cookie keeps its default lifetime:', error);
  }
  setFrom(value, minutes);
}

/**
 * The route guards of spec §2, run before every page: 1 `from` → cookie; 2 token in the query → stored,
 * user loaded, removed from the URL; 3 code + state → loading mask and a `wechatAuth` message to the
 * parent window; 4 otherwise continue; 5 /part in private mode → the organisation's brand page;
 * 6 and 7 (reload once on a shell chunk failure, common error handler) are window listeners here and
 * the route error boundary.
 */
export function RouteGuards() {
  const location = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation('shell');
  const orgId = useSession((state) => state.user?.orgId ?? null);

  useLayoutEffect(() => {
    applyPluginMode(location.pathname, location.search);
    const plan = planQueryGuards(location.search);
    if (plan.from) void storeFrom(plan.from);
    if (plan.tenantId) setTenantId(plan.tenantId);
    if (plan.tokens) {
      setToken({ ...plan.tokens, refreshToken: plan.tokens.refreshToken ?? '' });
      // The page waits under the loading mask until it knows who is signed in.
      void withLoading(loadUserInfo);
    }
    if (plan.wechatAuth) {
      appStore.setState({ loginMask: true });
      // Only a parent on the portal's own origin may receive the scan result.
      if (window.parent !== window) window.parent.postMessage(plan.wechatAuth, window.location.origin);
    }
    if (plan.remove.length > 0) {
      navigate(
        { pathname: location.pathname, search: withoutParams(location.search, plan.remove), hash: location.hash },
        { replace: true, state: location.state },
      );
      return;
    }
    const redirect = privateModeRedirect(location.pathname, getMode(), orgId);
    if (redirect) navigate(redirect, { replace: true });
  }, [location.key, location.pathname, location.search, orgId]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    const fallback = t('errorDialog.generic');
    const onRejection = (event: PromiseRejectionEvent) => handleAppError(event.reason, 'rejection', fallback);
    window.addEventListener('unhandledrejection', onRejection);
    return () => window.removeEventListener('unhandledrejection', onRejection);
  }, [t]);

  return null;
}
