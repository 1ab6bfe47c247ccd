/** Test-only helpers shared by this package's tests (not exported from the package index). */
/** The part of vitest's global `jsdom` instance (the JSDOM object behind the test page) used here. */
interface JsdomHandle {
  reconfigure(settings: { url: string }): void;
}

/** Expires every cookie visible to the page, host-only and parent-domain ones alike. */
export function clearAllCookies(): void {
  const labels = location.hostname.split('.');
  const domains = [''];
  for (let take = 2; take <= labels.length; take += 1) domains.push(`; domain=.${labels.slice(-take).join('.')}`);
  for (const pair of document.cookie.split('; ').filter(Boolean)) {
    const name = pair.split('=')[0];
    for (const domain of domains) {
      document.cookie = `${name}=; path=/${domain}; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
    }
  }
}

export function setPageUrl(url: string): void {
  (globalThis as unknown as { jsdom: JsdomHandle }).jsdom.reconfigure({ url });
}

/** Makes the page look like it runs inside a frame (window.top !== window) until the returned undo runs. */
export function pretendEmbedded(): () => void {
  const original = Object.getOwnPropertyDescriptor(window, 'top');
  Object.defineProperty(window, 'top', { configurable: true, value: {} });
  return () => {
    if (original) Object.defineProperty(window, 'top', original);
  };
}
