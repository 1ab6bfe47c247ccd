import {
  ACTIVITY_WRITE_INTERVAL_MS,
  COOKIE_KEYS,
  FROM_COOKIE_DEFAULT_MINUTES,
  FRONT_LOG_QUEUE_LIMIT,
  LOCAL_STORAGE_KEYS,
  RELOAD_GUARD_SECONDS,
  SESSION_STORAGE_KEYS,
  TENANT_COOKIE_DAYS,
  TENANT_QUERY_PARAM,
  TOKEN_COOKIE_DAYS,
} from './keys';
import { readCookie, readJson, removeCookie, safeLocalStorage, safeSessionStorage, writeCookie, writeJson } from './storage';

// ---- tokens (spec §4, §9) ----

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
  /** Access-token expiry as epoch milliseconds, as the server sends it. */
  expiresTime?: number;
}

export function getToken(): string | undefined {
  return readCookie(COOKIE_KEYS.accessToken) || undefined;
}

export function getRefreshToken(): string | undefined {
  return readCookie(COOKIE_KEYS.refreshToken) || undefined;
}

/** Access-token expiry (epoch ms) if the server sent one. */
export function getTokenExpires(): number | undefined {
  const raw = readCookie(COOKIE_KEYS.tokenExpires);
  const parsed = raw === undefined ? NaN : Number(raw);
  return Number.isFinite(parsed) ? parsed : undefined;
}

export function setToken(tokens: TokenPair): void {
  if (!tokens.accessToken) throw new Error('setToken: accessToken is empty');
  const options = { expiresDays: TOKEN_COOKIE_DAYS };
  writeCookie(COOKIE_KEYS.accessToken, tokens.accessToken, options);
  if (tokens.refreshToken) writeCookie(COOKIE_KEYS.refreshToken, tokens.refreshToken, options);
  if (tokens.expiresTime !== undefined) {
    writeCookie(COOKIE_KEYS.tokenExpires, String(tokens.expiresTime), options);
  } else {
    removeCookie(COOKIE_KEYS.tokenExpires);
  }
  touchActivity(Date.now(), { force: true });
}

export function clearToken(): void {
  removeCookie(COOKIE_KEYS.accessToken);
  removeCookie(COOKIE_KEYS.refreshToken);
  removeCookie(COOKIE_KEYS.tokenExpires);
  removeCookie(COOKIE_KEYS.lastActivity);
  lastActivityWrite = 0;
}

// ---- last activity (spec §4: written at most once per second) ----

let lastActivityWrite = 0;

/**
 * Records user activity at `now` (epoch ms). Writes happen at most once per second because this runs
 * on every click and request; returns whether the stamp was written.
 */
export function touchActivity(now: number = Date.now(), options: { force?: boolean } = {}): boolean {
  if (!options.force && now - lastActivityWrite < ACTIVITY_WRITE_INTERVAL_MS) return false;
  lastActivityWrite = now;
  writeCookie(COOKIE_KEYS.lastActivity, String(now), { expiresDays: TOKEN_COOKIE_DAYS });
  return true;
}

export function getLastActivity(): number | undefined {
  const parsed = Number(readCookie(COOKIE_KEYS.lastActivity));
  return Number.isFinite(parsed) && parsed > 0 ? parsed : undefined;
}

/**
 * True when a session exists and the time since the last activity exceeds `expiryMinutes`
 * (the `token_expire_time` config). Without a token there is no session to expire; without a stamp
 * (cookie removed by hand) the session counts as expired, as we cannot prove it is fresh.
 */
export function isSessionExpired(expiryMinutes: number, now: number = Date.now()): boolean {
  if (!getToken()) return false;
  if (!Number.isFinite(expiryMinutes) || expiryMinutes <= 0) return false;
  const last = getLastActivity();
  if (last === undefined) return true;
  return now - last > expiryMinutes * 60_000;
}

// ---- tenant / company (spec §6) ----

/** Tenant id from the Org-Id cookie, else from the `_companyId` query parameter of `search`. */
export function getTenantId(search: string = typeof location === 'undefined' ? '' : location.search): string | undefined {
  const fromCookie = readCookie(COOKIE_KEYS.tenantId);
  if (fromCookie) return fromCookie;
  const fromQuery = new URLSearchParams(search).get(TENANT_QUERY_PARAM);
  return fromQuery || undefined;
}

export function setTenantId(tenantId: string | number): void {
  writeCookie(COOKIE_KEYS.tenantId, String(tenantId), { expiresDays: TENANT_COOKIE_DAYS });
}

export function clearTenantId(): void {
  removeCookie(COOKIE_KEYS.tenantId);
}

// ---- `from` cookie (spec §2 route guard 1, §4) ----

export function setFrom(value: string, lifetimeMinutes: number = FROM_COOKIE_DEFAULT_MINUTES): void {
  const minutes = Number.isFinite(lifetimeMinutes) && lifetimeMinutes > 0 ? lifetimeMinutes : FROM_COOKIE_DEFAULT_MINUTES;
  writeCookie(COOKIE_KEYS.from, value, { expiresDays: minutes / (24 * 60) });
}

export function getFrom(): string | undefined {
  return readCookie(COOKIE_KEYS.from) || undefined;
}

// ---- last selected platform (spec §1, §6) ----

export type PlatformKey = 'management' | 'part' | 'component' | 'mat';
const PLATFORM_KEYS: readonly PlatformKey[] = ['management', 'part', 'component', 'mat'];

export function getSelectedPlatform(): PlatformKey | undefined {
  const value = readCookie(COOKIE_KEYS.selectedPlatform);
  return PLATFORM_KEYS.find((key) => key === value);
}

export function setSelectedPlatform(platform: PlatformKey): void {
  if (!PLATFORM_KEYS.includes(platform)) throw new Error(`unknown platform: ${String(platform)}`);
  writeCookie(COOKIE_KEYS.selectedPlatform, platform, { expiresDays: TOKEN_COOKIE_DAYS });
}

// ---- reload guard (spec §2 route guard 6) ----

/**
 * Claims the one automatic reload allowed after a module-load failure. Returns true when the caller may
 * reload now; false while a reload happened in the last 10 seconds (so a broken remote cannot loop).
 */
export function claimReloadGuard(): boolean {
  if (readCookie(COOKIE_KEYS.reloadGuard)) return false;
  writeCookie(COOKIE_KEYS.reloadGuard, '1', {
    expiresDays: RELOAD_GUARD_SECONDS / 86_400,
    shareWithParentDomain: false,
  });
  return true;
}

// ---- session storage: mode, head type, channel, plugin state (spec §2-§4) ----

export type PortalMode = 'private' | 'open';

export function getMode(): PortalMode {
  return safeSessionStorage()?.getItem(SESSION_STORAGE_KEYS.mode) === 'private' ? 'private' : 'open';
}

export function setMode(mode: PortalMode): void {
  safeSessionStorage()?.setItem(SESSION_STORAGE_KEYS.mode, mode === 'private' ? 'private' : 'open');
}

export function toggleMode(): PortalMode {
  const next: PortalMode = getMode() === 'private' ? 'open' : 'private';
  setMode(next);
  return next;
}

/** Header types of spec §3: Part 1, Component 2, Home 3, Mat 4. */
export const HEAD_TYPE = { part: 1, component: 2, home: 3, mat: 4 } as const;
export type HeadType = (typeof HEAD_TYPE)[keyof typeof HEAD_TYPE];

export function getHeadType(): HeadType | undefined {
  const value = Number(safeSessionStorage()?.getItem(SESSION_STORAGE_KEYS.headType));
  return (Object.values(HEAD_TYPE) as number[]).includes(value) ? (value as HeadType) : undefined;
}

export function setHeadType(headType: HeadType): void {
  safeSessionStorage()?.setItem(SESSION_STORAGE_KEYS.headType, String(headType));
}

/** The channel code sent in the `channel` header; the shell sets the portal channel at start. */
export function getChannel(): string | undefined {
  return safeSessionStorage()?.getItem(SESSION_STORAGE_KEYS.channel) || undefined;
}

export function setChannel(channel: string | number): void {
  safeSessionStorage()?.setItem(SESSION_STORAGE_KEYS.channel, String(channel));
}

export type SoftwareType = 'CAD' | 'EDA' | 'CAE' | 'CAM';

/** Plugin state of spec §3, restored when a /plugin path is opened without query parameters. */
export interface PluginState {
  softwareType: SoftwareType;
  softwareName?: string;
  fileType?: string;
  pluginVersion?: string;
  wechatOrigin?: string;
  showSequence?: boolean;
}

export function getPluginState(): PluginState | undefined {
  const state = readJson<PluginState>(safeSessionStorage(), SESSION_STORAGE_KEYS.pluginState);
  return state && ['CAD', 'EDA', 'CAE', 'CAM'].includes(state.softwareType) ? state : undefined;
}

export function setPluginState(state: PluginState): void {
  writeJson(safeSessionStorage(), SESSION_STORAGE_KEYS.pluginState, state);
}

export function clearPluginState(): void {
  safeSessionStorage()?.removeItem(SESSION_STORAGE_KEYS.pluginState);
}

// ---- local storage: login tab, front-end log queue (spec §2, §7, §9) ----

export type LoginTab = 'account' | 'phone' | 'wechat';

export function getLoginActiveTab(): LoginTab {
  const value = safeLocalStorage()?.getItem(LOCAL_STORAGE_KEYS.loginActiveTab);
  return value === 'phone' || value === 'wechat' ? value : 'account';
}

export function setLoginActiveTab(tab: LoginTab): void {
  safeLocalStorage()?.setItem(LOCAL_STORAGE_KEYS.loginActiveTab, tab);
}

export function readFrontLogQueue<T = unknown>(): T[] {
  const queue = readJson<T[]>(safeLocalStorage(), LOCAL_STORAGE_KEYS.frontLogQueue);
  return Array.isArray(queue) ? queue : [];
}

/** Stores the queue, keeping only the newest 30 entries (spec §9). */
export function writeFrontLogQueue<T>(entries: readonly T[]): T[] {
  const kept = entries.slice(-FRONT_LOG_QUEUE_LIMIT);
  writeJson(safeLocalStorage(), LOCAL_STORAGE_KEYS.frontLogQueue, kept);
  return kept;
}

export function clearFrontLogQueue(): void {
  safeLocalStorage()?.removeItem(LOCAL_STORAGE_KEYS.frontLogQueue);
}
