import { operationsPermission } from '@portal/session';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SystemSchema } from '@portal/api-types';
import { http } from '@portal/http';
// The pages that call these register their strings with them (out of the first load).
import '../open-platform-messages';
import type { PageResult } from '../../operations/api/feedback-admin';

/** The open platform's API keys (docs/open-platform.md). */
export type OpenKey = SystemSchema<'OpenKeyView'>;
export type CreatedOpenKey = SystemSchema<'CreatedOpenKey'>;
export type OperatorOpenKey = SystemSchema<'OperatorOpenKeyView'>;
export type CreateOpenKeyRequest = SystemSchema<'CreateOpenKeyRequest'>;

/** The libraries a key may read, in the order the server stores them. */
export const OPEN_LIBRARIES = ['part', 'component', 'mat'] as const;
export type OpenLibrary = (typeof OPEN_LIBRARIES)[number];
export const KEY_NAME_MAX = 32;
export const KEY_MANAGE_PERMISSION = 'open:key:manage';
export const KEY_OPERATION_QUERY_PERMISSION = operationsPermission('open-keys');
export const KEY_OPERATION_UPDATE_PERMISSION = 'operation:open-key:update';

const KEYS_PATH = '/base/system/open/api-keys';

export function listOpenKeys(): Promise<OpenKey[]> {
  return http.get<OpenKey[]>(KEYS_PATH);
}

export function createOpenKey(request: CreateOpenKeyRequest): Promise<CreatedOpenKey> {
  return http.post<CreatedOpenKey>(KEYS_PATH, request);
}

export function revokeOpenKey(id: number): Promise<boolean> {
  return http.delete<boolean>(`${KEYS_PATH}/${id}`);
}

export const openKeysQueryKey = ['open-platform', 'keys'] as const;

export function openKeysQueryOptions(enabled: boolean) {
  return queryOptions({ queryKey: openKeysQueryKey, queryFn: listOpenKeys, enabled });
}

export function useOpenKeys(enabled: boolean) {
  return useQuery(openKeysQueryOptions(enabled));
}

export interface OpenKeyFilters {
  pageNo: number;
  pageSize: number;
  keyword?: string;
}

/** Operators: every key with its usage (`operation:open-key:query`). */
export function pageOpenKeys(filters: OpenKeyFilters): Promise<PageResult<OperatorOpenKey>> {
  return http.get<PageResult<OperatorOpenKey>>('/base/system/operation/open-keys/page', { ...filters });
}

/** Operators: revoke any key (`operation:open-key:update`). */
export function operatorRevokeOpenKey(id: number): Promise<boolean> {
  return http.post<boolean>(`/base/system/operation/open-keys/${id}/revoke`);
}

export function useOpenKeyPage(filters: OpenKeyFilters) {
  return useQuery({ queryKey: ['operations', 'open-keys', filters], queryFn: () => pageOpenKeys(filters), placeholderData: keepPreviousData, staleTime: 0 });
}

/** Today's requests (the last day of `usage`). */
export function usedToday(key: Pick<OpenKey, 'usage'>): number {
  return key.usage.at(-1)?.requests ?? 0;
}

/** `opk_ab12` → `opk_ab12••••••••`: recognisable, never the secret. */
export function maskedKey(prefix: string): string {
  return `${prefix}••••••••`;
}

/** The open API's base for a library on this portal (`https://host/to/open/component`). */
export function openBase(origin: string, library: OpenLibrary): string {
  return `${origin.replace(/\/+$/, '')}/to/open/${library}`;
}

export type ExampleLanguage = 'curl' | 'python' | 'javascript';

/** A search call in each language, with the key in `X-API-Key` and the 429 handling a client needs. */
export function searchExample(language: ExampleLanguage, origin: string, library: OpenLibrary, keyword: string): string {
  const url = `${openBase(origin, library)}/search`;
  const query = encodeURIComponent(keyword);
  switch (language) {
    case 'curl':
      return [`curl -i -H "X-API-Key: $PORTAL_API_KEY" \\`, `  "${url}?keyWords=${query}&pageNo=1&pageSize=10"`].join('\n');
    case 'python':
      return [
        'import os, time, requests',
        '',
        `url = "${url}"`,
        'headers = {"X-API-Key": os.environ["PORTAL_API_KEY"]}',
        `answer = requests.get(url, params={"keyWords": ${JSON.stringify(keyword)}, "pageSize": 10}, headers=headers)`,
        'if answer.status_code == 429:  # rate or daily quota spent',
        '    time.sleep(int(answer.headers["Retry-After"]))',
        'body = answer.json()  # {code, data: {list, total, facets}, msg}',
        'print(body["data"]["total"], answer.headers["RateLimit-Remaining"])',
      ].join('\n');
    case 'javascript':
      return [
        `const answer = await fetch('${url}?keyWords=${query}&pageSize=10', {`,
        "  headers: { 'X-API-Key': process.env.PORTAL_API_KEY },",
        '});',
        "if (answer.status === 429) console.warn('retry after', answer.headers.get('Retry-After'), 's');",
        'const { code, data, msg } = await answer.json();',
        "console.log(code, data?.total, answer.headers.get('RateLimit-Remaining'));",
      ].join('\n');
  }
}
