import { httpMessage, type HttpLocale, type HttpMessageId } from './messages';

/** Error levels of spec §3: how loud the UI should be. */
export const ErrorLevel = { info: -2, warn: -1, error: 0, danger: 1 } as const;
export type ErrorLevelValue = (typeof ErrorLevel)[keyof typeof ErrorLevel];

/** Codes the client itself produces or treats specially (spec §8). */
export const ErrorCode = {
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  timeout: 408,
  network: 421,
  locked: 430,
  canceled: 499,
  server: 500,
  /** The server's "feature not implemented or not switched on" (our backends, docs/error-codes.md). */
  featureOff: 501,
  socialAccountUnknown: 199999,
  unknown: 100001,
  mobileNotRegistered: 1002000007,
  privateLibraryReload: 1005002001,
} as const;

/** What the UI should do beyond showing the message; the shell and mfe-auth act on these. */
export type ErrorAction =
  | 'clearSession' // 430: in remote mode the stored session is cleared
  | 'wechatRegister' // 199999: open the messaging registration page with data.openId
  | 'showNotRegistered' // 1002000007: show the not-registered form (SMS login)
  | 'reloadOnDialogClose'; // 1005002001: on /part in a non-open build

export type RedirectTarget = 'login' | '/403';

export interface ErrorCatalogueEntry {
  level: ErrorLevelValue;
  muted: boolean;
  /** Message used when the server sent none. */
  messageId?: HttpMessageId;
  redirect?: RedirectTarget;
  action?: ErrorAction;
}

/** The error catalogue of spec §8. Codes not listed are level error, not muted, no redirect. */
export const ERROR_CATALOGUE: Readonly<Record<number, ErrorCatalogueEntry>> = {
  // 400 is also every validation error of our backends: it does not log the user out (docs/http-client.md).
  // The one 400 that means "sign in again", an invalid refresh token, is handled by the refresh flow.
  400: { level: ErrorLevel.error, muted: false },
  401: { level: ErrorLevel.warn, muted: false, messageId: 'http.unauthorized', redirect: 'login' },
  403: { level: ErrorLevel.warn, muted: false, messageId: 'http.forbidden', redirect: '/403' },
  404: { level: ErrorLevel.error, muted: true, messageId: 'http.notFound' },
  408: { level: ErrorLevel.error, muted: false, messageId: 'http.timeout' },
  421: { level: ErrorLevel.error, muted: false, messageId: 'http.network' },
  430: { level: ErrorLevel.error, muted: false, messageId: 'http.locked', action: 'clearSession' },
  499: { level: ErrorLevel.info, muted: true, messageId: 'http.canceled' },
  500: { level: ErrorLevel.error, muted: false, messageId: 'http.serverBusy' },
  100001: { level: ErrorLevel.error, muted: false, messageId: 'http.unknown' },
  100401: { level: ErrorLevel.warn, muted: false, messageId: 'http.unauthorized', redirect: 'login' },
  100403: { level: ErrorLevel.warn, muted: false, messageId: 'http.forbidden', redirect: '/403' },
  199999: { level: ErrorLevel.warn, muted: false, messageId: 'http.socialAccountUnknown', action: 'wechatRegister' },
  400401: { level: ErrorLevel.warn, muted: false, messageId: 'http.unauthorized', redirect: 'login' },
  400403: { level: ErrorLevel.warn, muted: false, messageId: 'http.forbidden', redirect: 'login' },
  1002000007: { level: ErrorLevel.warn, muted: false, messageId: 'http.mobileNotRegistered', action: 'showNotRegistered' },
  1005002001: { level: ErrorLevel.error, muted: false, action: 'reloadOnDialogClose' },
};

const DEFAULT_ENTRY: ErrorCatalogueEntry = { level: ErrorLevel.error, muted: false };

export function errorCatalogueEntry(code: number): ErrorCatalogueEntry {
  return ERROR_CATALOGUE[code] ?? DEFAULT_ENTRY;
}

export type ToastType = 'info' | 'warning' | 'error';

function toastTypeFor(level: ErrorLevelValue): ToastType {
  if (level === ErrorLevel.info) return 'info';
  if (level === ErrorLevel.warn) return 'warning';
  return 'error';
}

export interface PortalErrorInit {
  code: number;
  message: string;
  messageId?: HttpMessageId;
  level?: ErrorLevelValue;
  muted?: boolean;
  data?: unknown;
  errors?: unknown;
  redirect?: string;
  title?: string;
  action?: ErrorAction;
  /** HTTP status of the answer, when there was one. */
  status?: number;
  url?: string;
  cause?: unknown;
}

/** The error object of spec §3: every rejected request rejects with one of these. */
export class PortalError extends Error {
  override readonly name = 'PortalError';
  readonly code: number;
  readonly level: ErrorLevelValue;
  readonly muted: boolean;
  readonly data: unknown;
  readonly errors: unknown;
  /** Where the UI should go: the login address or '/403'. */
  readonly redirect?: string;
  readonly title?: string;
  /** Toast type matching the level: info, warning or error. */
  readonly type: ToastType;
  /** Fingerprint (`code:message`) so a reporter can collapse identical errors from parallel requests. */
  readonly hash: string;
  readonly messageId?: HttpMessageId;
  readonly action?: ErrorAction;
  readonly status?: number;
  readonly url?: string;

  constructor(init: PortalErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.code = init.code;
    this.level = init.level ?? ErrorLevel.error;
    this.muted = init.muted ?? false;
    this.data = init.data ?? null;
    this.errors = init.errors;
    this.redirect = init.redirect;
    this.title = init.title;
    this.type = toastTypeFor(this.level);
    this.hash = `${init.code}:${init.message}`;
    this.messageId = init.messageId;
    this.action = init.action;
    this.status = init.status;
    this.url = init.url;
  }
}

export function isPortalError(value: unknown): value is PortalError {
  return value instanceof PortalError;
}

export interface CreateErrorOptions {
  locale?: HttpLocale;
  /** Login address used for codes that redirect to login (default '/login'). */
  loginPath?: string;
}

/**
 * Builds the error for `code` from the catalogue: the server's message wins when it sent one, else the
 * catalogue's default for the code, else '系统异常，请联系管理员处理！'.
 */
export function createPortalError(
  input: Omit<PortalErrorInit, 'message' | 'level' | 'muted'> & { message?: string | null },
  options: CreateErrorOptions = {},
): PortalError {
  const entry = errorCatalogueEntry(input.code);
  const locale = options.locale ?? 'zh-CN';
  const messageId = input.messageId ?? (input.message ? undefined : (entry.messageId ?? 'http.default'));
  const message = input.message || httpMessage(messageId ?? 'http.default', locale);
  const redirect = input.redirect ?? (entry.redirect === 'login' ? (options.loginPath ?? '/login') : entry.redirect);
  return new PortalError({
    ...input,
    message,
    messageId,
    level: entry.level,
    muted: entry.muted,
    redirect,
    action: input.action ?? entry.action,
  });
}

/** Normalises anything thrown into a PortalError (unexpected values become 100001). */
export function toPortalError(value: unknown, options: CreateErrorOptions = {}): PortalError {
  if (value instanceof PortalError) return value;
  const message = value instanceof Error ? value.message : typeof value === 'string' ? value : undefined;
  return createPortalError({ code: ErrorCode.unknown, message, cause: value }, options);
}
