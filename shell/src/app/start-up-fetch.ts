/**
 * The shell reads two deploy-time files before it renders: /remotes.json and /portal-config.json. The
 * entry chunk requests them at once (`startEarlyFetches`), while the bootstrap chunk and the shared
 * modules (React, antd, …) are still downloading; before, they were requested only after all of that,
 * two round trips more before the first render (issue 13). `startUpFetch` hands each early answer out
 * once; any later call (a retry after a failure) goes to the network again.
 *
 * This module is imported by the entry before the async boundary: it must not import anything shared.
 */
const EARLY_INIT: RequestInit = { cache: 'no-store', headers: { Accept: 'application/json' } };

const early = new Map<string, Promise<Response>>();

export function startEarlyFetches(urls: readonly string[], fetchImpl: typeof fetch = fetch): void {
  for (const url of urls) {
    const pending = fetchImpl(url, EARLY_INIT);
    // The reader sees the failure when it takes the answer; nothing is reported here.
    pending.catch(() => undefined);
    early.set(url, pending);
  }
}

/** `fetch`, except that a URL started early is answered once with that early answer. */
export function startUpFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const pending = early.get(url);
  if (pending) {
    early.delete(url);
    return pending;
  }
  return fetch(input, init);
}
