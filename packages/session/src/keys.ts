/**
 * Every storage key the portal reads or writes, in one place so host and remotes agree (spec §2-§4, §6, §9).
 * Changing a value here logs every user out or loses their stored preferences: treat them as a public contract.
 */
export const COOKIE_KEYS = {
  accessToken: 'ACCESS_TOKEN',
  refreshToken: 'REFRESH_TOKEN',
  tokenExpires: 'TOKEN_EXPIRES',
  lastActivity: 'LAST_ACTIVITY',
  from: 'from',
  tenantId: 'Org-Id',
  selectedPlatform: 'portal_sel_platform',
  reloadGuard: 'portal_reload_guard',
} as const;

export const SESSION_STORAGE_KEYS = {
  mode: 'mode',
  headType: 'headType',
  channel: 'channel',
  pluginState: 'pluginState',
} as const;

export const LOCAL_STORAGE_KEYS = {
  frontLogQueue: 'portal_front_log',
  loginActiveTab: 'loginActiveName',
} as const;

/** Query parameter that carries the tenant when no Org-Id cookie exists (spec §6). */
export const TENANT_QUERY_PARAM = '_companyId';

/** Lifetimes from spec §4 and §9. */
export const TOKEN_COOKIE_DAYS = 30;
export const TENANT_COOKIE_DAYS = 30;
export const FROM_COOKIE_DEFAULT_MINUTES = 24 * 60;
export const RELOAD_GUARD_SECONDS = 10;
export const ACTIVITY_WRITE_INTERVAL_MS = 1000;
export const FRONT_LOG_QUEUE_LIMIT = 30;
