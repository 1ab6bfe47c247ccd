import type { SystemSchema } from '@portal/api-types';
import { setToken } from '@portal/session';
import { fetchSystemConfig } from './system-config';
import { loadSignedInUser, type PermissionInfo } from './get-permission-info';

export type LoginTokens = SystemSchema<'LoginAnswer'>;

/**
 * What follows every successful sign-in (spec §4 "Register"): tokens saved, configuration read,
 * user info loaded. Throws BlockedUserError for blocked users (already signed out again).
 */
export async function completeSignIn(tokens: LoginTokens): Promise<PermissionInfo> {
  setToken({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, expiresTime: tokens.expiresTime });
  // The configuration drives the inactivity logout; a failed read must not undo a good sign-in.
  await fetchSystemConfig().catch((error: unknown) => console.warn('system_config could not be read', error));
  return loadSignedInUser();
}
