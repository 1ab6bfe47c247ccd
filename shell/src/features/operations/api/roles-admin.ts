import { operationsPermission } from '@portal/session';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SystemSchema } from '@portal/api-types';
import { http } from '@portal/http';
import { reloadOwnPermissions } from '../../route-guards/api/permission-info';
import { auditKeys, usersKeys } from './users-admin';

/** Operator permissions of roles and permissions (docs/operations.md "Roles and permissions"). */
export const ROLE_QUERY_PERMISSION = operationsPermission('roles');
export const ROLE_UPDATE_PERMISSION = 'system:role:update';
/** The wildcard only `super_admin` holds. */
export const ALL_PERMISSIONS = '*:*:*';
/** Role codes: 2–32 of a–z, 0–9, `_`, `-`, starting with a letter (checked again by the server). */
export const ROLE_CODE_PATTERN = /^[a-z][a-z0-9_-]{1,31}$/;
export const ROLE_NAME_MAX = 32;

/** A role as operators see it (`OperationRoleView` of the system service). */
export type OperationRole = SystemSchema<'OperationRoleView'>;
/** One entry of the permission catalogue (`PermissionView`). */
export type PermissionEntry = SystemSchema<'PermissionView'>;

export interface RoleInput {
  code: string;
  name: string;
  permissions: string[];
}

/** GET /base/system/operation/roles → every role (a handful: not paged). */
export function listRoles(): Promise<OperationRole[]> {
  return http.get<OperationRole[]>('/base/system/operation/roles');
}

/** GET /base/system/operation/permissions → the permissions a role may hold. */
export function listPermissions(): Promise<PermissionEntry[]> {
  return http.get<PermissionEntry[]>('/base/system/operation/permissions');
}

/** POST /base/system/operation/roles `{code, name, permissions}` → the new role's id. */
export function createRole(input: RoleInput): Promise<number> {
  return http.post<number>('/base/system/operation/roles', input, { silent: true });
}

/** PUT /base/system/operation/roles/{id} with the name and/or the whole new set of permissions. */
export function updateRole({ id, ...change }: { id: number } & Partial<Omit<RoleInput, 'code'>>): Promise<boolean> {
  return http.put<boolean>(`/base/system/operation/roles/${id}`, change, { silent: true });
}

/** DELETE /base/system/operation/roles/{id} (a role nobody holds). */
export function deleteRole(id: number): Promise<boolean> {
  return http.delete<boolean>(`/base/system/operation/roles/${id}`, undefined, { silent: true });
}

/** PUT /base/system/operation/users/{id}/roles `{roleIds}`: the account's whole new set of roles. */
export function setUserRoles(input: { userId: number; roleIds: number[] }): Promise<boolean> {
  return http.put<boolean>(`/base/system/operation/users/${input.userId}/roles`, { roleIds: input.roleIds }, { silent: true });
}

const roleKeys = {
  all: ['operations', 'roles'] as const,
  list: () => [...roleKeys.all, 'list'] as const,
  permissions: () => [...roleKeys.all, 'permissions'] as const,
};

export const rolesQueryOptions = () => queryOptions({ queryKey: roleKeys.list(), queryFn: listRoles, staleTime: 0 });

/** The catalogue changes only with a release. */
export const permissionsQueryOptions = () => queryOptions({ queryKey: roleKeys.permissions(), queryFn: listPermissions, staleTime: Infinity });

export function useRoles(enabled = true) {
  return useQuery({ ...rolesQueryOptions(), enabled });
}

export function usePermissionCatalogue() {
  return useQuery(permissionsQueryOptions());
}

/**
 * A role change alters the roles list, the users' roles and the audit log: all three are refetched. Editing,
 * deleting or giving roles may also alter the operator's own permissions: those are read again, so the menu and the
 * pages' gates follow without a page load (a new role is held by no one yet).
 */
function useInvalidateAfterChange({ ownPermissions }: { ownPermissions: boolean }) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      ...[roleKeys.all, usersKeys.all, auditKeys.all].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ownPermissions ? reloadOwnPermissions() : undefined,
    ]);
}

export function useCreateRole() {
  const invalidate = useInvalidateAfterChange({ ownPermissions: false });
  return useMutation({ mutationFn: createRole, onSuccess: invalidate });
}

export function useUpdateRole() {
  const invalidate = useInvalidateAfterChange({ ownPermissions: true });
  return useMutation({ mutationFn: updateRole, onSuccess: invalidate });
}

export function useDeleteRole() {
  const invalidate = useInvalidateAfterChange({ ownPermissions: true });
  return useMutation({ mutationFn: deleteRole, onSuccess: invalidate });
}

export function useSetUserRoles() {
  const invalidate = useInvalidateAfterChange({ ownPermissions: true });
  return useMutation({ mutationFn: setUserRoles, onSuccess: invalidate });
}

/** Whether `held` (the operator's permissions) covers every one of `wanted`: the server's escalation rule. */
export function holdsAll(held: readonly string[], wanted: readonly string[]): boolean {
  return held.includes(ALL_PERMISSIONS) || wanted.every((permission) => held.includes(permission));
}

/** The i18n key of a permission's label (`system:user:query` → `…permissionNames.system_user_query`: `:` separates namespaces in i18next). */
export function permissionLabelKey(code: string): string {
  return `operations.roles.permissionNames.${code.replaceAll(':', '_')}`;
}
