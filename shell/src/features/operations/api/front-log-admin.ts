import { operationsPermission } from '@portal/session';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SystemSchema } from '@portal/api-types';
import { http } from '@portal/http';
import type { PageResult } from './feedback-admin';

export const FRONT_LOG_QUERY_PERMISSION = operationsPermission('front-log');

/** A stored front-end log entry (`FrontLogView` of the system service). */
export type FrontLogRecord = SystemSchema<'FrontLogView'>;

export interface FrontLogFilters {
  pageNo: number;
  pageSize: number;
  keyword?: string;
  url?: string;
  level?: number;
  userId?: number;
  beginTime?: number;
  endTime?: number;
}

/** GET {open base}/tool/api/front/log/page → `{list, total}` (operators, `operation:frontlog:query`). */
export function pageFrontLog(filters: FrontLogFilters): Promise<PageResult<FrontLogRecord>> {
  return http.get<PageResult<FrontLogRecord>>('/tool/api/front/log/page', { ...filters });
}

export function useFrontLogPage(filters: FrontLogFilters) {
  return useQuery({ queryKey: ['operations', 'front-log', filters], queryFn: () => pageFrontLog(filters), placeholderData: keepPreviousData, staleTime: 0 });
}
