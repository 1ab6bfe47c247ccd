import { useCallback } from 'react';
import { navigateAcrossApps } from '@portal/providers';
import { getRefreshToken, getToken, getTokenExpires } from '@portal/session';
import { lastSystemConfig } from '../api/system-config';
import { resolveLoginRedirect } from '../redirect';

/** Leaves a sign-in page for its `redirect` by the rules of spec §4 (see redirect.ts). */
export function followLoginRedirect(redirect: string | null | undefined, options: { force?: boolean } = {}): void {
  const accessToken = getToken();
  const decision = resolveLoginRedirect(redirect, {
    currentUrl: window.location.href,
    allowHosts: lastSystemConfig()?.redirectAllowHosts ?? [],
    tokens: accessToken ? { accessToken, refreshToken: getRefreshToken(), expiresTime: getTokenExpires() } : undefined,
    force: options.force,
  });
  if (decision.kind === 'location') window.location.assign(decision.url);
  else navigateAcrossApps(decision.path, { replace: true });
}

export function useFollowLoginRedirect() {
  return useCallback(followLoginRedirect, []);
}
