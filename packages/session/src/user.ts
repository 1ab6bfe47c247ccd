import type { PortalUser } from './store';

/** The user classes of spec §4, as pure functions of the user object. */

export const BLOCKED_ORG_ID = 1;
export const PLATFORM_ORG_ID = 0;
/** businessScope code that grants the enterprise (private) library. */
export const ENTERPRISE_LIBRARY_SCOPE = 1;
export const ALL_PERMISSIONS = '*:*:*';

type UserLike = Pick<PortalUser, 'orgId' | 'orgEnable' | 'businessScope'> | null | undefined;

/** orgId 1, or an organisation that is explicitly disabled. */
export function isBlocked(user: UserLike): boolean {
  if (!user) return false;
  return user.orgId === BLOCKED_ORG_ID || user.orgEnable === false;
}

export function isPlatformUser(user: UserLike): boolean {
  return !!user && user.orgId === PLATFORM_ORG_ID;
}

export function isPrivateDeploymentUser(user: UserLike): boolean {
  return !!user && typeof user.orgId === 'number' && user.orgId > BLOCKED_ORG_ID;
}

/** An administrator of an enabled private-deployment organisation (the server grants its member routes the same way). */
export function isOrgAdmin(user: Pick<PortalUser, 'orgId' | 'orgEnable' | 'orgAdmin'> | null | undefined): boolean {
  return isPrivateDeploymentUser(user) && !isBlocked(user) && user?.orgAdmin === true;
}

/** Only on the parts library can an eligible organisation member switch to the enterprise library. */
export function canSwitchEnterpriseLibrary(user: UserLike, library: 'part' | 'component' | 'mat' | string): boolean {
  return library === 'part' && isPrivateDeploymentUser(user) && (user?.businessScope ?? []).map(Number).includes(ENTERPRISE_LIBRARY_SCOPE);
}

export const PERMISSION_VALUE_MISSING = '未设置权限值';

/**
 * True when `held` contains the wildcard or any of `required`. An empty requirement is a programming
 * error (a directive or guard with no value), so it throws instead of silently granting or denying.
 */
export function hasPermission(held: readonly string[] | null | undefined, required: string | readonly string[]): boolean {
  const codes = (typeof required === 'string' ? [required] : [...required]).filter((code) => code !== '');
  if (codes.length === 0) throw new Error(PERMISSION_VALUE_MISSING);
  const owned = held ?? [];
  return owned.includes(ALL_PERMISSIONS) || codes.some((code) => owned.includes(code));
}
