import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SystemSchema } from '@portal/api-types';
import { http } from '@portal/http';
import { useSession } from '@portal/providers';
import { isPlatformUser } from '@portal/session';
import { reloadOwnPermissions } from '../../route-guards/api/permission-info';

/**
 * A pending invitation into an organisation (`OrgInvitationView` of the system service): the invitee's own list and
 * the administrators' list alike.
 */
export type OrgInvitation = SystemSchema<'OrgInvitationView'>;

/** GET /base/system/user/org-invitations → the invitations waiting for the caller's answer, newest first. */
export function fetchMyOrgInvitations(): Promise<OrgInvitation[]> {
  return http.get<OrgInvitation[]>('/base/system/user/org-invitations', undefined, { silent: true });
}

/** POST /base/system/user/org-invitations/{id}/accept: the caller's account joins the organisation. */
export function acceptOrgInvitation(id: number): Promise<boolean> {
  return http.post<boolean>(`/base/system/user/org-invitations/${id}/accept`, undefined, { silent: true });
}

/** POST /base/system/user/org-invitations/{id}/decline. */
export function declineOrgInvitation(id: number): Promise<boolean> {
  return http.post<boolean>(`/base/system/user/org-invitations/${id}/decline`, undefined, { silent: true });
}

export const myOrgInvitationsKeys = { all: ['my', 'org-invitations'] as const };

export function myOrgInvitationsQueryOptions() {
  return queryOptions({ queryKey: myOrgInvitationsKeys.all, queryFn: fetchMyOrgInvitations });
}

/**
 * Whether the caller may answer invitations: only platform users (orgId 0) can join an organisation, so nobody else
 * asks the server.
 */
export function useMayAnswerOrgInvitations(): boolean {
  return useSession((state) => isPlatformUser(state.user));
}

export function useMyOrgInvitations() {
  const mayAnswer = useMayAnswerOrgInvitations();
  return useQuery({ ...myOrgInvitationsQueryOptions(), enabled: mayAnswer });
}

/**
 * Accepting reads the caller's user again before it settles, so the organisation (the mode switch, the menu) follows at
 * once and the other invitations, now unanswerable, leave with the platform user's standing. Any answer reads the list
 * again, a failed one (withdrawn or lapsed meanwhile) too.
 */
export function useAcceptOrgInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: acceptOrgInvitation,
    onSuccess: () => reloadOwnPermissions(),
    onSettled: () => client.invalidateQueries({ queryKey: myOrgInvitationsKeys.all }),
  });
}

export function useDeclineOrgInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: declineOrgInvitation,
    onSettled: () => client.invalidateQueries({ queryKey: myOrgInvitationsKeys.all }),
  });
}
