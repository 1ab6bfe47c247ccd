import type { SystemSchema } from '@portal/api-types';
import {
  createPortalError,
  ErrorCode,
  getHttpConfig,
  interpretResponse,
  request,
  resolveRequestUrl,
  sessionHeaders,
  toAbsoluteUrl,
  withSessionRefresh,
  type PortalError,
} from '@portal/http';
import { validateFileName } from '@portal/validators';
import { canceledUploadError, sendXhr } from './xhr';

/** Spec §4/§9: files under 5 MB go in one request, larger ones in 3 MB chunks. */
export const SINGLE_UPLOAD_LIMIT_BYTES = 5 * 1024 * 1024;
export const CHUNK_SIZE_BYTES = 3 * 1024 * 1024;
/** Spec §7/§9: the storage type of chunked uploads. */
export const CHUNKED_STORAGE_TYPE = 11;
/** Spec §3: the module type of an upload when the caller names none. */
export const DEFAULT_MODULE_TYPE = 3;
/** Spec §8: the message of a big upload that the server could not assemble or that lacks parts. */
export const NOT_COMPLETE_MESSAGE = 'not complete';

export const FILE_PATHS = {
  upload: '/base/file/upload',
  init: '/base/file/bigfile/init',
  partUrl: '/base/file/bigfile/getPartUploadUrl',
  complete: '/base/file/bigfile/complete',
  create: '/base/file/bigfile/create',
  content: '/base/file/content/get',
} as const;

/**
 * The address of a stored file by its key or id (spec §7 "GET /base/file/content/get/{id} builds a file
 * URL"). Since issue 12 the server answers every file with its own `url` (an unguessable key, signed and
 * expiring for private files) and serves a numeric id only to its owner with the Authorization header:
 * use the server's `url`; this is the fallback for an answer without one.
 */
export function fileContentUrl(id: string | number): string {
  return resolveRequestUrl(`${FILE_PATHS.content}/${encodeURIComponent(String(id))}`);
}

/** A stored file as the file service answers it; `id` and `url` are always filled in. */
export interface UploadedFile {
  id: string;
  url: string;
  name: string;
  size: number;
  /**
   * The owner's proof of the upload, valid 24 hours: what another service takes instead of the id (an enterprise
   * item's model or datasheet; docs/files.md "File claims").
   */
  claim?: string;
  [field: string]: unknown;
}

export interface UploadOptions {
  /** What the file is for (`feedback`, `avatar`, `model`…): the server derives the category from it. */
  bizCode: string;
  /** Module type (spec §3, default 3). */
  type?: number;
  /** Whole-file progress in percent (0–100), called when the integer value changes. */
  onProgress?: (percent: number) => void;
  /** Aborting rejects with the muted user abort (499). */
  signal?: AbortSignal;
  /** Name sent to the server (default the file's own name). */
  fileName?: string;
}

/** What `bigfile/init` answers; `uploadedParts` lists what an earlier, interrupted upload stored. */
export type BigFileSession = SystemSchema<'InitBigFileAnswer'>;

/** A stored part as `bigfile/complete` takes it. */
export type PartEtag = SystemSchema<'PartEtag'>;

/** A presigned PUT URL for one part, with the headers to send (`singedUrl` is the spec's spelling). */
export type PartUploadUrl = SystemSchema<'PartUploadUrl'>;

/** A chunk of the file: 1-based part number and byte range [start, end). */
export interface FilePart {
  partNumber: number;
  start: number;
  end: number;
}

/** Splits `size` bytes into parts of `partSize` (the last one shorter); an empty file is one empty part. */
export function splitIntoParts(size: number, partSize: number = CHUNK_SIZE_BYTES): FilePart[] {
  if (!(partSize > 0)) throw new Error('splitIntoParts: partSize must be positive');
  const parts: FilePart[] = [];
  for (let start = 0, partNumber = 1; start < size || parts.length === 0; start += partSize, partNumber += 1) {
    parts.push({ partNumber, start, end: Math.min(size, start + partSize) });
    if (size === 0) break;
  }
  return parts;
}

function errorOptions() {
  const { locale, loginPath } = getHttpConfig();
  return { locale, loginPath };
}

function uploadError(message: string, code: number = ErrorCode.unknown, extra: { status?: number; url?: string } = {}): PortalError {
  return createPortalError({ code, message, ...extra }, errorOptions());
}

/** Reports integer percentages over the whole file, never going back and never 100 before the end. */
class ProgressTracker {
  private last = -1;
  constructor(
    private readonly total: number,
    private readonly onProgress?: (percent: number) => void,
  ) {}

  bytes(done: number): void {
    const percent = this.total > 0 ? Math.min(99, Math.floor((done * 100) / this.total)) : 0;
    this.emit(percent);
  }

  finished(): void {
    this.emit(100);
  }

  private emit(percent: number): void {
    if (percent <= this.last) return;
    this.last = percent;
    this.onProgress?.(percent);
  }
}

function normaliseFile(record: unknown, fallback: { name: string; size: number; url?: string }): UploadedFile {
  const value = (record !== null && typeof record === 'object' ? record : { id: record }) as Record<string, unknown>;
  const id = value.id === undefined || value.id === null ? '' : String(value.id);
  if (!id) throw uploadError(NOT_COMPLETE_MESSAGE);
  return {
    ...value,
    id,
    url: typeof value.url === 'string' && value.url ? value.url : (fallback.url ?? fileContentUrl(id)),
    name: typeof value.name === 'string' && value.name ? value.name : fallback.name,
    size: typeof value.size === 'number' ? value.size : fallback.size,
  };
}

/** Files under 5 MB: one multipart POST (file, bizCode, fileName, type), with upload progress. */
/**
 * POSTs `form()` to the portal's `path` (relative to the API base) with the session's credentials, reporting the
 * body's progress, and answers the envelope's `data`. An expired access token is refreshed and the form sent again
 * (`withSessionRefresh`): `form` builds a fresh body each time.
 */
export async function postFormWithProgress<T>(
  path: string,
  form: () => FormData,
  options: { signal?: AbortSignal; onProgress?: (loaded: number, total: number) => void } = {},
): Promise<T> {
  const url = toAbsoluteUrl(resolveRequestUrl(path));
  return withSessionRefresh(async () => {
    const response = await sendXhr({
      method: 'POST',
      url,
      headers: { Accept: 'application/json, text/plain, */*', ...sessionHeaders() },
      body: form(),
      signal: options.signal,
      onUploadProgress: options.onProgress,
    });
    return interpretResponse(response.status, response.text, url) as T;
  });
}

async function uploadSingle(file: Blob, name: string, options: UploadOptions, tracker: ProgressTracker): Promise<UploadedFile> {
  const form = () => {
    const body = new FormData();
    body.append('file', file, name);
    body.append('bizCode', options.bizCode);
    body.append('fileName', name);
    body.append('type', String(options.type ?? DEFAULT_MODULE_TYPE));
    return body;
  };
  const answer = await postFormWithProgress<unknown>(FILE_PATHS.upload, form, {
    signal: options.signal,
    onProgress: (loaded, total) => tracker.bytes(total > 0 ? (loaded / total) * file.size : 0),
  });
  return normaliseFile(answer, { name, size: file.size });
}

/** PUT of one chunk to its presigned URL, without the portal's credentials; answers the part's ETag. */
async function putPart(target: PartUploadUrl, body: Blob, signal: AbortSignal | undefined, onLoaded: (loaded: number) => void): Promise<string> {
  const response = await sendXhr({
    method: 'PUT',
    url: toAbsoluteUrl(target.singedUrl),
    headers: target.header,
    body,
    signal,
    onUploadProgress: (loaded) => onLoaded(loaded),
  });
  if (response.status !== 200) {
    // Spec §8: a chunk PUT that is not 200 fails with the status text.
    throw uploadError(response.statusText || `HTTP ${response.status}`, response.status, { status: response.status, url: target.singedUrl });
  }
  const etag = response.header('ETag');
  if (!etag) throw uploadError(NOT_COMPLETE_MESSAGE, ErrorCode.unknown, { url: target.singedUrl });
  return etag;
}

/** Files of 5 MB and more: init (resumable) → per chunk a presigned PUT → complete → create. */
async function uploadChunked(file: Blob, name: string, options: UploadOptions, tracker: ProgressTracker): Promise<UploadedFile> {
  const { signal } = options;
  const type = options.type ?? DEFAULT_MODULE_TYPE;
  // Upload calls are silent: the uploading component shows the one error, not a toast per call.
  const post = <T>(url: string, data: Record<string, unknown>) => request<T>({ url, method: 'POST', data, signal, silent: true });

  const session = await post<BigFileSession>(FILE_PATHS.init, {
    type,
    bizCode: options.bizCode,
    fileName: name,
    storageType: CHUNKED_STORAGE_TYPE,
    size: file.size,
  });
  if (!session?.uploadId || !session.path) throw uploadError(NOT_COMPLETE_MESSAGE);
  const parts = splitIntoParts(file.size, session.partSize && session.partSize > 0 ? session.partSize : CHUNK_SIZE_BYTES);
  // Resume: the parts an interrupted upload already stored are not sent again.
  const etags = new Map<number, string>();
  for (const done of session.uploadedParts ?? []) {
    if (done.etag && parts.some((part) => part.partNumber === done.partNumber)) etags.set(done.partNumber, done.etag);
  }
  let doneBytes = parts.filter((part) => etags.has(part.partNumber)).reduce((sum, part) => sum + (part.end - part.start), 0);
  tracker.bytes(doneBytes);

  for (const part of parts) {
    if (etags.has(part.partNumber)) continue;
    if (signal?.aborted) throw canceledUploadError();
    const target = await request<PartUploadUrl>({
      url: FILE_PATHS.partUrl,
      params: { uploadId: session.uploadId, chunkIndex: part.partNumber, path: session.path, storageType: CHUNKED_STORAGE_TYPE },
      signal,
      silent: true,
    });
    if (!target?.singedUrl) throw uploadError(NOT_COMPLETE_MESSAGE);
    const size = part.end - part.start;
    const etag = await putPart(target, file.slice(part.start, part.end), signal, (loaded) => tracker.bytes(doneBytes + Math.min(loaded, size)));
    etags.set(part.partNumber, etag);
    doneBytes += size;
    tracker.bytes(doneBytes);
  }

  if (etags.size !== parts.length) throw uploadError(NOT_COMPLETE_MESSAGE);
  const fileUrl = await post<unknown>(FILE_PATHS.complete, {
    path: session.path,
    uploadId: session.uploadId,
    storageType: CHUNKED_STORAGE_TYPE,
    etags: parts.map((part) => ({ partNumber: part.partNumber, etag: etags.get(part.partNumber) })),
  });
  const completedUrl = typeof fileUrl === 'string' ? fileUrl : typeof (fileUrl as { url?: unknown })?.url === 'string' ? (fileUrl as { url: string }).url : '';
  const record = await post<unknown>(FILE_PATHS.create, {
    type,
    business: options.bizCode,
    storageType: CHUNKED_STORAGE_TYPE,
    compressType: 0,
    fileName: name,
    fileMineType: file.type || 'application/octet-stream',
    path: session.path,
    fileUrl: completedUrl,
    size: file.size,
    id: session.uploadId,
  });
  return normaliseFile(record, { name, size: file.size });
}

/**
 * Uploads a file the way spec §4/§7 describe: under 5 MB in one multipart request, otherwise in
 * 3 MB chunks with resume. Rejects with a PortalError (the comma rule, the server's envelope errors,
 * a chunk's status text, 'not complete', or the muted 499 when `signal` aborts).
 */
export async function uploadFile(file: File | Blob, options: UploadOptions): Promise<UploadedFile> {
  const name = options.fileName ?? ((file as File).name || 'blob');
  // Spec §5: the name is refused before anything is sent.
  const nameProblem = validateFileName(name);
  if (nameProblem) throw uploadError(nameProblem, ErrorCode.unknown);
  if (options.signal?.aborted) throw canceledUploadError();
  const tracker = new ProgressTracker(file.size, options.onProgress);
  tracker.bytes(0);
  const uploaded = file.size < SINGLE_UPLOAD_LIMIT_BYTES ? await uploadSingle(file, name, options, tracker) : await uploadChunked(file, name, options, tracker);
  tracker.finished();
  return uploaded;
}
