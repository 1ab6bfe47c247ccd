import { operationsPermission } from '@portal/session';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SystemSchema } from '@portal/api-types';
import { http } from '@portal/http';

/** Operator permissions of the feedback back end (docs/feedback-and-logs.md). */
export const FEEDBACK_QUERY_PERMISSION = operationsPermission('feedback');
export const FEEDBACK_UPDATE_PERMISSION = 'operation:feedback:update';
export const FEEDBACK_STATUS = { open: 0, closed: 1 } as const;
export const FEEDBACK_REPLY_MAX = 500;

/** A page of a list (`{list, total}`, the `data` of every `…/page` answer). */
export interface PageResult<T> {
  list: T[];
  total: number;
}

export type FeedbackImage = SystemSchema<'FileLink'>;

/** A feedback as operators see it (`FeedbackView` of the system service). */
export type FeedbackRecord = SystemSchema<'FeedbackView'>;

export interface FeedbackFilters {
  pageNo: number;
  pageSize: number;
  status?: number;
  type?: number;
  keyword?: string;
  /** Epoch milliseconds. */
  beginTime?: number;
  endTime?: number;
}

/** GET /operation/behavior/message/page → `{list, total}`. */
export function pageFeedback(filters: FeedbackFilters): Promise<PageResult<FeedbackRecord>> {
  return http.get<PageResult<FeedbackRecord>>('/operation/behavior/message/page', { ...filters });
}

/** GET /operation/behavior/message/get?id=. */
export function getFeedback(id: number): Promise<FeedbackRecord> {
  return http.get<FeedbackRecord>('/operation/behavior/message/get', { id });
}

/** POST /operation/behavior/message/close `{id, reply}`. */
export function closeFeedback(input: { id: number; reply: string }): Promise<boolean> {
  return http.post<boolean>('/operation/behavior/message/close', input, { silent: true });
}

const feedbackKeys = {
  all: ['operations', 'feedback'] as const,
  page: (filters: FeedbackFilters) => [...feedbackKeys.all, 'page', filters] as const,
  detail: (id: number) => [...feedbackKeys.all, 'detail', id] as const,
};

export const feedbackPageQueryOptions = (filters: FeedbackFilters) =>
  queryOptions({ queryKey: feedbackKeys.page(filters), queryFn: () => pageFeedback(filters), placeholderData: keepPreviousData, staleTime: 0 });

export function useFeedbackPage(filters: FeedbackFilters) {
  return useQuery(feedbackPageQueryOptions(filters));
}

export function useFeedback(id: number | undefined) {
  return useQuery({ queryKey: feedbackKeys.detail(id ?? 0), queryFn: () => getFeedback(id ?? 0), enabled: id !== undefined, staleTime: 0 });
}

export function useCloseFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeFeedback,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedbackKeys.all }),
  });
}
