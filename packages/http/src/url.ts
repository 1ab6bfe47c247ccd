import { API_BASE, getHttpConfig } from './config';

export type QueryValue = string | number | boolean | Date | null | undefined;
export type QueryParams = Record<string, QueryValue | readonly QueryValue[]>;

function encodeValue(value: Exclude<QueryValue, null | undefined>): string {
  return value instanceof Date ? value.toISOString() : String(value);
}

/** Query string without the '?': undefined and null are skipped, arrays repeat the key (Spring style). */
export function buildQueryString(params: QueryParams | undefined): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [key, raw] of Object.entries(params)) {
    const values = Array.isArray(raw) ? raw : [raw];
    for (const value of values as QueryValue[]) {
      if (value === undefined || value === null) continue;
      search.append(key, encodeValue(value));
    }
  }
  return search.toString();
}

const ABSOLUTE_URL = /^([a-z][a-z\d+.-]*:)?\/\//i;

/**
 * Where a request goes (spec §7 "Base paths"):
 * absolute URLs as given; `/tool/api…` on the open-site host; `/mat/chat-recommend…` on the algorithm
 * host; paths already under one of the spec's bases (`/to/…`, `/tool/…`) as given; everything else
 * under API_BASE (`/base/system/auth/login` → `/to/api/base/system/auth/login`).
 */
export function resolveRequestUrl(url: string, params?: QueryParams): string {
  let target: string;
  if (ABSOLUTE_URL.test(url)) {
    target = url;
  } else {
    const path = url.startsWith('/') ? url : `/${url}`;
    const config = getHttpConfig();
    if (path === '/tool/api' || path.startsWith('/tool/api/')) target = config.openHost + path;
    else if (path.startsWith('/mat/chat-recommend')) target = config.algorithmHost + path;
    else if (path.startsWith('/to/') || path.startsWith('/tool/')) target = path;
    else target = API_BASE + path;
  }
  const query = buildQueryString(params);
  if (!query) return target;
  return `${target}${target.includes('?') ? '&' : '?'}${query}`;
}

/** fetch outside a page (tests, workers) needs an absolute URL; in a page this equals what the browser does. */
export function toAbsoluteUrl(url: string): string {
  if (typeof location === 'undefined' || ABSOLUTE_URL.test(url)) return url;
  return new URL(url, location.href).toString();
}
