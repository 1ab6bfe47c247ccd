export {
  API_BASE,
  configureHttp,
  DEFAULT_TIMEOUT_MS,
  defaultHttpConfig,
  getHttpConfig,
  MAX_REFRESH_ATTEMPTS,
  REFRESH_TOKEN_PATH,
  resetHttpConfig,
} from './config';
export type { HttpConfig } from './config';
export { createPortalError, ERROR_CATALOGUE, ErrorCode, errorCatalogueEntry, ErrorLevel, isPortalError, PortalError, toPortalError } from './errors';
export type { CreateErrorOptions, ErrorAction, ErrorCatalogueEntry, ErrorLevelValue, PortalErrorInit, RedirectTarget, ToastType } from './errors';
export { httpMessage, httpMessages } from './messages';
export type { HttpLocale, HttpMessageId } from './messages';
export { buildQueryString, resolveRequestUrl, toAbsoluteUrl } from './url';
export type { QueryParams, QueryValue } from './url';
export {
  http,
  interpretResponse,
  refreshAccessToken,
  refreshAttemptCount,
  request,
  requestBlob,
  resetHttpState,
  sessionHeaders,
  withSessionRefresh,
} from './client';
export type { HttpMethod, RequestConfig } from './client';
