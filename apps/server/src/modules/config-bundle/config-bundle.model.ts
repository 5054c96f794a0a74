import {
  CONFIG_BUNDLE_FORMAT,
  CONFIG_BUNDLE_VERSION,
  type ConfigBundle,
  type ConfigChangeAction,
  type ConfigChangeKind,
  type CrudEntityName,
  type DataScopeKind,
  resourceKeyOf,
} from '@gatehouse/contract';
import { paramDef } from '@gatehouse/contract/system-params';
import type { Static } from 'typebox';
import { badRequest } from '../../platform/errors.js';
import { currentLocale, type MessageKey, t } from '../../platform/i18n.js';
import { asDataScope } from '../authz/index.js';
import {
  type EntityRows,
  entitiesSection,
  entityChanges,
  entityKindName,
  isEntityKind,
} from './config-bundle.entities.js';
import type { Snapshot } from './config-bundle.snapshot.js';

/**
 * The bundle as comparable sides: what a file holds and what a database holds, each object under its natural key.
 * Pure functions (no SQL, no HTTP): the service reads, compares and writes with them.
 */

export type Bundle = Static<typeof ConfigBundle>;
/** The kinds of the objects the bundle declares itself (the descriptor-served entities' rows are generic). */
type FixedKind = Exclude<ConfigChangeKind, CrudEntityName>;

export interface ResourceEntry {
  key: string;
  type: 0 | 1;
  name: string;
  route: string | null;
  method: string | null;
  url: string | null;
  parent: string | null;
  remark: string | null;
  orderNum: number;
  icon: string | null;
  builtin: boolean;
  dbId?: number;
}
export interface RoleEntry {
  name: string;
  remark: string | null;
  dataScope: DataScopeKind;
  /** Paths of names, sorted. */
  scopeOrgs: string[][];
  /** Resource keys, sorted. */
  resources: string[];
  /**
   * 需要双因素认证. Undefined only on a file's side, for a bundle without the field (one exported before it existed):
   * then it is not compared, a new role is made without it and an existing role keeps its own, as the role routes
   * treat an absent field. Read as "off" instead, such an older file would silently lift the requirement from
   * every role it changes for another reason (a security setting lost as a side effect).
   */
  requireSecondFactor?: boolean;
  dbId?: number;
}
export interface DictEntry {
  dictCode: string;
  dictName: string;
  remark: string | null;
  dbId?: number;
}
export interface ItemEntry {
  dictCode: string;
  value: string;
  parent: string | null;
  orderNum: number;
  /**
   * 数据键值, 状态, 标签颜色. Undefined only on a file's side, for a bundle without them (one exported
   * before): then they are not compared, a new item is made with its value as key value, enabled and without a
   * colour, and an existing item keeps its own (as RoleEntry's requireSecondFactor, and the item routes).
   */
  keyValue?: string;
  state?: boolean;
  tagColor?: string | null;
  dbId?: number;
}
export interface OrgEntry {
  path: string[];
  fullName: string | null;
  orgCode: string | null;
  regionId: number | null;
  dbId?: number;
  dbPid?: number | null;
}

/** One side of a comparison: every object by the key its change id is made of. */
export interface Side {
  resources: Map<string, ResourceEntry>;
  roles: Map<string, RoleEntry>;
  /** The super-admin role (the database side only): exported, never compared. */
  builtinRole?: { name: string; remark: string | null; requireSecondFactor: boolean };
  dicts: Map<string, DictEntry>;
  items: Map<string, ItemEntry>;
  orgs: Map<string, OrgEntry>;
  /**
   * 系统参数 by key. The bundle's side: the values it carries (checked and written as stored by the service); the
   * database's: every parameter's value in effect, `stored` when it was changed on the screen (what an export carries).
   */
  params: Map<string, ParamEntry>;
  /**
   * The descriptor-served entities' rows (config-bundle.entities.ts), filled by the service through the engine: the
   * file's side holds only the entities it has a section for.
   */
  entities: EntityRows;
}

export interface ParamEntry {
  key: string;
  value: string;
  stored?: boolean;
}

export interface Change {
  id: string;
  kind: ConfigChangeKind;
  key: string;
  label: string;
  action: ConfigChangeAction;
  fields: Array<{ field: string; before: unknown; after: unknown }>;
  /** The map key of the object on either side (not sent). */
  ref: string;
}

/** A side with nothing on it yet. */
const emptySide = (): Side => ({
  resources: new Map(),
  roles: new Map(),
  dicts: new Map(),
  items: new Map(),
  orgs: new Map(),
  params: new Map(),
  entities: new Map(),
});

export const itemRef = (dictCode: string, value: string) => `${dictCode}/${value}`;
export const orgRef = (path: readonly string[]) => JSON.stringify(path);
export const orgLabel = (path: readonly string[]) => path.join('/');

/** A kind's name in the request's language: the fixed kinds' from the catalogue, an entity's from its spec. */
export const kindName = (kind: ConfigChangeKind) =>
  isEntityKind(kind) ? entityKindName(kind) : t(`configBundle.kind.${kind}` as MessageKey);
const sortPaths = (paths: string[][]) =>
  [...paths].sort((a, b) => (orgRef(a) < orgRef(b) ? -1 : orgRef(a) > orgRef(b) ? 1 : 0));

/** Parents first: how many ancestors an object has on its own side (a cycle is refused). */
export function depthOf(ref: string, parentOf: (ref: string) => string | null, onCycle: () => never): number {
  let depth = 0;
  const seen = new Set([ref]);
  for (let at = parentOf(ref); at !== null; at = parentOf(at)) {
    if (seen.has(at)) onCycle();
    seen.add(at);
    depth++;
  }
  return depth;
}

/** The file's objects, checked for what its schema cannot say (unique keys, parents present, format and version). */
export function sideOfBundle(bundle: Bundle): Side {
  if (bundle.format !== CONFIG_BUNDLE_FORMAT) throw badRequest(t('configBundle.wrongFormat'));
  if (bundle.version !== CONFIG_BUNDLE_VERSION) {
    throw badRequest(t('configBundle.wrongVersion', { version: bundle.version, supported: CONFIG_BUNDLE_VERSION }));
  }
  const duplicate = (kind: ConfigChangeKind, key: string) =>
    badRequest(t('configBundle.duplicate', { kind: kindName(kind), key }));
  const side = emptySide();

  for (const r of bundle.resources) {
    const route = r.route?.trim() || null;
    const url = r.url?.trim() || null;
    const method = r.method?.toLowerCase() || null;
    if (r.type === 0 && route && !route.startsWith('/')) throw badRequest(t('resource.routeFormat'));
    if (r.type === 1) {
      if (!method) throw badRequest(t('resource.methodRequired'));
      if (!url) throw badRequest(t('resource.urlRequired'));
      if (!url.startsWith('/')) throw badRequest(t('resource.urlFormat'));
    }
    const name = r.name.trim();
    if (!name) throw badRequest(t('validation.blank', { field: '资源名称' }));
    const entry: ResourceEntry = {
      type: r.type,
      name,
      route: r.type === 0 ? route : null,
      method: r.type === 1 ? method : null,
      url: r.type === 1 ? url : null,
      parent: r.parent,
      remark: r.remark?.trim() || null,
      orderNum: r.orderNum,
      icon: r.type === 0 ? r.icon : null,
      builtin: r.builtin,
      key: '',
    };
    entry.key = resourceKeyOf({ ...entry, parentKey: entry.parent });
    if (side.resources.has(entry.key)) throw duplicate('resource', entry.key);
    side.resources.set(entry.key, entry);
  }
  for (const r of side.resources.values()) {
    if (r.parent === null) continue;
    const parent = side.resources.get(r.parent);
    if (!parent)
      throw badRequest(t('configBundle.parentMissing', { kind: kindName('resource'), key: r.key, parent: r.parent }));
    if (parent.type !== 0) throw badRequest(t('resource.parentNotMenu'));
    depthOf(
      r.key,
      (k) => side.resources.get(k)?.parent ?? null,
      () => {
        throw badRequest(t('configBundle.cycle', { kind: kindName('resource'), key: r.key }));
      },
    );
  }

  for (const o of bundle.orgs) {
    const path = o.path.map((n) => n.trim());
    if (path.some((n) => !n)) throw badRequest(t('validation.blank', { field: '组织名称' }));
    const ref = orgRef(path);
    if (side.orgs.has(ref)) throw duplicate('org', orgLabel(path));
    side.orgs.set(ref, {
      path,
      fullName: o.fullName?.trim() || null,
      orgCode: o.orgCode?.trim() || null,
      regionId: o.regionId,
    });
  }
  for (const o of side.orgs.values()) {
    if (o.path.length > 1 && !side.orgs.has(orgRef(o.path.slice(0, -1)))) {
      throw badRequest(
        t('configBundle.parentMissing', {
          kind: kindName('org'),
          key: orgLabel(o.path),
          parent: orgLabel(o.path.slice(0, -1)),
        }),
      );
    }
  }

  for (const d of bundle.dicts) {
    const dictCode = d.dictCode.trim();
    if (side.dicts.has(dictCode)) throw duplicate('dict', dictCode);
    const dictName = d.dictName.trim();
    if (!dictName) throw badRequest(t('validation.blank', { field: '字典名称' }));
    side.dicts.set(dictCode, { dictCode, dictName, remark: d.remark?.trim() || null });
    for (const item of d.items) {
      const value = item.value.trim();
      if (!value) throw badRequest(t('validation.blank', { field: '数据标签' }));
      const ref = itemRef(dictCode, value);
      if (side.items.has(ref)) throw duplicate('dictItem', ref);
      const keyValue = item.keyValue?.trim();
      if (keyValue === '') throw badRequest(t('validation.blank', { field: '数据键值' }));
      side.items.set(ref, {
        dictCode,
        value,
        parent: item.parent?.trim() || null,
        orderNum: item.orderNum,
        ...(keyValue === undefined ? {} : { keyValue }),
        ...(item.state === undefined ? {} : { state: item.state }),
        ...(item.tagColor === undefined ? {} : { tagColor: item.tagColor }),
      });
    }
  }
  for (const [ref, item] of side.items) {
    if (item.parent === null) continue;
    if (!side.items.has(itemRef(item.dictCode, item.parent))) {
      throw badRequest(t('configBundle.parentMissing', { kind: kindName('dictItem'), key: ref, parent: item.parent }));
    }
    depthOf(
      ref,
      (k) => {
        const at = side.items.get(k);
        return at?.parent ? itemRef(at.dictCode, at.parent) : null;
      },
      () => {
        throw badRequest(t('configBundle.cycle', { kind: kindName('dictItem'), key: ref }));
      },
    );
  }

  let builtins = 0;
  for (const role of bundle.roles) {
    const name = role.name.trim();
    if (!name) throw badRequest(t('validation.blank', { field: '角色名称' }));
    if (role.builtin) {
      // The super-admin role is matched by its mark and never compared: one at most.
      if (++builtins > 1) throw badRequest(t('configBundle.builtinRoles'));
      continue;
    }
    if (side.roles.has(name)) throw duplicate('role', name);
    for (const key of role.resources) {
      if (!side.resources.has(key)) throw badRequest(t('configBundle.roleResourceMissing', { role: name, key }));
    }
    const scopeOrgs = role.dataScope === 'custom' ? role.scopeOrgs.map((p) => p.map((n) => n.trim())) : [];
    if (role.dataScope === 'custom' && scopeOrgs.length === 0) throw badRequest(t('role.scopeOrgsRequired'));
    for (const path of scopeOrgs) {
      if (!side.orgs.has(orgRef(path))) {
        throw badRequest(t('configBundle.roleOrgMissing', { role: name, path: orgLabel(path) }));
      }
    }
    side.roles.set(name, {
      name,
      remark: role.remark?.trim() || null,
      dataScope: role.dataScope,
      scopeOrgs: sortPaths(scopeOrgs),
      resources: [...role.resources].sort(),
      ...(role.requireSecondFactor === undefined ? {} : { requireSecondFactor: role.requireSecondFactor }),
    });
  }
  for (const p of bundle.params ?? []) {
    if (side.params.has(p.key)) throw duplicate('param', p.key);
    side.params.set(p.key, { key: p.key, value: p.value });
  }
  return side;
}

/** The database's objects under their keys; two objects of one key make the comparison impossible (400). */
export function sideOfDatabase(s: Snapshot): Side {
  const side = emptySide();
  const duplicate = (kind: ConfigChangeKind, key: string) =>
    badRequest(t('configBundle.duplicateInstalled', { kind: kindName(kind), key }));

  // Resources: a key may name the parent's key, so parents are keyed first.
  const resourceById = new Map(s.resources.map((r) => [r.id, r]));
  const keyById = new Map<number, string>();
  const keyOf = (id: number, seen = new Set<number>()): string => {
    const known = keyById.get(id);
    if (known) return known;
    const row = resourceById.get(id)!;
    if (seen.has(id)) throw badRequest(t('configBundle.cycle', { kind: kindName('resource'), key: row.name }));
    seen.add(id);
    const parentKey = row.pid !== null && resourceById.has(row.pid) ? keyOf(row.pid, seen) : null;
    const key = resourceKeyOf({ ...row, parentKey });
    keyById.set(id, key);
    return key;
  };
  for (const row of s.resources) {
    const key = keyOf(row.id);
    if (side.resources.has(key)) throw duplicate('resource', key);
    side.resources.set(key, {
      key,
      type: row.type === 1 ? 1 : 0,
      name: row.name,
      route: row.route,
      method: row.method,
      url: row.url,
      parent: row.pid !== null && resourceById.has(row.pid) ? keyOf(row.pid) : null,
      remark: row.remark,
      orderNum: row.order_num,
      icon: row.icon,
      builtin: row.builtin === 1,
      dbId: row.id,
    });
  }

  const orgById = new Map(s.orgs.map((o) => [o.id, o]));
  const pathById = new Map<number, string[]>();
  const pathOf = (id: number, seen = new Set<number>()): string[] => {
    const known = pathById.get(id);
    if (known) return known;
    const row = orgById.get(id)!;
    if (seen.has(id)) throw badRequest(t('configBundle.cycle', { kind: kindName('org'), key: row.name }));
    seen.add(id);
    const path = row.pid !== null && orgById.has(row.pid) ? [...pathOf(row.pid, seen), row.name] : [row.name];
    pathById.set(id, path);
    return path;
  };
  for (const row of s.orgs) {
    const path = pathOf(row.id);
    const ref = orgRef(path);
    if (side.orgs.has(ref)) throw duplicate('org', orgLabel(path));
    side.orgs.set(ref, {
      path,
      fullName: row.full_name,
      orgCode: row.org_code,
      regionId: row.region_id,
      dbId: row.id,
      dbPid: row.pid,
    });
  }

  for (const d of s.dicts) {
    side.dicts.set(d.dict_code, { dictCode: d.dict_code, dictName: d.dict_name, remark: d.remark, dbId: d.id });
  }
  const itemById = new Map(s.items.map((i) => [i.id, i]));
  for (const row of s.items) {
    const ref = itemRef(row.dict_code, row.value);
    if (side.items.has(ref)) throw duplicate('dictItem', ref);
    const parent = row.pid === null ? undefined : itemById.get(row.pid);
    side.items.set(ref, {
      dictCode: row.dict_code,
      value: row.value,
      parent: parent && parent.dict_code === row.dict_code ? parent.value : null,
      orderNum: row.order_num,
      keyValue: row.key_value,
      state: row.state === 1,
      tagColor: row.tag_color,
      dbId: row.id,
    });
  }

  for (const role of s.roles) {
    if (role.builtin === 1) {
      side.builtinRole = {
        name: role.name,
        remark: role.remark,
        requireSecondFactor: role.require_second_factor === 1,
      };
      continue;
    }
    const dataScope = asDataScope(role.data_scope);
    side.roles.set(role.name, {
      name: role.name,
      remark: role.remark,
      dataScope,
      scopeOrgs:
        dataScope === 'custom'
          ? sortPaths(
              s.scopeOrgs
                .filter((x) => x.role_id === role.id)
                .flatMap((x) => (pathById.has(x.org_id) ? [pathById.get(x.org_id)!] : [])),
            )
          : [],
      resources: s.grants
        .filter((g) => g.role_id === role.id)
        .flatMap((g) => (keyById.has(g.resource_id) ? [keyById.get(g.resource_id)!] : []))
        .sort(),
      requireSecondFactor: role.require_second_factor === 1,
      dbId: role.id,
    });
  }
  return side;
}

/** The file an installation exports: its side in the bundle's shape, parents before children. */
export function bundleOf(side: Side, exportedAt: string): Bundle {
  const resourceDepth = (r: ResourceEntry) =>
    depthOf(
      r.key,
      (k) => side.resources.get(k)?.parent ?? null,
      () => {
        throw badRequest(t('configBundle.cycle', { kind: kindName('resource'), key: r.key }));
      },
    );
  const resources = [...side.resources.values()]
    .map((r, index) => ({ r, index, depth: resourceDepth(r) }))
    .sort((a, b) => a.depth - b.depth || a.index - b.index)
    .map(({ r }) => ({
      type: r.type,
      name: r.name,
      route: r.route,
      method: r.method,
      url: r.url,
      parent: r.parent,
      remark: r.remark,
      orderNum: r.orderNum,
      icon: r.icon,
      builtin: r.builtin,
    }));
  const roles: Bundle['roles'] = [
    ...(side.builtinRole
      ? [
          {
            name: side.builtinRole.name,
            remark: side.builtinRole.remark,
            builtin: true,
            dataScope: 'all' as const,
            scopeOrgs: [],
            resources: [],
            requireSecondFactor: side.builtinRole.requireSecondFactor,
          },
        ]
      : []),
    ...[...side.roles.values()].map((r) => ({
      name: r.name,
      remark: r.remark,
      builtin: false,
      dataScope: r.dataScope,
      scopeOrgs: r.scopeOrgs,
      resources: r.resources,
      requireSecondFactor: r.requireSecondFactor ?? false,
    })),
  ];
  const items = [...side.items.values()];
  const itemDepth = (i: ItemEntry) =>
    depthOf(
      itemRef(i.dictCode, i.value),
      (k) => {
        const at = side.items.get(k);
        return at?.parent ? itemRef(at.dictCode, at.parent) : null;
      },
      () => {
        throw badRequest(t('configBundle.cycle', { kind: kindName('dictItem'), key: itemRef(i.dictCode, i.value) }));
      },
    );
  const dicts = [...side.dicts.values()].map((d) => ({
    dictCode: d.dictCode,
    dictName: d.dictName,
    remark: d.remark,
    items: items
      .filter((i) => i.dictCode === d.dictCode)
      .map((i, index) => ({ i, index, depth: itemDepth(i) }))
      .sort((a, b) => a.depth - b.depth || a.index - b.index)
      .map(({ i }) => ({
        value: i.value,
        parent: i.parent,
        orderNum: i.orderNum,
        keyValue: i.keyValue ?? i.value,
        state: i.state ?? true,
        tagColor: (i.tagColor ?? null) as Bundle['dicts'][number]['items'][number]['tagColor'],
      })),
  }));
  const orgs = [...side.orgs.values()]
    .sort((a, b) => a.path.length - b.path.length || (a.dbId ?? 0) - (b.dbId ?? 0))
    .map((o) => ({ path: o.path, fullName: o.fullName, orgCode: o.orgCode, regionId: o.regionId }));
  const params = [...side.params.values()].filter((p) => p.stored).map(({ key, value }) => ({ key, value }));
  return {
    format: CONFIG_BUNDLE_FORMAT,
    version: CONFIG_BUNDLE_VERSION,
    exportedAt,
    resources,
    roles,
    dicts,
    orgs,
    ...(params.length ? { params } : {}),
    entities: entitiesSection(side.entities) as Bundle['entities'],
  };
}

/** The fields compared per kind (the key's own fields never differ between matched objects). */
function fieldsOf(kind: FixedKind, entry: unknown): Record<string, unknown> {
  switch (kind) {
    case 'resource': {
      const r = entry as ResourceEntry;
      return {
        type: r.type,
        name: r.name,
        route: r.route,
        method: r.method,
        url: r.url,
        parent: r.parent,
        remark: r.remark,
        orderNum: r.orderNum,
        icon: r.icon,
      };
    }
    case 'role': {
      const r = entry as RoleEntry;
      return {
        remark: r.remark,
        dataScope: r.dataScope,
        scopeOrgs: r.scopeOrgs,
        resources: r.resources,
        // A file without the field leaves it alone (RoleEntry): not a field of its changes.
        ...(r.requireSecondFactor === undefined ? {} : { requireSecondFactor: r.requireSecondFactor }),
      };
    }
    case 'dict': {
      const d = entry as DictEntry;
      return { dictName: d.dictName, remark: d.remark };
    }
    case 'dictItem': {
      const i = entry as ItemEntry;
      // A file without them leaves them alone (ItemEntry): not fields of its changes.
      return {
        parent: i.parent,
        orderNum: i.orderNum,
        ...(i.keyValue === undefined ? {} : { keyValue: i.keyValue }),
        ...(i.state === undefined ? {} : { state: i.state }),
        ...(i.tagColor === undefined ? {} : { tagColor: i.tagColor }),
      };
    }
    case 'org': {
      const o = entry as OrgEntry;
      return { fullName: o.fullName, orgCode: o.orgCode, regionId: o.regionId };
    }
    case 'param':
      return { value: (entry as ParamEntry).value };
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What applying `to` over `from` changes, per object: resources, organisations, dictionaries, items, roles; within a
 * kind the additions and changes in the file's order, then the removals. Built-in resources are never removed (a
 * bundle of an older installation simply lacks them) and the super-admin role is never compared.
 */
export function diffSides(from: Side, to: Side): Change[] {
  const changes: Change[] = [];
  const describe = (kind: FixedKind, ref: string, entry: unknown) => {
    switch (kind) {
      case 'resource':
        return { key: ref, label: (entry as ResourceEntry).name };
      case 'role':
        return { key: ref, label: ref };
      case 'dict':
        return { key: ref, label: (entry as DictEntry).dictName };
      case 'dictItem':
        return { key: ref, label: (entry as ItemEntry).value };
      case 'org':
        return { key: orgLabel((entry as OrgEntry).path), label: (entry as OrgEntry).path.at(-1)! };
      case 'param': {
        const def = paramDef(ref);
        return { key: ref, label: def ? (currentLocale() === 'en-US' ? def.title.en : def.title.zh) : ref };
      }
    }
  };
  const compare = <T>(kind: FixedKind, before: Map<string, T>, after: Map<string, T>, keep?: (e: T) => boolean) => {
    for (const [ref, entry] of after) {
      const was = before.get(ref);
      const now = fieldsOf(kind, entry);
      const { key, label } = describe(kind, ref, entry);
      const id = `${kind}:${ref}`;
      if (!was) {
        const fields = Object.entries(now).map(([field, value]) => ({ field, before: null, after: value }));
        changes.push({ id, kind, key, label, action: 'add', fields, ref });
        continue;
      }
      const old = fieldsOf(kind, was);
      const fields = Object.keys(now)
        .filter((field) => !same(old[field], now[field]))
        .map((field) => ({ field, before: old[field], after: now[field] }));
      if (fields.length) changes.push({ id, kind, key, label, action: 'change', fields, ref });
    }
    for (const [ref, entry] of before) {
      if (after.has(ref) || keep?.(entry)) continue;
      const old = fieldsOf(kind, entry);
      const { key, label } = describe(kind, ref, entry);
      const fields = Object.entries(old).map(([field, value]) => ({ field, before: value, after: null }));
      changes.push({ id: `${kind}:${ref}`, kind, key, label, action: 'remove', fields, ref });
    }
  };
  compare('resource', from.resources, to.resources, (r) => r.builtin);
  compare('org', from.orgs, to.orgs);
  compare('dict', from.dicts, to.dicts);
  compare('dictItem', from.items, to.items);
  compare('role', from.roles, to.roles);
  // A parameter the bundle does not carry is left as it is: never a removal.
  compare('param', from.params, to.params, () => true);
  changes.push(...entityChanges(from.entities, to.entities));
  return changes;
}

/** The answer's shape of a change (the internal reference left out). */
export const publicChange = ({ ref: _ref, ...change }: Change) => change;
