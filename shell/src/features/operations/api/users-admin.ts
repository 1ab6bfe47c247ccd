import { operationsPermission } from '@portal/session';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ComponentSchema, SystemSchema } from '@portal/api-types';
import { http } from '@portal/http';
import { MergedLogReader, MergedPager } from './audit-log-merge';
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
/** What the audit-log page reads: one source's log, or all of them merged by time (`all`). */
export const AUDIT_VIEWS = [...AUDIT_SOURCES, 'all'] as const;
export type AuditView = (typeof AUDIT_VIEWS)[number];
/** An entry as the page shows it: with the log it came from. */
export type AuditLogRow = AuditLogEntry & { source: AuditSource };

/** The actions the system service writes (docs/operations.md). */
export const AUDIT_ACTIONS = [
  'user.disable',
  'user.enable',
  'user.sessions.revoke',
  'org.create',
  'org.update',
  'org.member.add',
  'org.member.remove',
  'org.member.admin',
  'org.member.publish',
  'org.invitation.create',
  'org.invitation.withdraw',
  'org.invitation.decline',
  'role.create',
  'role.update',
  'role.delete',
  'user.roles',
  'dict.update',
  'open-key.limits',
  'open-key.revoke',
  'feedback.close',
  'brand-application.review',
] as const;
/** The actions a library service writes. */
export const LIBRARY_AUDIT_ACTIONS = [
  'enterprise-item.review',
  'catalog-item.hide',
  'catalog-item.unhide',
  'catalog-item.update',
  'catalog-item.parameters',
  'catalog-item.merge',
  'catalog-manufacturer.update',
  'catalog-manufacturer.merge',
  'catalog-category.update',
  'catalog-category.hide',
  'catalog-category.unhide',
  'search-index.rebuild',
  'catalog-import.run',
] as const;

/** The actions a view offers to filter by. */
export function auditActionsOf(view: AuditView): readonly string[] {
  if (view === 'system') return AUDIT_ACTIONS;
  if (view === 'all') return [...AUDIT_ACTIONS, ...LIBRARY_AUDIT_ACTIONS];
  return LIBRARY_AUDIT_ACTIONS;
}

/** The sources whose logs can hold `action` (every source when no action is chosen). */
function sourcesWriting(action: string | undefined): readonly AuditSource[] {
  if (action === undefined) return AUDIT_SOURCES;
  return AUDIT_SOURCES.filter((source) => (source === 'system' ? AUDIT_ACTIONS : LIBRARY_AUDIT_ACTIONS).some((known) => known === action));
}

export interface UserFilters {
  pageNo: number;
  pageSize: number;
  keyWords?: string;
  status?: number;
  orgId?: number;
}

export interface AuditLogFilters {
  /** Absent: the system service's log. */
  source?: AuditView;
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

/** One page of one source's log, without the operators' names of a library's entries. */
async function pageSourceLog(source: AuditSource, filters: Omit<AuditLogFilters, 'source'>): Promise<PageResult<AuditLogRow>> {
  if (source === 'system') {
    const page = await http.get<PageResult<AuditLogEntry>>('/base/system/operation/audit-log/page', { ...filters });
    return { ...page, list: page.list.map((entry) => ({ ...entry, source })) };
  }
  const page = await http.get<PageResult<LibraryAuditLogEntry>>(`/operation/${source}/audit-log/page`, { ...filters });
  return { ...page, list: page.list.map(({ library: _library, ...entry }) => ({ ...entry, operatorUsername: '', operatorNickname: '', source })) };
}

/** Names the operators of a library's entries (the system's carry theirs) with one call for the page. */
async function withOperatorNames(rows: AuditLogRow[]): Promise<AuditLogRow[]> {
  const unnamed = rows.filter((row) => row.source !== 'system');
  if (unnamed.length === 0) return rows;
  const byId = await operatorNamesById(unnamed.map((row) => row.operatorId));
  return rows.map((row) =>
    row.source === 'system'
      ? row
      : { ...row, operatorUsername: byId.get(row.operatorId)?.username ?? '', operatorNickname: byId.get(row.operatorId)?.nickname ?? '' },
  );
}

const mergedAuditPager = new MergedPager<AuditSource, AuditLogRow>();

/**
 * GET /base/system/operation/audit-log/page, or a library's GET /operation/{library}/audit-log/page → `{list, total}`;
 * for `all`, the four logs merged by time (docs/operations.md "All sources"). A library knows no account names: its
 * entries carry the operator's id, named by the system service's names route (when that fails, the page shows the id).
 */
export async function pageAuditLog({ source = 'system', ...filters }: AuditLogFilters): Promise<PageResult<AuditLogRow>> {
  if (source !== 'all') {
    const page = await pageSourceLog(source, filters);
    return { ...page, list: await withOperatorNames(page.list) };
  }
  const { pageNo, pageSize, ...query } = filters;
  const page = await mergedAuditPager.page(JSON.stringify(query), pageNo, pageSize, () => {
    return new MergedLogReader(sourcesWriting(query.action), (source, chunkNo, chunkSize) =>
      pageSourceLog(source, { ...query, pageNo: chunkNo, pageSize: chunkSize }),
    );
  });
  return { total: page.total, list: await withOperatorNames(page.list) };
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
