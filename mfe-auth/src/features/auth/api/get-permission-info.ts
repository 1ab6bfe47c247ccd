import type { SystemSchema } from '@portal/api-types';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@portal/http';
import { clearToken, getToken, isBlocked, resetUser, sessionStore } from '@portal/session';

/** The portal side of the application (spec §1: appType 2 = organisation side, 1 = platform side). */
export const PORTAL_APP_TYPE = 2;

export type PermissionInfo = SystemSchema<'PermissionInfo'>;

/** Spec §6/§8: a blocked user (orgId 1 or organisation disabled) may not use the open platform. */
export class BlockedUserError extends Error {
  override readonly name = 'BlockedUserError';
  constructor() {
    super('暂无权限，请联系管理员');
  }
}

export function isBlockedUserError(error: unknown): error is BlockedUserError {
  return error instanceof BlockedUserError;
}

/** GET /base/system/auth/get-permission-info?appType=2 (spec §7). */
export function getPermissionInfo(appType: number = PORTAL_APP_TYPE): Promise<PermissionInfo> {
  return http.get<PermissionInfo>('/base/system/auth/get-permission-info', { appType }, { silent: true });
}

function endLocalSession(): void {
  clearToken();
  resetUser();
}

/**
 * Loads the signed-in user into the shared session store (spec §4: not loaded → loaded). A failed
 * fetch resets the user and clears the token, so a stale token never shows a half-signed-in header.
 * A blocked user is signed out again at once (the server session too) and BlockedUserError is thrown.
 */
export async function loadSignedInUser(): Promise<PermissionInfo> {
  let info: PermissionInfo;
  try {
    info = await getPermissionInfo();
  } catch (error) {
    console.error('permission info could not be loaded', error);
    endLocalSession();
    throw error;
  }
  if (isBlocked(info.user)) {
    await http.post('/base/system/auth/logout', undefined, { silent: true }).catch(() => undefined);
    endLocalSession();
    throw new BlockedUserError();
  }
  sessionStore.setState({
    user: info.user,
    permissions: info.permissions ?? [],
    roles: info.roles ?? [],
    isSetUser: true,
  });
  return info;
}

export const signedInUserQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'permission-info', PORTAL_APP_TYPE],
    queryFn: loadSignedInUser,
    retry: false,
    staleTime: Infinity,
  });

/** Restores the header's signed-in state after a reload: runs once when a token exists but no user. */
export function useRestoreSignedInUser(isSetUser: boolean) {
  return useQuery({ ...signedInUserQueryOptions(), enabled: !isSetUser && Boolean(getToken()) });
}
