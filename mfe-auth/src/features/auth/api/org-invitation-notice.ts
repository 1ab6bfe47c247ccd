import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SystemSchema } from '@portal/api-types';
import { http } from '@portal/http';

/**
 * The invitations into an organisation waiting for a platform user's answer (docs/operations.md "Invitations"). The
 * shell's personal centre lists them under the same query key and answers them there, so the menu's count follows at
 * once (one QueryClient for host and remotes).
 */
export function fetchPendingInvitations(): Promise<SystemSchema<'OrgInvitationView'>[]> {
  return http.get<SystemSchema<'OrgInvitationView'>[]>('/base/system/user/org-invitations', undefined, { silent: true });
}

export function pendingInvitationsQueryOptions() {
  return queryOptions({ queryKey: ['my', 'org-invitations'] as const, queryFn: fetchPendingInvitations, refetchInterval: 60_000 });
}

/** Only platform users can join an organisation: nobody else asks. */
export function usePendingInvitations(enabled: boolean) {
  return useQuery({ ...pendingInvitationsQueryOptions(), enabled });
}
