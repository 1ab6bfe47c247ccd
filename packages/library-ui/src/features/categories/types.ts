import type { ComponentSchema } from '@portal/api-types';

/**
 * One node of a library's category tree, as `GET /to/api/public/{lib}/category/tree` returns it: the
 * catalog's `CategoryNode`, the same schema in every library's OpenAPI document (generated types).
 * `code` is unique within a library and used in URLs (`?category=`); leaves have `children: []`.
 */
export type CategoryNode = ComponentSchema<'CategoryNode'>;

/** A node with the chain of nodes from its root down to itself (inclusive). */
export interface LocatedCategory {
  node: CategoryNode;
  path: CategoryNode[];
}
