import type { ResponseOf, routes } from '@gatehouse/contract';

/** Tag colours of the request methods (lower-case keys): GET green, POST blue, PUT orange, DELETE red. */
export const METHOD_COLORS: Readonly<Record<string, string>> = {
  get: 'green',
  post: 'blue',
  put: 'orange',
  delete: 'red',
};

/** One resource as GET /resources and GET /getPermissions answer it (adjacency form, `pid`). */
export type Resource = ResponseOf<typeof routes.listResources>[number];

export interface ResourceNode {
  resource: Resource;
  parentId: number | null;
  children: ResourceNode[];
}

export interface ResourceTreeModel {
  roots: ResourceNode[];
  byId: ReadonlyMap<number, ResourceNode>;
}

const bySiblingOrder = (a: ResourceNode, b: ResourceNode) =>
  a.resource.orderNum - b.resource.orderNum || a.resource.id - b.resource.id;

/**
 * Builds the tree from the adjacency list: siblings by orderNum (then id). A resource whose parent is missing
 * (e.g. not in the list the account may see) becomes a root; so does one caught in a pid cycle, which is cut
 * there rather than looping.
 */
export function buildResourceTree(resources: readonly Resource[]): ResourceTreeModel {
  const byId = new Map<number, ResourceNode>();
  for (const resource of resources) byId.set(resource.id, { resource, parentId: null, children: [] });

  const childrenOf = new Map<number | null, ResourceNode[]>();
  for (const node of byId.values()) {
    const pid = node.resource.pid;
    const key = pid !== null && byId.has(pid) && pid !== node.resource.id ? pid : null;
    const list = childrenOf.get(key) ?? [];
    list.push(node);
    childrenOf.set(key, list);
  }

  const visited = new Set<number>();
  const attach = (node: ResourceNode, parentId: number | null) => {
    visited.add(node.resource.id);
    node.parentId = parentId;
    node.children = (childrenOf.get(node.resource.id) ?? []).filter((child) => !visited.has(child.resource.id));
    node.children.sort(bySiblingOrder);
    for (const child of node.children) attach(child, node.resource.id);
  };

  const roots = [...(childrenOf.get(null) ?? [])].sort(bySiblingOrder);
  for (const root of roots) attach(root, null);
  // Nodes only reachable through a cycle: cut the cycle at the lowest-ordered one.
  for (const node of [...byId.values()].sort(bySiblingOrder)) {
    if (visited.has(node.resource.id)) continue;
    roots.push(node);
    attach(node, null);
  }
  return { roots, byId };
}

/** The node and all its descendants, depth first. */
export function subtree(node: ResourceNode): ResourceNode[] {
  return [node, ...node.children.flatMap(subtree)];
}

/** Every node, children before their parents (for bottom-up passes). */
function postOrder(model: ResourceTreeModel): ResourceNode[] {
  const out: ResourceNode[] = [];
  const walk = (node: ResourceNode) => {
    for (const child of node.children) walk(child);
    out.push(node);
  };
  for (const root of model.roots) walk(root);
  return out;
}

/** Whether the account may change this resource's checkbox (it holds the resource). */
export type IsGrantable = (resource: Resource) => boolean;

const everything: IsGrantable = () => true;

/**
 * Check state of the permission tree, à la antd's non-strict ("conducted") tree, computed here so that
 * resources the account does not hold can stay fixed:
 * - a grantable node with children is checked exactly when all its children are checked (unless nothing below
 *   it is grantable, then its own state stands);
 * - a node the account may not grant never changes: it keeps what the role already had.
 */
function conduct(model: ResourceTreeModel, checked: Set<number>, isGrantable: IsGrantable): Set<number> {
  const grantableBelow = new Map<number, boolean>();
  for (const node of postOrder(model)) {
    const id = node.resource.id;
    const below = node.children.some((child) => grantableBelow.get(child.resource.id));
    grantableBelow.set(id, below || isGrantable(node.resource));
    if (!isGrantable(node.resource) || node.children.length === 0 || !below) continue;
    if (node.children.every((child) => checked.has(child.resource.id))) checked.add(id);
    else checked.delete(id);
  }
  return checked;
}

/**
 * 父子联动 (parent-child linkage), the tree's two ways of checking:
 * - linked (the default): checking a node checks its subtree, a fully checked subtree checks its parent, and a
 *   half-checked menu is saved with what is checked below it (see `savedIds`);
 * - unlinked: each node is checked on its own and exactly the checked nodes are saved (e.g. a menu without the
 *   APIs below it, which the linked tree cannot express).
 */
export type Linkage = 'linked' | 'unlinked';

/** Turns a role's saved resource ids into the tree's checked set (see `savedIds` for the way back). */
export function checkedFromSaved(
  model: ResourceTreeModel,
  saved: Iterable<number>,
  isGrantable: IsGrantable = everything,
  linkage: Linkage = 'linked',
): Set<number> {
  const checked = new Set<number>();
  for (const id of saved) if (model.byId.has(id)) checked.add(id);
  return linkage === 'linked' ? conduct(model, checked, isGrantable) : checked;
}

/**
 * Whether the linked tree shows `saved` as it is and saves it back unchanged. When not (a menu saved without
 * anything below it, say), the editor opens unlinked: linked, the next change would drop what it cannot show.
 */
export function linkageKeeps(
  model: ResourceTreeModel,
  saved: readonly number[],
  isGrantable: IsGrantable = everything,
): boolean {
  const known = [...new Set(saved)].filter((id) => model.byId.has(id)).sort((a, b) => a - b);
  const back = savedIds(model, checkedFromSaved(model, known, isGrantable), isGrantable);
  return back.length === known.length && back.every((id, index) => id === known[index]);
}

/** Nodes shown half-checked: not checked themselves, with at least one checked descendant. */
export function halfCheckedOf(model: ResourceTreeModel, checked: ReadonlySet<number>): Set<number> {
  const half = new Set<number>();
  const hasChecked = new Map<number, boolean>();
  for (const node of postOrder(model)) {
    const id = node.resource.id;
    const below = node.children.some((child) => hasChecked.get(child.resource.id));
    hasChecked.set(id, below || checked.has(id));
    if (below && !checked.has(id)) half.add(id);
  }
  return half;
}

/**
 * True when the subtree is as checked as the account can make it: checking it all would change nothing
 * (what 批量选择 / the checkbox would then undo). A parent held back by a resource the account may not grant
 * stays half-checked even then.
 */
export function isSubtreeChecked(
  model: ResourceTreeModel,
  checked: ReadonlySet<number>,
  id: number,
  isGrantable: IsGrantable = everything,
  linkage: Linkage = 'linked',
): boolean {
  if (!hasGrantableInSubtree(model, id, isGrantable)) return false;
  return sameSet(setSubtree(model, checked, id, isGrantable, true, linkage), checked);
}

const sameSet = (a: ReadonlySet<number>, b: ReadonlySet<number>) => a.size === b.size && [...a].every((n) => b.has(n));

/** Whether anything in the subtree can be changed (else 批量选择 is pointless). */
export function hasGrantableInSubtree(model: ResourceTreeModel, id: number, isGrantable: IsGrantable = everything) {
  const node = model.byId.get(id);
  return !!node && subtree(node).some((n) => isGrantable(n.resource));
}

/**
 * 批量选择, and the checkbox of a linked tree: checks (or, when it is all checked already, unchecks) the node and
 * its whole subtree, skipping what the account may not grant; linked, ancestors then follow. `on` forces the
 * direction.
 */
export function toggleSubtree(
  model: ResourceTreeModel,
  checked: ReadonlySet<number>,
  id: number,
  isGrantable: IsGrantable = everything,
  { linkage = 'linked', on }: { linkage?: Linkage; on?: boolean } = {},
): Set<number> {
  const direction = on ?? !isSubtreeChecked(model, checked, id, isGrantable, linkage);
  return setSubtree(model, checked, id, isGrantable, direction, linkage);
}

/** The checkbox of an unlinked tree: that node alone, if the account may grant it. */
export function toggleNode(
  model: ResourceTreeModel,
  checked: ReadonlySet<number>,
  id: number,
  isGrantable: IsGrantable = everything,
): Set<number> {
  const next = new Set(checked);
  const node = model.byId.get(id);
  if (!node || !isGrantable(node.resource)) return next;
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

function setSubtree(
  model: ResourceTreeModel,
  checked: ReadonlySet<number>,
  id: number,
  isGrantable: IsGrantable,
  on: boolean,
  linkage: Linkage,
): Set<number> {
  const node = model.byId.get(id);
  const next = new Set(checked);
  if (!node) return next;
  return setNodes(model, next, subtree(node), isGrantable, on, linkage);
}

function setNodes(
  model: ResourceTreeModel,
  next: Set<number>,
  nodes: Iterable<ResourceNode>,
  isGrantable: IsGrantable,
  on: boolean,
  linkage: Linkage,
): Set<number> {
  for (const n of nodes) {
    if (!isGrantable(n.resource)) continue;
    if (on) next.add(n.resource.id);
    else next.delete(n.resource.id);
  }
  return linkage === 'linked' ? conduct(model, next, isGrantable) : next;
}

/** 全选 / 全不选: every node the account may grant checked (or unchecked); the others keep their state. */
export function setEverything(
  model: ResourceTreeModel,
  checked: ReadonlySet<number>,
  on: boolean,
  isGrantable: IsGrantable = everything,
  linkage: Linkage = 'linked',
): Set<number> {
  return setNodes(model, new Set(checked), model.byId.values(), isGrantable, on, linkage);
}

/** What 全选 / 全不选 shows: all (as checked as the account can make it), none, or some of the grantable nodes. */
export function everythingState(
  model: ResourceTreeModel,
  checked: ReadonlySet<number>,
  isGrantable: IsGrantable = everything,
  linkage: Linkage = 'linked',
): 'all' | 'some' | 'none' {
  const grantable = [...model.byId.values()].filter((n) => isGrantable(n.resource));
  if (grantable.length === 0 || !grantable.some((n) => checked.has(n.resource.id))) return 'none';
  return sameSet(setEverything(model, checked, true, isGrantable, linkage), checked) ? 'all' : 'some';
}

/**
 * What the role saves. Unlinked: the checked nodes, nothing else. Linked: every checked node, plus every
 * half-checked MENU (type 0) the account may grant.
 * Why the half-checked menus: a role granted only 账号列表 (GET /account/s) also needs the menus above it
 * (用户管理 › 账号管理) to reach that screen; antd would report those parents as merely half-checked and they
 * would be lost. Half-checked API resources (an API resource with children, unusual) are not saved: that
 * would grant a call nobody ticked.
 *
 * The way back (`checkedFromSaved`) drops a saved parent whose children are only partly saved (it shows
 * half-checked again), so load → save is stable. A menu saved with none of its grantable descendants (a
 * "menu only" grant, which only the unlinked tree expresses) is shown unchecked by the linked tree and dropped
 * on its next save (`linkageKeeps` says when).
 */
export function savedIds(
  model: ResourceTreeModel,
  checked: ReadonlySet<number>,
  isGrantable: IsGrantable = everything,
  linkage: Linkage = 'linked',
): number[] {
  const ids = new Set(checked);
  if (linkage === 'linked') {
    for (const id of halfCheckedOf(model, checked)) {
      const node = model.byId.get(id);
      if (node && node.resource.type === 0 && isGrantable(node.resource)) ids.add(id);
    }
  }
  return [...ids].filter((id) => model.byId.has(id)).sort((a, b) => a - b);
}

const searchableText = (resource: Resource) =>
  [resource.name, resource.route, resource.url, resource.method].filter(Boolean).join('\n').toLowerCase();

export interface TreeSearch {
  /** Nodes whose name, route, url or method contains the keyword. */
  matched: Set<number>;
  /** Matches, their ancestors (so the path stays visible) and their descendants (what a match contains). */
  visible: Set<number>;
}

/** Filters the tree by a keyword (case-insensitive); null when the keyword is blank (show everything). */
export function searchTree(model: ResourceTreeModel, keyword: string): TreeSearch | null {
  const needle = keyword.trim().toLowerCase();
  if (!needle) return null;
  const matched = new Set<number>();
  const visible = new Set<number>();
  for (const node of model.byId.values()) {
    if (!searchableText(node.resource).includes(needle)) continue;
    matched.add(node.resource.id);
    for (const n of subtree(node)) visible.add(n.resource.id);
    for (let pid = node.parentId; pid !== null; pid = model.byId.get(pid)?.parentId ?? null) {
      if (visible.has(pid)) break; // Visible already, and so are its ancestors.
      visible.add(pid);
    }
  }
  return { matched, visible };
}

/** Splits `text` around case-insensitive occurrences of `keyword` for highlighting. */
export function splitByKeyword(text: string, keyword: string): Array<{ text: string; match: boolean }> {
  const needle = keyword.trim().toLowerCase();
  if (!needle) return [{ text, match: false }];
  const parts: Array<{ text: string; match: boolean }> = [];
  const lower = text.toLowerCase();
  let from = 0;
  for (let at = lower.indexOf(needle); at !== -1; at = lower.indexOf(needle, from)) {
    if (at > from) parts.push({ text: text.slice(from, at), match: false });
    parts.push({ text: text.slice(at, at + needle.length), match: true });
    from = at + needle.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from), match: false });
  return parts;
}

/** `id` and the ids of everything below it. */
export function subtreeIds(model: ResourceTreeModel, id: number): Set<number> {
  const node = model.byId.get(id);
  return new Set(node ? subtree(node).map((n) => n.resource.id) : [id]);
}

/** Ids of every node that has children (the tree opens fully expanded; 展开/折叠 opens or closes them all). */
export function parentIds(model: ResourceTreeModel): number[] {
  return [...model.byId.values()].filter((n) => n.children.length > 0).map((n) => n.resource.id);
}
