import { clearToken, getChannel, getRefreshToken, getTenantId, getToken, setToken } from '@portal/session';
import { getHttpConfig, MAX_REFRESH_ATTEMPTS, REFRESH_TOKEN_PATH } from './config';
import { createPortalError, ErrorCode, isPortalError, PortalError, toPortalError } from './errors';
import { httpMessage } from './messages';
import { resolveRequestUrl, toAbsoluteUrl, type QueryParams } from './url';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface RequestConfig {
  url: string;
  method?: HttpMethod;
  params?: QueryParams;
  /** JSON-serialised unless it is FormData, Blob, URLSearchParams, ArrayBuffer or a string. */
  data?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Milliseconds before the request fails with 408 (default 60 000). */
  timeout?: number;
  /** Do not report failures through `onError`; the caller handles them. */
  silent?: boolean;
}

/** A request ready to send: absolute URL, final headers and body. */
interface PreparedRequest {
  url: string;
  method: HttpMethod;
  headers: Record<string, string>;
  body: BodyInit | undefined;
  timeout: number;
  /** The access token sent, to tell a stale token from a refused one on 401. */
  token: string | undefined;
}

const TIMEOUT_REASON = Symbol('portal-http-timeout');
const CANCEL_REASON = Symbol('portal-http-cancel');

function isRawBody(data: unknown): data is BodyInit {
  return (
    typeof data === 'string' ||
    (typeof FormData !== 'undefined' && data instanceof FormData) ||
    (typeof Blob !== 'undefined' && data instanceof Blob) ||
    data instanceof URLSearchParams ||
    data instanceof ArrayBuffer ||
    ArrayBuffer.isView(data)
  );
}

/** Session headers of spec §7: Bearer token, tenant-id, channel; the caller's headers win. */
export function sessionHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const tenantId = getTenantId();
  if (tenantId) headers['tenant-id'] = tenantId;
  const channel = getChannel();
  if (channel) headers.channel = channel;
  return headers;
}

function prepare(config: RequestConfig, options: { anonymous?: boolean } = {}): PreparedRequest {
  const method = (config.method ?? 'GET').toUpperCase() as HttpMethod;
  const headers: Record<string, string> = { Accept: 'application/json, text/plain, */*' };
  const session = sessionHeaders();
  if (options.anonymous) delete session.Authorization;
  Object.assign(headers, session);
  let body: BodyInit | undefined;
  if (method !== 'GET' && config.data !== undefined && config.data !== null) {
    if (isRawBody(config.data)) {
      body = config.data;
    } else {
      body = JSON.stringify(config.data);
      headers['Content-Type'] = 'application/json;charset=UTF-8';
    }
  }
  Object.assign(headers, config.headers);
  return {
    url: toAbsoluteUrl(resolveRequestUrl(config.url, config.params)),
    method,
    headers,
    body,
    timeout: config.timeout ?? getHttpConfig().timeout,
    token: options.anonymous ? undefined : session.Authorization?.slice('Bearer '.length),
  };
}

function errorOptions() {
  const { locale, loginPath } = getHttpConfig();
  return { locale, loginPath };
}

function abortError(signal: AbortSignal, prepared: PreparedRequest, cause: unknown): PortalError {
  if (signal.reason === TIMEOUT_REASON) {
    return createPortalError(
      {
        code: ErrorCode.timeout,
        messageId: 'http.timeout',
        message: httpMessage('http.timeout', getHttpConfig().locale, { ms: prepared.timeout }),
        url: prepared.url,
        cause,
      },
      errorOptions(),
    );
  }
  return canceledError(prepared.url);
}

function canceledError(url: string): PortalError {
  return createPortalError({ code: ErrorCode.canceled, url }, errorOptions());
}

const MAX_TEXT_MESSAGE = 500;

/** Turns an answer into the payload, or throws the PortalError it means (spec §7 "Common to every request", §8). */
export function interpretResponse(status: number, text: string, url?: string): unknown {
  const options = errorOptions();
  if (text.trim() === '') {
    throw createPortalError(
      { code: ErrorCode.server, messageId: 'http.emptyBody', message: httpMessage('http.emptyBody', options.locale), status, url },
      options,
    );
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON (a proxy's error page, a plain-text answer): the text is the message, the HTTP status the code.
    const message = text.trim().slice(0, MAX_TEXT_MESSAGE);
    throw createPortalError({ code: status, message, status, url }, options);
  }
  if (body !== null && typeof body === 'object' && 'code' in body) {
    const envelope = body as { code: unknown; data?: unknown; msg?: unknown; message?: unknown; errors?: unknown };
    const code = Number(envelope.code);
    if (code === 0) return envelope.data === undefined ? null : envelope.data;
    const message = typeof envelope.message === 'string' && envelope.message ? envelope.message : typeof envelope.msg === 'string' ? envelope.msg : '';
    throw createPortalError(
      { code: Number.isFinite(code) ? code : ErrorCode.unknown, message, data: envelope.data ?? null, errors: envelope.errors, status, url },
      options,
    );
  }
  // JSON without an envelope (a static manifest, a third-party answer): the body is the payload.
  if (status >= 200 && status < 300) return body;
  const loose = body as { msg?: unknown; message?: unknown } | null;
  const message = typeof loose?.message === 'string' ? loose.message : typeof loose?.msg === 'string' ? loose.msg : '';
  throw createPortalError({ code: status, message, data: body, status, url }, options);
}

async function sendOnce(prepared: PreparedRequest, signal: AbortSignal): Promise<unknown> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(prepared.url, {
      method: prepared.method,
      headers: prepared.headers,
      body: prepared.body,
      signal,
      credentials: 'same-origin',
    });
    text = await response.text();
  } catch (cause) {
    if (signal.aborted) throw abortError(signal, prepared, cause);
    const message = cause instanceof Error && cause.message ? cause.message : undefined;
    throw createPortalError({ code: ErrorCode.network, message, url: prepared.url, cause }, errorOptions());
  }
  return interpretResponse(response.status, text, prepared.url);
}

// ---- token refresh (spec §4) ----

let refreshing: Promise<string> | null = null;
let refreshAttempts = 0;
/** The refresh token the attempts were counted for: a new login starts a new count. */
let countedRefreshToken: string | undefined;

function endSession(error: PortalError): void {
  clearToken();
  try {
    getHttpConfig().onUnauthorized?.(error);
  } catch (hookError) {
    console.error('onUnauthorized hook failed', hookError);
  }
}

/**
 * One refresh shared by every request that got 401 meanwhile; resolves to the new access token.
 * Exported for requests that cannot go through `request` (uploads sent with XMLHttpRequest for progress).
 */
export function refreshAccessToken(): Promise<string> {
  if (refreshing) return refreshing;
  const refreshToken = getRefreshToken();
  if (refreshToken !== countedRefreshToken) {
    countedRefreshToken = refreshToken;
    refreshAttempts = 0;
  }
  if (!refreshToken || refreshAttempts >= MAX_REFRESH_ATTEMPTS) {
    const error = createPortalError(
      { code: ErrorCode.unauthorized, messageId: 'http.refreshExceeded', message: httpMessage('http.refreshExceeded', getHttpConfig().locale) },
      errorOptions(),
    );
    endSession(error);
    return Promise.reject(error);
  }
  refreshAttempts += 1;
  const prepared = prepare({ url: REFRESH_TOKEN_PATH, method: 'POST', params: { refreshToken } }, { anonymous: true });
  // The refresh serves every waiting request, so it has its own deadline and no caller can cancel it.
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(TIMEOUT_REASON), prepared.timeout);
  refreshing = (async () => {
    try {
      const data = (await sendOnce(prepared, controller.signal)) as { accessToken?: string; refreshToken?: string; expiresTime?: number } | null;
      if (!data?.accessToken) {
        throw createPortalError({ code: ErrorCode.unauthorized, url: prepared.url }, errorOptions());
      }
      setToken({ accessToken: data.accessToken, refreshToken: data.refreshToken || refreshToken, expiresTime: data.expiresTime });
      countedRefreshToken = getRefreshToken();
      return data.accessToken;
    } catch (cause) {
      const error = toPortalError(cause, errorOptions());
      endSession(error);
      throw error;
    } finally {
      clearTimeout(timer);
      refreshing = null;
    }
  })();
  return refreshing;
}

function withToken(prepared: PreparedRequest, token: string): PreparedRequest {
  return { ...prepared, token, headers: { ...prepared.headers, Authorization: `Bearer ${token}` } };
}

/** Sends, and on a 401 answer refreshes the token (or picks up one refreshed meanwhile) and retries once. */
async function execute(prepared: PreparedRequest, signal: AbortSignal, allowRefresh: boolean): Promise<unknown> {
  try {
    return await sendOnce(prepared, signal);
  } catch (error) {
    if (!(error instanceof PortalError) || error.code !== ErrorCode.unauthorized || !allowRefresh) throw error;
    const current = getToken();
    if (current && current !== prepared.token) {
      // Another request refreshed while this one was in flight: just retry with the new token.
      return sendOnce(withToken(prepared, current), signal);
    }
    if (!getRefreshToken()) {
      if (prepared.token) endSession(error);
      throw error;
    }
    let token: string;
    try {
      token = await refreshAccessToken();
    } catch (refreshError) {
      if (refreshError instanceof PortalError && refreshError.messageId === 'http.refreshExceeded') throw refreshError;
      // The caller sees why its own request failed (账号未登录 → login), not the refresh's details.
      throw error;
    }
    const answer = await sendOnce(withToken(prepared, token), signal);
    // A request that succeeded after a refresh proves the session works: start counting afresh.
    refreshAttempts = 0;
    return answer;
  }
}

// ---- in-flight sharing, timeout, cancellation ----

interface Flight {
  promise: Promise<unknown>;
  controller: AbortController;
  subscribers: number;
}

const sharedGets = new Map<string, Flight>();

function flightKey(prepared: PreparedRequest): string {
  const headers = Object.entries(prepared.headers)
    .map(([name, value]) => [name.toLowerCase(), value])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${prepared.method} ${prepared.url} ${JSON.stringify(headers)}`;
}

function startFlight(prepared: PreparedRequest, onSettled: () => void): Flight {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(TIMEOUT_REASON), prepared.timeout);
  const allowRefresh = !prepared.url.includes(REFRESH_TOKEN_PATH);
  const promise = execute(prepared, controller.signal, allowRefresh).finally(() => {
    clearTimeout(timer);
    onSettled();
  });
  // Subscribers handle the outcome; this keeps an abandoned flight from raising an unhandled rejection.
  promise.catch(() => undefined);
  return { promise, controller, subscribers: 0 };
}

/** Errors already handed to onError: a shared GET rejects all its callers with the same object. */
const reported = new WeakSet<PortalError>();

function report(error: PortalError, silent: boolean | undefined): void {
  if (silent || error.muted || reported.has(error)) return;
  reported.add(error);
  try {
    getHttpConfig().onError?.(error);
  } catch (hookError) {
    console.error('onError hook failed', hookError);
  }
}

/**
 * Sends a request and resolves to the unwrapped `data` of the envelope, or rejects with a PortalError.
 * Identical concurrent GETs (same URL, parameters and headers) share one network request.
 */
/**
 * Runs `send` (a request made outside `request`: an upload through XMLHttpRequest, a file fetched as a Blob) and,
 * when it fails for an expired access token, refreshes the token the way `request` does (one refresh shared by
 * every caller) and sends once more. `send` reads the session's headers itself each time.
 */
export async function withSessionRefresh<T>(send: () => Promise<T>): Promise<T> {
  const sentToken = getToken();
  try {
    return await send();
  } catch (error) {
    if (!isPortalError(error) || error.code !== ErrorCode.unauthorized || !getRefreshToken()) throw error;
    const current = getToken();
    // Another request may have refreshed meanwhile; else refresh.
    if (!current || current === sentToken) {
      try {
        await refreshAccessToken();
      } catch {
        throw error;
      }
    }
    return send();
  }
}

/**
 * A file answered by the API (`GET <path>`) as a Blob: `request` reads every answer as a JSON envelope, so this
 * fetches with the session's headers (Bearer token, tenant, channel), reads an error envelope with
 * `interpretResponse` (the portal's error with the server's message) and refreshes an expired token once.
 */
export async function requestBlob(path: string, options: { accept?: string; signal?: AbortSignal } = {}): Promise<Blob> {
  const url = toAbsoluteUrl(resolveRequestUrl(path));
  const { signal } = options;
  const send = async (): Promise<Blob> => {
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'GET',
        headers: { Accept: options.accept ?? '*/*', ...sessionHeaders() },
        credentials: 'same-origin',
        signal,
      });
    } catch (cause) {
      const code = signal?.aborted ? ErrorCode.canceled : ErrorCode.network;
      throw createPortalError({ code, message: cause instanceof Error ? cause.message : undefined, url, cause }, errorOptions());
    }
    if (response.ok && !(response.headers.get('content-type') ?? '').includes('json')) return response.blob();
    // An error envelope (or a proxy's page) throws the portal's error with the server's message.
    interpretResponse(response.status, await response.text(), url);
    // A JSON answer with code 0 is no file either.
    throw createPortalError({ code: ErrorCode.server, url }, errorOptions());
  };
  return withSessionRefresh(send);
}

export function request<T = unknown>(config: RequestConfig): Promise<T> {
  let prepared: PreparedRequest;
  try {
    prepared = prepare(config);
  } catch (cause) {
    const error = toPortalError(cause, errorOptions());
    report(error, config.silent);
    return Promise.reject(error);
  }
  const { signal } = config;
  if (signal?.aborted) return Promise.reject(canceledError(prepared.url));

  let flight: Flight;
  if (prepared.method === 'GET') {
    const key = flightKey(prepared);
    const existing = sharedGets.get(key);
    if (existing) {
      flight = existing;
    } else {
      flight = startFlight(prepared, () => {
        if (sharedGets.get(key) === flight) sharedGets.delete(key);
      });
      sharedGets.set(key, flight);
    }
  } else {
    flight = startFlight(prepared, () => undefined);
  }
  flight.subscribers += 1;

  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const onAbort = () => {
      if (settled) return;
      settled = true;
      flight.subscribers -= 1;
      // The network request stops only when nobody is waiting for it any more.
      if (flight.subscribers === 0) flight.controller.abort(CANCEL_REASON);
      reject(canceledError(prepared.url));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    flight.promise.then(
      (data) => {
        if (settled) return;
        settled = true;
        signal?.removeEventListener('abort', onAbort);
        resolve(data as T);
      },
      (cause) => {
        if (settled) return;
        settled = true;
        signal?.removeEventListener('abort', onAbort);
        const error = toPortalError(cause, errorOptions());
        report(error, config.silent);
        reject(error);
      },
    );
  });
}

type Options = Omit<RequestConfig, 'url' | 'method' | 'params' | 'data'>;

/** Shorthands: `http.get(url, params)`, `http.post(url, data)`, `http.put(url, data)`, `http.delete(url, params)`. */
export const http = {
  get: <T = unknown>(url: string, params?: QueryParams, options: Options = {}) => request<T>({ ...options, url, method: 'GET', params }),
  post: <T = unknown>(url: string, data?: unknown, options: Options & { params?: QueryParams } = {}) => request<T>({ ...options, url, method: 'POST', data }),
  put: <T = unknown>(url: string, data?: unknown, options: Options & { params?: QueryParams } = {}) => request<T>({ ...options, url, method: 'PUT', data }),
  delete: <T = unknown>(url: string, params?: QueryParams, options: Options = {}) => request<T>({ ...options, url, method: 'DELETE', params }),
};

/** Forgets shared requests and refresh bookkeeping (tests; a page never needs it). */
export function resetHttpState(): void {
  for (const flight of sharedGets.values()) flight.controller.abort(CANCEL_REASON);
  sharedGets.clear();
  refreshing = null;
  refreshAttempts = 0;
  countedRefreshToken = undefined;
}

/** Refresh attempts counted towards the limit of spec §4 (for diagnostics and tests). */
export function refreshAttemptCount(): number {
  return refreshAttempts;
}
