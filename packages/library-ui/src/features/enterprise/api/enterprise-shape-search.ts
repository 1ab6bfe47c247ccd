import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '@portal/http';
import type { ComponentSchema } from '@portal/api-types';
import type { LibraryKey } from '@portal/providers';
import { useLibraryConfig } from '../../../config/library-config';
import { askAgain, fileKey } from '../../shape-search/api/search-shape';
import type { EnterpriseItem } from './enterprise-items';

/** One of the organisation's items, ranked by its most similar model (docs/enterprise-library.md). */
export type EnterpriseShapeHit = Omit<ComponentSchema<'EnterpriseShapeHit'>, 'item'> & { item: EnterpriseItem };

export type EnterpriseShapeAnswer = Omit<ComponentSchema<'EnterpriseShapeAnswer'>, 'list'> & { list: EnterpriseShapeHit[] };

/** What the member uploads: a model (STL, OBJ, GLB, glTF, WRL; STEP converted first) or a picture. */
export interface EnterpriseShapeUpload {
  kind: 'model' | 'image';
  file: File;
}

/** What the member searches with: an upload, or one of the organisation's items (its best model) to find those alike. */
export type EnterpriseShapeQuery = EnterpriseShapeUpload | { kind: 'similar'; item: EnterpriseItem };

export const ENTERPRISE_SHAPE_PAGE_SIZE = 20;

/** `?shapeSearch=model|image` on the enterprise library page: its list opens 按形状查找 for that input on arrival. */
export const SHAPE_SEARCH_PARAM = 'shapeSearch';

/** The organisation's library page (within the current library's routes) with its shape search open for `kind`. */
export const enterpriseShapeSearchPath = (orgId: number, kind: EnterpriseShapeUpload['kind']) => `/brand-detail/${orgId}?type=1&${SHAPE_SEARCH_PARAM}=${kind}`;

/**
 * The navigation state that carries the public search's file to the organisation's shape search, which searches
 * with it on arrival. History state is cloned structurally, and a File clones: no second upload by the user, and
 * nothing in the address (a shared link opens the dialog empty).
 */
export const carryShapeFile = (file: File) => ({ shapeFile: file });

/** The file a navigation carried (`carryShapeFile`), if any. */
export function carriedShapeFile(state: unknown): File | undefined {
  const file = typeof state === 'object' && state !== null ? (state as { shapeFile?: unknown }).shapeFile : undefined;
  return file instanceof File ? file : undefined;
}

/** A 50 MB model is fingerprinted on the server before the organisation's models are ranked. */
const UPLOAD_TIMEOUT_MS = 180_000;

/** Each uploaded file's query token: a slider move asks `GET …/shape-query/{token}` instead of sending the file again. */
const uploadTokens = new WeakMap<File, string>();

/**
 * The organisation's approved items of `library` ranked against the file (`POST /enterprise/{library}/search3d|search2d`,
 * or the same upload again by its token while the server keeps it), or against an item's model
 * (`GET /enterprise/{library}/items/{id}/similar`, the item itself left out).
 */
export async function searchEnterpriseShape(
  library: LibraryKey,
  query: EnterpriseShapeQuery,
  minScore: number,
  signal?: AbortSignal,
): Promise<EnterpriseShapeAnswer> {
  const base = `/enterprise/${library}`;
  const params = { minScore, pageSize: ENTERPRISE_SHAPE_PAGE_SIZE };
  if (query.kind === 'similar') return request<EnterpriseShapeAnswer>({ url: `${base}/items/${query.item.id}/similar`, method: 'GET', params, signal });
  const again = await askAgain<EnterpriseShapeAnswer>(base, uploadTokens.get(query.file), params, signal);
  if (again) return again;
  const form = new FormData();
  form.append('file', query.file, query.file.name);
  const route = query.kind === 'model' ? 'search3d' : 'search2d';
  const answer = await request<EnterpriseShapeAnswer>({ url: `${base}/${route}`, method: 'POST', params, data: form, signal, timeout: UPLOAD_TIMEOUT_MS });
  if (answer.queryToken) uploadTokens.set(query.file, answer.queryToken);
  return answer;
}

/** The ranking of the current library's organisation items, once there is a file or an item. */
export function useEnterpriseShapeSearch(query: EnterpriseShapeQuery | undefined, minScore: number) {
  const { library } = useLibraryConfig();
  const subject = query === undefined ? undefined : query.kind === 'similar' ? query.item.id : fileKey(query.file);
  return useQuery({
    queryKey: ['enterprise-shape-search', library, query?.kind, subject, minScore] as const,
    queryFn: ({ signal }) => searchEnterpriseShape(library, query as EnterpriseShapeQuery, minScore, signal),
    enabled: query !== undefined,
    staleTime: Infinity,
    retry: false,
    placeholderData: keepPreviousData,
  });
}
