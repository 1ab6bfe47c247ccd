import type { PortalError } from './errors';
import type { HttpLocale } from './messages';

/** The main API base on the current host (spec §7). */
export const API_BASE = '/to/api';
export const DEFAULT_TIMEOUT_MS = 60_000;
/** Spec §4/§9: refresh is attempted fewer than 10 times. */
export const MAX_REFRESH_ATTEMPTS = 10;
export const REFRESH_TOKEN_PATH = '/base/system/auth/refresh-token';

export interface HttpConfig {
  /** Origin of the open site, for paths under /tool/api ('' = same origin). */
  openHost: string;
  /** Origin of the algorithm tool host, for paths under /mat/chat-recommend ('' = same origin). */
  algorithmHost: string;
  /** Called once for every non-muted error of a request that is not `silent`. */
  onError?: (error: PortalError) => void;
  /** Called when the session is gone: refresh failed or exhausted, or a token was refused with none to refresh. */
  onUnauthorized?: (error: PortalError) => void;
  /** Login address for errors that redirect to login. */
  loginPath: string;
  timeout: number;
  locale: HttpLocale;
}

export function defaultHttpConfig(): HttpConfig {
  return {
    openHost: '',
    algorithmHost: '',
    loginPath: '/login',
    timeout: DEFAULT_TIMEOUT_MS,
    locale: 'zh-CN',
  };
}

let current: HttpConfig = defaultHttpConfig();

/** Merges settings into the client configuration (the shell calls this once at start). */
export function configureHttp(settings: Partial<HttpConfig>): HttpConfig {
  const trimmed = { ...settings };
  if (trimmed.openHost !== undefined) trimmed.openHost = trimmed.openHost.replace(/\/+$/, '');
  if (trimmed.algorithmHost !== undefined) trimmed.algorithmHost = trimmed.algorithmHost.replace(/\/+$/, '');
  if (trimmed.timeout !== undefined && !(trimmed.timeout > 0)) throw new Error('configureHttp: timeout must be positive');
  current = { ...current, ...trimmed };
  return current;
}

export function getHttpConfig(): Readonly<HttpConfig> {
  return current;
}

export function resetHttpConfig(): void {
  current = defaultHttpConfig();
}
