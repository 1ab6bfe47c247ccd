export * from './keys';
export { browserAcceptsCookieDomain, clearCookieDomainCache, cookieDomainCandidates, cookieDomainFor, isHostWithoutParentDomain } from './cookieDomain';
export { isEmbeddedFrame, readCookie, readJson, removeCookie, safeLocalStorage, safeSessionStorage, writeCookie, writeJson } from './storage';
export type { CookieWriteOptions } from './storage';
export * from './session';
export * from './store';
export * from './user';
export * from './operations';
