import { queryOptions } from '@tanstack/react-query';
import { http } from '@portal/http';
import type { PortalUser } from '@portal/session';

export const profileQueryKey = ['auth', 'profile'] as const;

/** GET /base/system/user/profile → the permission-info user. */
export function getProfile(): Promise<PortalUser> {
  return http.get<PortalUser>('/base/system/user/profile');
}

export const profileQueryOptions = () => queryOptions({ queryKey: profileQueryKey, queryFn: getProfile });

export interface ProfileUpdate {
  nickname?: string;
  orgName?: string;
  avatar?: string;
}

/** PUT /base/system/user/profile. */
export function updateProfile(update: ProfileUpdate): Promise<unknown> {
  return http.put('/base/system/user/profile', update, { silent: true });
}

/** PUT /base/system/user/profile/password. */
export function changePassword(input: { oldPassword: string; newPassword: string }): Promise<unknown> {
  return http.put('/base/system/user/profile/password', input, { silent: true });
}

/** POST /base/system/auth/sessions/revoke-others → how many sessions ended. */
export function revokeOtherSessions(): Promise<number> {
  return http.post<number>('/base/system/auth/sessions/revoke-others', undefined, { silent: true });
}
