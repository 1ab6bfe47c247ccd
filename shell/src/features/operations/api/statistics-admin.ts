import { operationsPermission } from '@portal/session';
import { useQuery } from '@tanstack/react-query';
import type { ComponentSchema, SystemSchema } from '@portal/api-types';
import { http } from '@portal/http';
import type { LibraryKey } from '@portal/providers';

export const STAT_QUERY_PERMISSION = operationsPermission('statistics');

/** The kit's statistics answers (the same schemas in every library's document). */
export type DailySearches = ComponentSchema<'DailySearches'>;
export type TopQuery = ComponentSchema<'TopQuery'>;
export type ZeroResultQuery = ComponentSchema<'ZeroResultQuery'>;
export type TopDownload = ComponentSchema<'TopDownload'>;
export type DailySignups = SystemSchema<'DailySignups'>;

/** Window and length every list takes (days 1–365, limit 1–100). */
export interface StatWindow {
  days: number;
  limit: number;
}

/** GET /to/stat/<library>/searches/daily?days= (operators, `operation:stat:query`). */
export function dailySearches(library: LibraryKey, days: number): Promise<DailySearches[]> {
  return http.get<DailySearches[]>(`/to/stat/${library}/searches/daily`, { days });
}

/** GET /to/stat/<library>/queries/top?days=&limit=. */
export function topQueries(library: LibraryKey, window: StatWindow): Promise<TopQuery[]> {
  return http.get<TopQuery[]>(`/to/stat/${library}/queries/top`, { ...window });
}

/** GET /to/stat/<library>/queries/zero-result?days=&limit=: what the operator fixes first. */
export function zeroResultQueries(library: LibraryKey, window: StatWindow): Promise<ZeroResultQuery[]> {
  return http.get<ZeroResultQuery[]>(`/to/stat/${library}/queries/zero-result`, { ...window });
}

/** GET /to/stat/<library>/downloads/top?days=&limit=. */
export function topDownloads(library: LibraryKey, window: StatWindow): Promise<TopDownload[]> {
  return http.get<TopDownload[]>(`/to/stat/${library}/downloads/top`, { ...window });
}

/** GET /to/stat/system/signups/daily?days=. */
export function dailySignups(days: number): Promise<DailySignups[]> {
  return http.get<DailySignups[]>('/to/stat/system/signups/daily', { days });
}

const fresh = { staleTime: 0 } as const;

export function useDailySearches(library: LibraryKey, days: number) {
  return useQuery({ queryKey: ['operations', 'stat', library, 'daily', days], queryFn: () => dailySearches(library, days), ...fresh });
}

export function useTopQueries(library: LibraryKey, window: StatWindow) {
  return useQuery({ queryKey: ['operations', 'stat', library, 'top', window], queryFn: () => topQueries(library, window), ...fresh });
}

export function useZeroResultQueries(library: LibraryKey, window: StatWindow) {
  return useQuery({ queryKey: ['operations', 'stat', library, 'zero', window], queryFn: () => zeroResultQueries(library, window), ...fresh });
}

export function useTopDownloads(library: LibraryKey, window: StatWindow) {
  return useQuery({ queryKey: ['operations', 'stat', library, 'downloads', window], queryFn: () => topDownloads(library, window), ...fresh });
}

export function useDailySignups(days: number) {
  return useQuery({ queryKey: ['operations', 'stat', 'system', 'signups', days], queryFn: () => dailySignups(days), ...fresh });
}
