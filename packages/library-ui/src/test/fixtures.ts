import type { CategoryNode } from '../features/categories/types';

let nextId = 1;

/** A category node as the API returns it; ids and parent ids are filled in by `tree`. */
function node(code: string, name: string, nameEn: string, children: CategoryNode[] = [], sort = 0): CategoryNode {
  return { id: nextId++, code, name, nameEn, parentId: null, sort, children };
}

function linkParents(nodes: CategoryNode[], parentId: number | null): CategoryNode[] {
  return nodes.map((child) => ({ ...child, parentId, children: linkParents(child.children, child.id) }));
}

/** A small electronic-components taxonomy, deliberately not in display order (see `sort`). */
export function componentTree(): CategoryNode[] {
  nextId = 1;
  return linkParents(
    [
      node(
        'capacitor',
        '电容',
        'Capacitors',
        [node('mlcc', '多层陶瓷电容', 'MLCC'), node('aluminum-electrolytic', '铝电解电容', 'Aluminium Electrolytic Capacitors')],
        2,
      ),
      node(
        'resistor',
        '电阻',
        'Resistors',
        [
          node('chip-resistor', '贴片电阻', 'Chip Resistors', [node('thick-film', '厚膜电阻', 'Thick Film'), node('thin-film', '薄膜电阻', 'Thin Film')], 1),
          node('through-hole-resistor', '插件电阻', 'Through-Hole Resistors', [], 2),
        ],
        1,
      ),
      node('crystal', '晶振', 'Crystals', [], 3),
    ],
    null,
  );
}

/** The `{code, data, msg}` envelope of the portal API. */
export function envelope(data: unknown, code = 0, msg = ''): string {
  return JSON.stringify({ code, data, msg });
}

export interface FetchStub {
  calls: string[];
  respond: (status: number, body: string) => void;
}

/**
 * Replaces global fetch; every call answers with the response queued last (or the default).
 * Records the URL of each call.
 */
export function stubFetch(status: number, body: string): FetchStub {
  const stub: FetchStub = {
    calls: [],
    respond: (nextStatus, nextBody) => {
      status = nextStatus;
      body = nextBody;
    },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      stub.calls.push(url);
      return new Response(body, { status, headers: { 'content-type': 'application/json;charset=UTF-8' } });
    }),
  );
  return stub;
}

/** jsdom has no ResizeObserver; antd's Tree and Input observe their size. Nothing resizes in jsdom. */
export function installResizeObserver(): void {
  if (typeof window.ResizeObserver === 'function') return;
  class InertResizeObserver {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  vi.stubGlobal('ResizeObserver', InertResizeObserver);
}

/** One call a routed fetch stub received: method, absolute URL and the JSON body it sent (if any). */
export interface RecordedFetch {
  method: string;
  url: URL;
  body: unknown;
  /** The request's headers as sent. */
  headers: Headers;
  /** The body as sent, unparsed (a FormData of an upload, say). */
  rawBody: BodyInit | null | undefined;
}

/**
 * What a route answers: an HTTP status (200 unless given) and a body, usually an `envelope`; a JSON content
 * type unless `headers` says otherwise (a file download).
 */
export interface FetchAnswer {
  status?: number;
  body: string;
  headers?: Record<string, string>;
}

/**
 * Replaces global fetch with `route`, which answers each call by what it asks (method, path, query);
 * a call it leaves unanswered gets the server's 404 envelope; a route may answer later (a promise), to show what
 * the page does meanwhile. Records every call, its JSON body parsed.
 */
export function routeFetch(route: (call: RecordedFetch) => FetchAnswer | undefined | Promise<FetchAnswer | undefined>): { calls: RecordedFetch[] } {
  const calls: RecordedFetch[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const text = typeof init?.body === 'string' ? init.body : undefined;
      const call: RecordedFetch = {
        method: (init?.method ?? 'GET').toUpperCase(),
        url: new URL(href, 'http://localhost'),
        body: text ? JSON.parse(text) : undefined,
        headers: new Headers(init?.headers),
        rawBody: init?.body,
      };
      calls.push(call);
      const answer = (await route(call)) ?? { status: 404, body: envelope(null, 404, `请求地址不存在:${call.url.pathname}`) };
      const headers = new Headers({ 'content-type': 'application/json;charset=UTF-8' });
      for (const [name, value] of Object.entries(answer.headers ?? {})) headers.set(name, value);
      return new Response(answer.body, { status: answer.status ?? 200, headers });
    }),
  );
  return { calls };
}
