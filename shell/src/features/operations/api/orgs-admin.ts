import { operationsPermission } from '@portal/session';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SystemSchema } from '@portal/api-types';
import { http } from '@portal/http';
import type { PageResult } from './feedback-admin';
import { auditKeys, usersKeys } from './users-admin';

/** Operator permissions of organisation management (docs/operations.md "Organisations"). */
export const ORG_QUERY_PERMISSION = operationsPermission('organisations');
export const ORG_UPDATE_PERMISSION = 'system:org:update';
/** Spec §6: the business-scope codes an organisation may hold (1 = enterprise library). */
export const BUSINESS_SCOPES = [1] as const;
/** Spec §5: an organisation name holds at most 100 characters. */
export const ORG_NAME_MAX = 100;

/** An organisation as operators see it (`OperationOrgView` of the system service). */
export type OperationOrg = SystemSchema<'OperationOrgView'>;

export interface OrgFilters {
  pageNo: number;
  pageSize: number;
  keyWords?: string;
  enabled?: boolean;
}

export interface OrgInput {
  name: string;
  businessScope: number[];
}

/** GET /base/system/operation/orgs/page → `{list, total}`. */
export function pageOrgs(filters: OrgFilters): Promise<PageResult<OperationOrg>> {
  return http.get<PageResult<OperationOrg>>('/base/system/operation/orgs/page', { ...filters });
}

/** POST /base/system/operation/orgs `{name, businessScope}` → the new organisation's id. */
export function createOrg(input: OrgInput): Promise<number> {
  return http.post<number>('/base/system/operation/orgs', input, { silent: true });
}

/** PUT /base/system/operation/orgs/{id} with the fields to change. */
export function updateOrg({ id, ...change }: { id: number } & Partial<OrgInput & { enabled: boolean }>): Promise<boolean> {
  return http.put<boolean>(`/base/system/operation/orgs/${id}`, change, { silent: true });
}

/** POST /base/system/operation/orgs/{id}/members `{account}` (username, e-mail or mobile) → the member's user id. */
export function addOrgMember(input: { orgId: number; account: string }): Promise<number> {
  return http.post<number>(`/base/system/operation/orgs/${input.orgId}/members`, { account: input.account }, { silent: true });
}

/** DELETE /base/system/operation/orgs/{id}/members/{userId}: back to the platform. */
export function removeOrgMember(input: { orgId: number; userId: number }): Promise<boolean> {
  return http.delete<boolean>(`/base/system/operation/orgs/${input.orgId}/members/${input.userId}`, undefined, { silent: true });
}

/** PUT /base/system/operation/orgs/{id}/members/{userId}/admin `{orgAdmin}`: names or drops an organisation administrator. */
export function setOrgMemberAdmin(input: { orgId: number; userId: number; orgAdmin: boolean }): Promise<boolean> {
  return http.put<boolean>(`/base/system/operation/orgs/${input.orgId}/members/${input.userId}/admin`, { orgAdmin: input.orgAdmin }, { silent: true });
}

const orgKeys = {
  all: ['operations', 'orgs'] as const,
  page: (filters: OrgFilters) => [...orgKeys.all, 'page', filters] as const,
};

export const orgsPageQueryOptions = (filters: OrgFilters) =>
  queryOptions({
    queryKey: orgKeys.page(filters),
    queryFn: () => pageOrgs(filters),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useOrgsPage(filters: OrgFilters) {
  return useQuery(orgsPageQueryOptions(filters));
}

/** The organisation list's largest page, and how many of them the names below read at most (10,000 organisations). */
const ORG_NAMES_PAGE_SIZE = 100;
const ORG_NAMES_MAX_PAGES = 100;

/**
 * Every organisation's name by id, for lists whose rows carry only an organisation id (the enterprise-item queue).
 * There is no look-up by id: the list is read page by page (the server's own paging and permission check).
 */
export async function fetchOrgNames(): Promise<Record<number, string>> {
  const names: Record<number, string> = {};
  let read = 0;
  for (let pageNo = 1; pageNo <= ORG_NAMES_MAX_PAGES; pageNo += 1) {
    const page = await pageOrgs({ pageNo, pageSize: ORG_NAMES_PAGE_SIZE });
    for (const org of page.list) names[org.id] = org.name;
    read += page.list.length;
    if (page.list.length < ORG_NAMES_PAGE_SIZE || read >= page.total) break;
  }
  return names;
}

/** Under the organisations' key, so a change of an organisation (its name) refetches the names too. */
export const orgNamesQueryOptions = () =>
  queryOptions({
    queryKey: [...orgKeys.all, 'names'] as const,
    queryFn: fetchOrgNames,
    staleTime: 60_000,
  });

/** The names, read only for operators who may list organisations (`system:org:query`); the others see ids. */
export function useOrgNames(enabled: boolean) {
  return useQuery({ ...orgNamesQueryOptions(), enabled });
}

/**
 * A change of an organisation or its members also changes the user list (their organisation) and adds an
 * audit entry: all three are refetched.
 */
function useInvalidateAfterChange() {
  const queryClient = useQueryClient();
  return () => Promise.all([orgKeys.all, usersKeys.all, auditKeys.all].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export function useCreateOrg() {
  const invalidate = useInvalidateAfterChange();
  return useMutation({ mutationFn: createOrg, onSuccess: invalidate });
}

export function useUpdateOrg() {
  const invalidate = useInvalidateAfterChange();
  return useMutation({ mutationFn: updateOrg, onSuccess: invalidate });
}

export function useAddOrgMember() {
  const invalidate = useInvalidateAfterChange();
  return useMutation({ mutationFn: addOrgMember, onSuccess: invalidate });
}

export function useRemoveOrgMember() {
  const invalidate = useInvalidateAfterChange();
  return useMutation({ mutationFn: removeOrgMember, onSuccess: invalidate });
}

export function useSetOrgMemberAdmin() {
  const invalidate = useInvalidateAfterChange();
  return useMutation({ mutationFn: setOrgMemberAdmin, onSuccess: invalidate });
}
