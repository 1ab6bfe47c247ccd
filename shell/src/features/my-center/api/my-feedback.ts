import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SystemSchema } from '@portal/api-types';
import { http } from '@portal/http';
import { useSession } from '@portal/providers';
import type { PageResult } from './my-files';

/** One of the caller's feedback (`FeedbackView`, docs/feedback-and-logs.md "The sender's side"). */
export type MyFeedback = SystemSchema<'FeedbackView'>;

export function fetchMyFeedback(pageNo: number, pageSize: number): Promise<PageResult<MyFeedback>> {
  return http.get<PageResult<MyFeedback>>('/operation/behavior/message/my-page', { pageNo, pageSize });
}

/** How many answers the caller has not seen (the notice badge). */
export function fetchUnreadReplies(): Promise<number> {
  return http.get<number>('/operation/behavior/message/my-unread-count', undefined, { silent: true });
}

export function markRepliesRead(ids: number[]): Promise<number> {
  return http.post<number>('/operation/behavior/message/my-read', { ids }, { silent: true });
}

/** Shared with mfe-auth's user menu, which shows the same count (same key, same client). */
export const UNREAD_REPLIES_KEY = ['my', 'feedback', 'unread'] as const;
export const myFeedbackKeys = { all: ['my', 'feedback', 'page'] as const };

export function myFeedbackQueryOptions(pageNo: number, pageSize: number) {
  return queryOptions({
    queryKey: [...myFeedbackKeys.all, pageNo, pageSize] as const,
    queryFn: () => fetchMyFeedback(pageNo, pageSize),
    placeholderData: keepPreviousData,
  });
}

export function unreadRepliesQueryOptions() {
  return queryOptions({ queryKey: UNREAD_REPLIES_KEY, queryFn: fetchUnreadReplies, refetchInterval: 60_000 });
}

export function useMyFeedback(pageNo: number, pageSize: number) {
  return useQuery(myFeedbackQueryOptions(pageNo, pageSize));
}

export function useUnreadReplies() {
  const signedIn = useSession((state) => Boolean(state.user));
  return useQuery({ ...unreadRepliesQueryOptions(), enabled: signedIn });
}

/** Marks the shown answers as seen; the badge follows. */
export function useMarkRepliesRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markRepliesRead,
    onSuccess: () => client.invalidateQueries({ queryKey: UNREAD_REPLIES_KEY }),
  });
}
