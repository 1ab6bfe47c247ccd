import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { SystemSchema } from '@portal/api-types';
import { http } from '@portal/http';
import { sessionStore } from '@portal/session';
import { reloadOwnPermissions } from '../../route-guards/api/permission-info';
import type { PageResult } from './my-files';
import type { OrgInvitation } from './my-org-invitations';

/** A member of the organisation the caller administers (`OrgMemberView` of the system service). */
export type OrgMember = SystemSchema<'OrgMemberView'>;

export interface OrgMemberFilters {
  pageNo: number;
  pageSize: number;
  /** Part of the username, nickname, e-mail or mobile. */
  keyWords?: string;
}

/** The server's longest keyword. */
export const ORG_MEMBER_KEYWORD_MAX = 100;

/** The server's longest invitee account (username, e-mail or mobile). */
export const ORG_INVITE_ACCOUNT_MAX = 64;

/**
 * GET /base/system/org/members/page → `{list, total}`; 403 unless the caller administers an enabled organisation.
 * Silent: the page shows a refusal in place rather than leaving for the 403 page.
 */
export function fetchMyOrgMembers(filters: OrgMemberFilters): Promise<PageResult<OrgMember>> {
  return http.get<PageResult<OrgMember>>('/base/system/org/members/page', { ...filters }, { silent: true });
}

/** DELETE /base/system/org/members/{userId}: the member goes back to the platform (never the caller). */
export function removeMyOrgMember(userId: number): Promise<boolean> {
  return http.delete<boolean>(`/base/system/org/members/${userId}`, undefined, { silent: true });
}

/** PUT /base/system/org/members/{userId}/admin `{orgAdmin}`; refused when no administrator would remain. */
export function setMyOrgMemberAdmin(input: { userId: number; orgAdmin: boolean }): Promise<boolean> {
  return http.put<boolean>(`/base/system/org/members/${input.userId}/admin`, { orgAdmin: input.orgAdmin }, { silent: true });
}

/** PUT /base/system/org/members/{userId}/publish `{mayPublish}`: whether the member may publish into the enterprise library. */
export function setMyOrgMemberPublishing(input: { userId: number; mayPublish: boolean }): Promise<boolean> {
  return http.put<boolean>(`/base/system/org/members/${input.userId}/publish`, { mayPublish: input.mayPublish }, { silent: true });
}

/**
 * POST /base/system/org/invitations `{account}` → the invitation's id. The account joins when its holder accepts;
 * refusals (unknown account, already a member, in another organisation, too many pending) come in the server's words.
 */
export function inviteMyOrgMember(account: string): Promise<number> {
  return http.post<number>('/base/system/org/invitations', { account }, { silent: true });
}

/** GET /base/system/org/invitations → the organisation's invitations waiting for an answer, newest first (≤ 100). */
export function fetchMyOrgSentInvitations(): Promise<OrgInvitation[]> {
  return http.get<OrgInvitation[]>('/base/system/org/invitations', undefined, { silent: true });
}

/** DELETE /base/system/org/invitations/{id}: withdraws a pending invitation. */
export function withdrawMyOrgInvitation(id: number): Promise<boolean> {
  return http.delete<boolean>(`/base/system/org/invitations/${id}`, undefined, { silent: true });
}

export const myOrgMembersKeys = {
  all: ['my', 'org-members'] as const,
  page: (filters: OrgMemberFilters) => [...myOrgMembersKeys.all, 'page', filters] as const,
  invitations: () => [...myOrgMembersKeys.all, 'invitations'] as const,
};

export function myOrgMembersQueryOptions(filters: OrgMemberFilters) {
  return queryOptions({
    queryKey: myOrgMembersKeys.page(filters),
    queryFn: () => fetchMyOrgMembers(filters),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useMyOrgMembers(filters: OrgMemberFilters) {
  return useQuery(myOrgMembersQueryOptions(filters));
}

export function myOrgSentInvitationsQueryOptions() {
  return queryOptions({ queryKey: myOrgMembersKeys.invitations(), queryFn: fetchMyOrgSentInvitations, staleTime: 0 });
}

export function useMyOrgSentInvitations() {
  return useQuery(myOrgSentInvitationsQueryOptions());
}

export function useInviteMyOrgMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: inviteMyOrgMember,
    onSuccess: () => client.invalidateQueries({ queryKey: myOrgMembersKeys.invitations() }),
  });
}

/** A failed withdrawal (answered or lapsed meanwhile) reads the list again too. */
export function useWithdrawMyOrgInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: withdrawMyOrgInvitation,
    onSettled: () => client.invalidateQueries({ queryKey: myOrgMembersKeys.invitations() }),
  });
}

export function useRemoveMyOrgMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeMyOrgMember,
    onSuccess: () => client.invalidateQueries({ queryKey: myOrgMembersKeys.all }),
  });
}

/**
 * After a member's change the list is read again; a caller who changed their own standing (administrator, right to
 * publish) reads their user and permissions again, so the menu entry, the page's gate and the library pages follow at once.
 */
function afterMemberChange(client: QueryClient, userId: number) {
  return Promise.all([
    client.invalidateQueries({ queryKey: myOrgMembersKeys.all }),
    userId === Number(sessionStore.getState().user?.id) ? reloadOwnPermissions() : undefined,
  ]);
}

export function useSetMyOrgMemberAdmin() {
  const client = useQueryClient();
  return useMutation({ mutationFn: setMyOrgMemberAdmin, onSuccess: (_done, { userId }) => afterMemberChange(client, userId) });
}

export function useSetMyOrgMemberPublishing() {
  const client = useQueryClient();
  return useMutation({ mutationFn: setMyOrgMemberPublishing, onSuccess: (_done, { userId }) => afterMemberChange(client, userId) });
}
