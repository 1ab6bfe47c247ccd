import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { isPortalError, request } from '@portal/http';
import type { LibraryKey } from '@portal/providers';
import {
  librariesToAsk,
  mergeByScore,
  shapeParams,
  type LibraryAnswer,
  type MergedAnswer,
  type ShapeAnswer,
  type ShapeOptions,
  type ShapeQuery,
} from '../shape-search';

/** Uploads are fingerprinted on the server's worker pool: a 50 MB model takes longer than a keyword search. */
const UPLOAD_TIMEOUT_MS = 180_000;

/**
 * A library whose shape routes are not mounted answers the kernel's unknown-route 404 (code 404); an item
 * that does not exist answers the library's own code, which stays an error.
 */
function isMissingRoute(error: unknown): boolean {
  return isPortalError(error) && error.status === 404 && error.code === 404;
}

/** The shape search's "ask the upload again" code: the server no longer keeps the token (docs/shape-search.md). */
export const QUERY_EXPIRED = 1_040_004_000;

/**
 * Each uploaded file's query token per library, from that library's first answer: a slider move asks
 * `GET {apiBase}/shape-query/{token}` instead of sending the file again. Keyed by the File the page holds, so a
 * token goes when its upload does.
 */
const uploadTokens = new WeakMap<File, Map<LibraryKey, string>>();

function isExpired(error: unknown): boolean {
  return isPortalError(error) && error.code === QUERY_EXPIRED;
}

/** The upload's query asked again by its token; undefined when there is none or the server no longer keeps it. */
export async function askAgain<T = ShapeAnswer>(
  apiBase: string,
  token: string | undefined,
  params: Record<string, string | number | boolean>,
  signal?: AbortSignal,
) {
  if (token === undefined) return undefined;
  try {
    return await request<T>({ url: `${apiBase}/shape-query/${token}`, method: 'GET', params, signal });
  } catch (error) {
    if (isExpired(error)) return undefined;
    throw error;
  }
}

/**
 * One library's answer to a shape search (`POST {apiBase}/search3d|search2d` with the multipart field `file`, the
 * same upload again by its token, or `GET {apiBase}/item/{id}/similar`), or "not searchable yet" when the library
 * has no shape routes.
 */
export async function searchShapeIn(
  library: LibraryKey,
  query: ShapeQuery,
  options: ShapeOptions,
  categoryLibrary: LibraryKey | undefined,
  signal?: AbortSignal,
): Promise<LibraryAnswer> {
  const apiBase = `/public/${library}`;
  const params = shapeParams(options, categoryLibrary === library);
  try {
    let answer: ShapeAnswer;
    if (query.kind === 'similar') {
      answer = await request<ShapeAnswer>({ url: `${apiBase}/item/${query.id}/similar`, method: 'GET', params, signal });
    } else {
      const tokens = uploadTokens.get(query.file) ?? new Map<LibraryKey, string>();
      uploadTokens.set(query.file, tokens);
      const again = await askAgain(apiBase, tokens.get(library), params, signal);
      if (again) {
        answer = again;
      } else {
        const form = new FormData();
        form.append('file', query.file, query.file.name);
        const route = query.kind === 'model' ? 'search3d' : 'search2d';
        answer = await request<ShapeAnswer>({ url: `${apiBase}/${route}`, method: 'POST', params, data: form, signal, timeout: UPLOAD_TIMEOUT_MS });
      }
      if (answer.queryToken) tokens.set(library, answer.queryToken);
      else tokens.delete(library);
    }
    return { library, searchable: true, answer };
  } catch (error) {
    if (isMissingRoute(error)) return { library, searchable: false };
    throw error;
  }
}

/** Every chosen library at once, merged by score; one library's error fails the search (the page shows it). */
export async function searchShape(
  query: ShapeQuery,
  options: ShapeOptions,
  libraries: readonly LibraryKey[],
  categoryLibrary: LibraryKey | undefined,
  signal?: AbortSignal,
): Promise<MergedAnswer> {
  const asked = librariesToAsk(query, libraries);
  const answers = await Promise.all(asked.map((library) => searchShapeIn(library, query, options, categoryLibrary, signal)));
  return mergeByScore(answers, options.pageSize);
}

const fileNumbers = new WeakMap<File, number>();
let filesNumbered = 0;

/**
 * A number for the file, the same for as long as the page keeps it and never another file's: a File does not
 * serialise into a query key, and a count of the page's uploads starts again with the page (the cache would then
 * answer another page's upload of the same number).
 */
export function fileKey(file: File): number {
  let number = fileNumbers.get(file);
  if (number === undefined) {
    number = ++filesNumbered;
    fileNumbers.set(file, number);
  }
  return number;
}

function queryKeyPart(query: ShapeQuery) {
  return query.kind === 'similar' ? { kind: query.kind, library: query.library, id: query.id } : { kind: query.kind, file: fileKey(query.file) };
}

export function shapeSearchQueryOptions(query: ShapeQuery, options: ShapeOptions, libraries: readonly LibraryKey[], categoryLibrary: LibraryKey | undefined) {
  return queryOptions({
    queryKey: ['shape-search', queryKeyPart(query), options, libraries, categoryLibrary] as const,
    queryFn: ({ signal }) => searchShape(query, options, libraries, categoryLibrary, signal),
    // An upload is not re-sent because a window regained focus; a slider move keeps the cards until the new answer.
    staleTime: Infinity,
    retry: false,
    placeholderData: keepPreviousData,
  });
}

/** The merged search, once there is something to search with. */
export function useShapeSearch(
  query: ShapeQuery | undefined,
  options: ShapeOptions,
  libraries: readonly LibraryKey[],
  categoryLibrary: LibraryKey | undefined,
) {
  const fallback: ShapeQuery = { kind: 'similar', library: 'component', id: 0 };
  return useQuery({ ...shapeSearchQueryOptions(query ?? fallback, options, libraries, categoryLibrary), enabled: query !== undefined });
}
