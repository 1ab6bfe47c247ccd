import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@portal/http';

/**
 * How many of the user's feedback got an answer they have not seen (docs/feedback-and-logs.md "The
 * sender's side"). The shell's 我的反馈 page uses the same query key, so marking the answers read there
 * clears the badge here at once (one QueryClient for host and remotes).
 */
export function fetchUnreadReplies(): Promise<number> {
  return http.get<number>('/operation/behavior/message/my-unread-count', undefined, { silent: true });
}

export function unreadRepliesQueryOptions() {
  return queryOptions({ queryKey: ['my', 'feedback', 'unread'] as const, queryFn: fetchUnreadReplies, refetchInterval: 60_000 });
}

export function useUnreadReplies(enabled: boolean) {
  return useQuery({ ...unreadRepliesQueryOptions(), enabled });
}
