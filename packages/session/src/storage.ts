import Cookies from 'js-cookie';
import { cookieDomainFor } from './cookieDomain';

type CookieAttributes = NonNullable<Parameters<typeof Cookies.set>[2]>;

/**
 * Inside an embedding frame (design-software plugins, partner pages) third-party cookies are often
 * blocked, so every cookie value is mirrored into localStorage and read back from there (spec §9).
 */
export function isEmbeddedFrame(): boolean {
  if (typeof window === 'undefined') return false;
  try {
    return window.self !== window.top;
  } catch {
    // A cross-origin parent makes window.top inaccessible in some browsers: that is an embedded frame too.
    return true;
  }
}

export interface CookieWriteOptions {
  /** Lifetime in days (fractions allowed); omit for a browser-session cookie. */
  expiresDays?: number;
  /** Share across the parent domain (default true); false keeps the cookie on this host. */
  shareWithParentDomain?: boolean;
}

function currentHostname(): string {
  return typeof location === 'undefined' ? '' : location.hostname;
}

function cookieAttributes(options: CookieWriteOptions): CookieAttributes {
  const attributes: CookieAttributes = { path: '/' };
  if (options.expiresDays !== undefined) attributes.expires = options.expiresDays;
  if (options.shareWithParentDomain !== false) {
    const domain = cookieDomainFor(currentHostname());
    if (domain) attributes.domain = domain;
  }
  if (typeof location !== 'undefined' && location.protocol === 'https:') {
    // Embedded frames only receive cookies marked SameSite=None; Secure.
    attributes.secure = true;
    attributes.sameSite = isEmbeddedFrame() ? 'None' : 'Lax';
  }
  return attributes;
}

const MIRROR_PREFIX = 'portal_cookie:';

interface MirroredValue {
  value: string;
  /** Epoch ms after which the mirrored value counts as expired; null for no expiry. */
  expiresAt: number | null;
}

function readMirror(name: string, now = Date.now()): string | undefined {
  const raw = safeLocalStorage()?.getItem(MIRROR_PREFIX + name);
  if (!raw) return undefined;
  try {
    const parsed = JSON.parse(raw) as MirroredValue;
    if (parsed.expiresAt !== null && parsed.expiresAt <= now) {
      safeLocalStorage()?.removeItem(MIRROR_PREFIX + name);
      return undefined;
    }
    return parsed.value;
  } catch {
    return undefined;
  }
}

export function readCookie(name: string): string | undefined {
  const value = Cookies.get(name);
  if (value !== undefined) return value;
  return isEmbeddedFrame() ? readMirror(name) : undefined;
}

export function writeCookie(name: string, value: string, options: CookieWriteOptions = {}): void {
  Cookies.set(name, value, cookieAttributes(options));
  if (isEmbeddedFrame()) {
    const mirrored: MirroredValue = {
      value,
      expiresAt: options.expiresDays === undefined ? null : Date.now() + options.expiresDays * 86_400_000,
    };
    safeLocalStorage()?.setItem(MIRROR_PREFIX + name, JSON.stringify(mirrored));
  }
}

export function removeCookie(name: string, options: Pick<CookieWriteOptions, 'shareWithParentDomain'> = {}): void {
  const attributes = cookieAttributes(options);
  Cookies.remove(name, attributes);
  // A cookie written before the domain was known (or by an older build) may exist host-only as well.
  Cookies.remove(name, { path: '/' });
  safeLocalStorage()?.removeItem(MIRROR_PREFIX + name);
}

/** Storage can throw (Safari private mode, disabled storage, sandboxed frames): treat that as absent. */
export function safeLocalStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

export function safeSessionStorage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

/** Reads and parses JSON from a Storage; a missing or corrupt value gives undefined. */
export function readJson<T>(storage: Storage | undefined, key: string): T | undefined {
  const raw = storage?.getItem(key);
  if (raw === null || raw === undefined) return undefined;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return undefined;
  }
}

export function writeJson(storage: Storage | undefined, key: string, value: unknown): void {
  storage?.setItem(key, JSON.stringify(value));
}
