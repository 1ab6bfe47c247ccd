/**
 * The shell reads two deploy-time files before it renders: /remotes.json and /portal-config.json. The
 * entry chunk requests them at once (`startEarlyFetches`), while the bootstrap chunk and the shared
 * modules (React, antd, …) are still downloading; before, they were requested only after all of that,
 * two round trips more before the first render (issue 13). `startUpFetch` hands each early answer out
 * once; any later call (a retry after a failure) goes to the network again.
 *
 * The portal inlines both files into index.html as a JSON data block (`<script type="application/json"
 * id="portal-start-up">`, an object of URL → content; `backends/portal/src/site.rs`): a URL found there is
 * answered from it without a request. Anything missing or unreadable there is fetched as before (the
 * shell's dev server, a portal that could not read portal-config.json).
 *
 * This module is imported by the entry before the async boundary: it must not import anything shared.
 */
const EARLY_INIT: RequestInit = { cache: 'no-store', headers: { Accept: 'application/json' } };

const early = new Map<string, Promise<Response>>();

/** Id of the portal's JSON data block in index.html. */
export const START_UP_DATA_ID = 'portal-start-up';

/** The inlined start-up files (URL → parsed content), or an empty object when there are none. */
export function readInlinedStartUp(doc: Document = document): Record<string, unknown> {
  const text = doc.getElementById(START_UP_DATA_ID)?.textContent;
  if (!text) return {};
  try {
    const data: unknown = JSON.parse(text);
    return data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function startEarlyFetches(urls: readonly string[], fetchImpl: typeof fetch = fetch, doc: Document = document): void {
  const inlined = readInlinedStartUp(doc);
  for (const url of urls) {
    if (Object.hasOwn(inlined, url)) {
      const body = JSON.stringify(inlined[url]);
      early.set(url, Promise.resolve(new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } })));
      continue;
    }
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
