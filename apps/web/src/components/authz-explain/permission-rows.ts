import { buildResourceTree, type Resource, type ResourceNode } from '@/components/resource-tree/resource-tree-model';

/** A resource, with what grants it where the answer says (GET /authz/explain/account). */
export type ShownResource = Resource & { grantedBy?: string[] };

/** One row of a permission table: a menu with the menus and APIs under it, or an API. */
export interface PermissionRow {
  key: number;
  resource: ShownResource;
  /** Absent on a leaf (antd then draws no expand button). */
  children?: PermissionRow[];
}

/**
 * The resources as a tree of rows, menus with what lies under them, in the permission tree's order (orderNum, then
 * id). One whose parent is not in the list (a held API under a menu not held) stands at the top.
 */
export function permissionRows(resources: readonly ShownResource[]): PermissionRow[] {
  const shown = new Map(resources.map((resource) => [resource.id, resource]));
  const toRow = (node: ResourceNode): PermissionRow => {
    const row: PermissionRow = { key: node.resource.id, resource: shown.get(node.resource.id) ?? node.resource };
    if (node.children.length) row.children = node.children.map(toRow);
    return row;
  };
  return buildResourceTree(resources).roots.map(toRow);
}

/**
 * The menus (type 0) as the account would see them: the tree their `pid`s make, in menu order; a menu whose
 * parent menu is not held stands at the top (the side menu cannot show the group it belongs to).
 */
export function menuTree(resources: readonly Resource[]): ResourceNode[] {
  return buildResourceTree(resources.filter((resource) => resource.type === 0)).roots;
}

/** Held resources in two: what the role grants, then the APIs every account holds (folded away at the end). */
export interface SplitResources<T extends ShownResource> {
  granted: T[];
  everyone: T[];
}

/**
 * Sets apart the APIs every account holds whatever its role (open and signed-in APIs: 登录, 上传文件, 地区列表 …):
 * an API (type 1) that `isEveryone` names and that lies under no held menu — one filed under a held menu stays in
 * that menu's rows, so the tree of what the role grants is never cut. The rest keeps its order.
 */
export function splitEveryone<T extends ShownResource>(
  resources: readonly T[],
  isEveryone: (resource: T) => boolean,
): SplitResources<T> {
  const ids = new Set(resources.map((resource) => resource.id));
  const byId = new Map(resources.map((resource) => [resource.id, resource]));
  /** Whether a menu of the list lies above it (its pid chain, cut at a cycle). */
  const underHeldMenu = (resource: T) => {
    const seen = new Set<number>([resource.id]);
    for (let pid = resource.pid; pid !== null && ids.has(pid) && !seen.has(pid); ) {
      const parent = byId.get(pid) as T;
      if (parent.type === 0) return true;
      seen.add(pid);
      pid = parent.pid;
    }
    return false;
  };
  const granted: T[] = [];
  const everyone: T[] = [];
  for (const resource of resources) {
    (resource.type === 1 && isEveryone(resource) && !underHeldMenu(resource) ? everyone : granted).push(resource);
  }
  return { granted, everyone };
}
