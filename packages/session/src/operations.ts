import { hasPermission } from './user';

/** Where the operations platform (运营平台, spec §1) starts: it opens the first page the operator may use. */
export const OPERATIONS_HOME = '/operation';

/**
 * The operations platform's pages, in menu order, with the permission each needs (one of them, when
 * several; the server checks the same one on every call). The shell mounts and labels them; the user menu offers the platform to
 * whoever may open one of them.
 */
export const OPERATIONS_PAGES = [
  { key: 'feedback', path: '/operation/feedback', permission: 'operation:feedback:query' },
  { key: 'brand-applications', path: '/operation/brand-applications', permission: 'system:brand-application:query' },
  // Enterprise (private) library submissions of every organisation, before their members see them (docs/enterprise-library.md).
  { key: 'enterprise-items', path: '/operation/enterprise-items', permission: 'operation:enterprise-item:audit' },
  { key: 'users', path: '/operation/users', permission: 'system:user:query' },
  { key: 'organisations', path: '/operation/organisations', permission: 'system:org:query' },
  { key: 'roles', path: '/operation/roles', permission: 'system:role:query' },
  { key: 'dictionary', path: '/operation/dictionary', permission: 'system:dict:query' },
  // One library's rebuild permission is enough to open the page; it shows the libraries held.
  {
    key: 'search-index',
    path: '/operation/search-index',
    permission: ['component:search-index:rebuild', 'part:search-index:rebuild', 'mat:search-index:rebuild'],
  },
  // Hiding and restoring public catalogue items; likewise one library's permission opens it, for the libraries held.
  {
    key: 'catalog-items',
    path: '/operation/catalog-items',
    permission: ['component:catalog:manage', 'part:catalog:manage', 'mat:catalog:manage'],
  },
  // Renaming and merging a library's manufacturers: the same permission as its items.
  {
    key: 'catalog-manufacturers',
    path: '/operation/catalog-manufacturers',
    permission: ['component:catalog:manage', 'part:catalog:manage', 'mat:catalog:manage'],
  },
  // Correcting a library's category names and order, and hiding empty categories: the same permission again.
  {
    key: 'catalog-categories',
    path: '/operation/catalog-categories',
    permission: ['component:catalog:manage', 'part:catalog:manage', 'mat:catalog:manage'],
  },
  // Importing a library's sources again now, with its progress and report: the same permission again.
  {
    key: 'catalog-import',
    path: '/operation/catalog-import',
    permission: ['component:catalog:manage', 'part:catalog:manage', 'mat:catalog:manage'],
  },
  { key: 'open-keys', path: '/operation/open-keys', permission: 'operation:open-key:query' },
  { key: 'statistics', path: '/operation/statistics', permission: 'operation:stat:query' },
  { key: 'audit-log', path: '/operation/audit-log', permission: 'system:audit-log:query' },
  { key: 'front-log', path: '/operation/front-log', permission: 'operation:frontlog:query' },
] as const;

export type OperationsPage = (typeof OPERATIONS_PAGES)[number];

/** The operations pages `permissions` open, in menu order (none for a user who is no operator). */
export function operationsPagesFor(permissions: readonly string[] | null | undefined): OperationsPage[] {
  return OPERATIONS_PAGES.filter((page) => hasPermission(permissions, page.permission));
}

/** The permission that opens the operations page `key` (the pages' gates read it from the list above). */
export function operationsPermission(key: OperationsPage['key']): OperationsPage['permission'] {
  return OPERATIONS_PAGES.find((page) => page.key === key)!.permission;
}
