import type { ReactNode } from 'react';
import { useSession } from '@portal/providers';
import { hasPermission } from '@portal/session';

/** True when the signed-in user holds `*:*:*` or any of `value`; an empty value throws 未设置权限值 (spec §5). */
export function useHasPermission(value: string | readonly string[]): boolean {
  const permissions = useSession((state) => state.permissions);
  return hasPermission(permissions, value);
}

export interface HasPermissionProps {
  value: string | readonly string[];
  children: ReactNode;
  /** Rendered instead when the permission is missing (default nothing, like v-hasPermi). */
  fallback?: ReactNode;
}

/** Renders its children only for users holding one of the permissions (the v-hasPermi directive). */
export function HasPermission({ value, children, fallback = null }: HasPermissionProps) {
  return <>{useHasPermission(value) ? children : fallback}</>;
}
