/** One node of a library's category tree, as `GET /to/api/public/{lib}/category/tree` returns it. */
export interface CategoryNode {
  id: number;
  /** Unique within a library, lowercase ascii `[a-z0-9-]+`; used in URLs (`?category=`). */
  code: string;
  /** Chinese name. */
  name: string;
  nameEn: string;
  parentId: number | null;
  sort: number;
  /** Empty on leaves. */
  children: CategoryNode[];
}

/** A node with the chain of nodes from its root down to itself (inclusive). */
export interface LocatedCategory {
  node: CategoryNode;
  path: CategoryNode[];
}
