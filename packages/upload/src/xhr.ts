import { createPortalError, ErrorCode, getHttpConfig, httpMessage, type PortalError } from '@portal/http';

/**
 * One request through XMLHttpRequest: `fetch` reports no upload progress, and the spec wants the
 * percentage of an upload (§4, §9). Only the two upload requests use this; every JSON call goes
 * through @portal/http.
 */
export interface XhrRequest {
  method: 'POST' | 'PUT';
  url: string;
  headers?: Record<string, string>;
  body: XMLHttpRequestBodyInit;
  signal?: AbortSignal;
  timeout?: number;
  /** Bytes of the body sent so far and the body's size. */
  onUploadProgress?: (loaded: number, total: number) => void;
}

export interface XhrResponse {
  status: number;
  statusText: string;
  text: string;
  header(name: string): string | null;
}

function errorOptions() {
  const { locale, loginPath } = getHttpConfig();
  return { locale, loginPath };
}

/** The user abort of spec §8 (499, muted). */
export function canceledUploadError(url?: string): PortalError {
  return createPortalError({ code: ErrorCode.canceled, url }, errorOptions());
}

export function sendXhr(request: XhrRequest): Promise<XhrResponse> {
  return new Promise<XhrResponse>((resolve, reject) => {
    if (request.signal?.aborted) {
      reject(canceledUploadError(request.url));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, request.url, true);
    // Cookies only for the portal's own origin; a presigned part URL carries its own authorisation (spec §7).
    xhr.withCredentials = false;
    xhr.timeout = request.timeout ?? getHttpConfig().timeout;
    for (const [name, value] of Object.entries(request.headers ?? {})) xhr.setRequestHeader(name, value);
    const onAbort = () => xhr.abort();
    const finish = () => request.signal?.removeEventListener('abort', onAbort);
    if (request.onUploadProgress) {
      const report = request.onUploadProgress;
      xhr.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable) report(event.loaded, event.total);
      });
    }
    xhr.addEventListener('load', () => {
      finish();
      resolve({
        status: xhr.status,
        statusText: xhr.statusText,
        text: xhr.responseText,
        header: (name) => xhr.getResponseHeader(name),
      });
    });
    xhr.addEventListener('abort', () => {
      finish();
      reject(canceledUploadError(request.url));
    });
    xhr.addEventListener('timeout', () => {
      finish();
      const ms = xhr.timeout;
      reject(
        createPortalError(
          { code: ErrorCode.timeout, messageId: 'http.timeout', message: httpMessage('http.timeout', getHttpConfig().locale, { ms }), url: request.url },
          errorOptions(),
        ),
      );
    });
    xhr.addEventListener('error', () => {
      finish();
      reject(createPortalError({ code: ErrorCode.network, messageId: 'http.network', url: request.url }, errorOptions()));
    });
    request.signal?.addEventListener('abort', onAbort, { once: true });
    xhr.send(request.body);
  });
}
