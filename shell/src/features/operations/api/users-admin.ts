import { operationsPermission } from '@portal/session';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ComponentSchema, SystemSchema } from '@portal/api-types';
import { http } from '@portal/http';
import type { PageResult } from './feedback-admin';

/** Operator permissions of user management and the audit log (docs/operations.md). */
export const USER_QUERY_PERMISSION = operationsPermission('users');
export const USER_UPDATE_PERMISSION = 'system:user:update';
export const AUDIT_LOG_QUERY_PERMISSION = operationsPermission('audit-log');
export const USER_STATUS = { enabled: 0, disabled: 1 } as const;

/** An account as operators see it (`OperationUserView` of the system service). */
export type OperationUser = SystemSchema<'OperationUserView'>;
/** One audit-log entry (`AuditLogView`). */
export type AuditLogEntry = SystemSchema<'AuditLogView'>;
/** One entry of a library service's own log (`LibraryAuditLogView`, the same in every library). */
export type LibraryAuditLogEntry = ComponentSchema<'LibraryAuditLogView'>;

/**
 * Where an audit entry is written: the system service's log, or a library service's (its reviews of enterprise
 * items, written in the review's own transaction: docs/operations.md "Audit log").
 */
export const AUDIT_SOURCES = ['system', 'part', 'component', 'mat'] as const;
export type AuditSource = (typeof AUDIT_SOURCES)[number];

export interface UserFilters {
  pageNo: number;
  pageSize: number;
  keyWords?: string;
  status?: number;
  orgId?: number;
}

export interface AuditLogFilters {
  /** Absent: the system service's log. */
  source?: AuditSource;
  pageNo: number;
  pageSize: number;
  keyWords?: string;
  action?: string;
  operatorId?: number;
  /** Epoch milliseconds. */
  beginTime?: number;
  endTime?: number;
}

/** GET /base/system/operation/users/page → `{list, total}`. */
export function pageUsers(filters: UserFilters): Promise<PageResult<OperationUser>> {
  return http.get<PageResult<OperationUser>>('/base/system/operation/users/page', { ...filters });
}

/** PUT /base/system/operation/users/{id}/status `{status}`; disabling ends the user's sessions. */
export function setUserStatus(input: { id: number; status: number }): Promise<boolean> {
  return http.put<boolean>(`/base/system/operation/users/${input.id}/status`, { status: input.status }, { silent: true });
}

/** POST /base/system/operation/users/{id}/sessions/revoke → how many sessions ended. */
export function revokeUserSessions(id: number): Promise<number> {
  return http.post<number>(`/base/system/operation/users/${id}/sessions/revoke`, undefined, { silent: true });
}

/** An operator's account names (`OperatorNameView`). */
export type OperatorName = SystemSchema<'OperatorNameView'>;

/** GET /base/system/operation/audit-log/operators?ids=… → the names of those accounts (unknown ids left out). */
export function fetchOperatorNames(ids: readonly number[]): Promise<OperatorName[]> {
  return http.get<OperatorName[]>('/base/system/operation/audit-log/operators', { ids: ids.join(',') }, { silent: true });
}

/**
 * The accounts `ids` (duplicates and none allowed) by id, for a library's rows, which carry only the operator's id.
 * Empty when the names cannot be read: the page then shows the id.
 */
export async function operatorNamesById(ids: readonly (number | null | undefined)[]): Promise<Map<number, OperatorName>> {
  const wanted = [...new Set(ids.filter((id): id is number => id != null))];
  const names = wanted.length > 0 ? await fetchOperatorNames(wanted).catch(() => []) : [];
  return new Map(names.map((name) => [name.id, name]));
}

/**
 * GET /base/system/operation/audit-log/page, or a library's GET /operation/{library}/audit-log/page → `{list, total}`.
 * A library knows no account names: its entries carry the operator's id, named by the system service's names route
 * (when that fails, the page shows the id).
 */
export async function pageAuditLog({ source = 'system', ...filters }: AuditLogFilters): Promise<PageResult<AuditLogEntry>> {
  if (source === 'system') return http.get<PageResult<AuditLogEntry>>('/base/system/operation/audit-log/page', { ...filters });
  const page = await http.get<PageResult<LibraryAuditLogEntry>>(`/operation/${source}/audit-log/page`, { ...filters });
  const byId = await operatorNamesById(page.list.map((entry) => entry.operatorId));
  return {
    ...page,
    list: page.list.map(({ library: _library, ...entry }) => ({
      ...entry,
      operatorUsername: byId.get(entry.operatorId)?.username ?? '',
      operatorNickname: byId.get(entry.operatorId)?.nickname ?? '',
    })),
  };
}

/** Query keys of the user and audit lists (the organisation changes refetch them too). */
export const usersKeys = {
  all: ['operations', 'users'] as const,
  page: (filters: UserFilters) => [...usersKeys.all, 'page', filters] as const,
};
export const auditKeys = {
  all: ['operations', 'audit-log'] as const,
  page: (filters: AuditLogFilters) => [...auditKeys.all, 'page', filters] as const,
};

export const usersPageQueryOptions = (filters: UserFilters) =>
  queryOptions({
    queryKey: usersKeys.page(filters),
    queryFn: () => pageUsers(filters),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useUsersPage(filters: UserFilters) {
  return useQuery(usersPageQueryOptions(filters));
}

export const auditLogPageQueryOptions = (filters: AuditLogFilters) =>
  queryOptions({
    queryKey: auditKeys.page(filters),
    queryFn: () => pageAuditLog(filters),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useAuditLogPage(filters: AuditLogFilters) {
  return useQuery(auditLogPageQueryOptions(filters));
}

/** A change of a user also adds an audit entry: both lists are refetched. */
function useInvalidateAfterChange() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: usersKeys.all }), queryClient.invalidateQueries({ queryKey: auditKeys.all })]);
}

export function useSetUserStatus() {
  const invalidate = useInvalidateAfterChange();
  return useMutation({ mutationFn: setUserStatus, onSuccess: invalidate });
}

export function useRevokeUserSessions() {
  const invalidate = useInvalidateAfterChange();
  return useMutation({ mutationFn: revokeUserSessions, onSuccess: invalidate });
}
