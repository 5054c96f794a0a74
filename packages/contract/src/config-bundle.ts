import { type TSchema, Type } from 'typebox';
import { TimeInput, textKind } from './common.js';
import { CRUD_ENTITIES } from './cruds.js';
import { defineRoute } from './define.js';
import { DICT_ITEM_VALUE_MAX, DictItemKeyValue, DictItemTagColor } from './dicts.entity.js';
import { type EntitySpec, type FieldSpec, inputProperties } from './entity.js';
import type { CrudSpec } from './entity-crud.js';
import { ICON_PATTERN, RESOURCE_METHODS } from './resources.js';
import { DataScope, SCOPE_ORGS_MAX } from './roles.js';

/**
 * The configuration bundle: roles, resources, dictionaries and the organisation skeleton as one
 * versioned JSON file. Objects name each other by natural keys, never by database ids, so a bundle exported from
 * one installation can be compared with and applied to another:
 * - a resource by its key (`resourceKey` below): an API resource by `api:<method> <url>`, a menu with a route by
 *   `menu:<route>`, a menu without a route by `menu:<parent key>><name>`; its parent by the parent's key;
 * - a role by its name; the built-in super-admin role by `builtin: true` (it holds every resource and is never
 *   added, changed nor removed by a bundle);
 * - a dictionary by its dictCode, an item by dictCode + value (its parent by the parent's value);
 * - an organisation by its path of names from the root (['总公司', '华东区', '上海']);
 * - a 系统参数 by its key (only those changed on the 系统参数 screen are exported; absent ones are left alone);
 * - a row of a descriptor-served entity (contract cruds.ts: 岗位, …) by its spec's key (`crud.key`, a postCode),
 *   under `entities.<entity name>`, with its descriptor's writable fields (no ids, no creation time).
 * No accounts, passwords or secrets are ever in a bundle.
 */
export const CONFIG_BUNDLE_FORMAT = 'gatehouse-config';
export const CONFIG_BUNDLE_VERSION = 1;

/** Sizes a bundle may not exceed (the request body is also limited to 1 MiB). */
export const CONFIG_BUNDLE_LIMITS = {
  resources: 5000,
  roles: 1000,
  dicts: 1000,
  items: 5000,
  orgs: 5000,
  /** Rows of each descriptor-served entity. */
  entityRows: 5000,
} as const;

/** The names of the descriptor-served entities (contract cruds.ts): each is a kind of change of its own. */
export type CrudEntityName = (typeof CRUD_ENTITIES)[number]['entity']['name'];
export type ConfigChangeKind = 'resource' | 'role' | 'dict' | 'dictItem' | 'org' | 'param' | CrudEntityName;
/** Every kind, in the order a comparison lists them: the fixed ones, then each descriptor-served entity. */
export const CONFIG_CHANGE_KINDS: readonly ConfigChangeKind[] = /* @__PURE__ */ changeKinds();
function changeKinds(): ConfigChangeKind[] {
  return ['resource', 'role', 'dict', 'dictItem', 'org', 'param', ...CRUD_ENTITIES.map(({ entity }) => entity.name)];
}
export type ConfigChangeAction = 'add' | 'change' | 'remove';

/** The key a resource is matched by in a bundle (see the module comment); `parentKey` only matters without a route. */
export function resourceKeyOf(row: {
  type: number;
  name: string;
  route: string | null;
  method: string | null;
  url: string | null;
  parentKey: string | null;
}): string {
  if (row.type === 1) return `api:${(row.method ?? '').toLowerCase()} ${row.url ?? ''}`;
  if (row.route) return `menu:${row.route}`;
  return `menu:${row.parentKey ?? ''}>${row.name}`;
}

const text = (title: string, maxLength: number) => Type.String({ maxLength, title });
const nullable = (title: string, maxLength: number, multiline = false) =>
  Type.Union([Type.String({ maxLength, title, ...(multiline ? textKind('multiline') : {}) }), Type.Null()], { title });
const order = Type.Integer({ minimum: 0, maximum: 1_000_000, title: '序号' });

export const BundleResource = Type.Object(
  {
    type: Type.Unsafe<0 | 1>({ type: 'integer', enum: [0, 1], title: '资源类型' }),
    name: Type.String({ minLength: 1, maxLength: 100, title: '资源名称' }),
    route: nullable('路由', 255),
    method: Type.Union(
      [Type.Unsafe<string>({ type: 'string', maxLength: 10, enum: [...RESOURCE_METHODS], title: '方法' }), Type.Null()],
      { title: '方法' },
    ),
    url: nullable('URL', 255),
    /** The parent menu's key, null at the top. */
    parent: nullable('上级资源', 400),
    remark: nullable('备注', 255, true),
    orderNum: order,
    icon: Type.Union([Type.String({ maxLength: 64, pattern: ICON_PATTERN, title: '图标' }), Type.Null()], {
      title: '图标',
    }),
    /** Built in on the exporting installation (informative: a bundle never removes nor re-keys a built-in one). */
    builtin: Type.Boolean({ title: '内置' }),
  },
  { additionalProperties: false, title: '资源' },
);

export const BundleRole = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100, title: '角色名称' }),
    remark: nullable('备注', 255, true),
    /** The super-admin role: matched by this mark, never changed by a bundle. */
    builtin: Type.Boolean({ title: '内置' }),
    dataScope: DataScope,
    /** The organisations of a 自定义 scope, each by its path of names. */
    scopeOrgs: Type.Array(Type.Array(text('组织名称', 100), { minItems: 1, maxItems: 64 }), {
      maxItems: SCOPE_ORGS_MAX,
      title: '自定义组织',
    }),
    /** The keys of the resources it grants (empty for the super-admin role, which holds all). */
    resources: Type.Array(Type.String({ minLength: 1, maxLength: 400, title: '权限' }), {
      maxItems: 10_000,
      uniqueItems: true,
      title: '权限',
    }),
    /**
     * 需要双因素认证 (always exported). Absent (a bundle of an installation before it): a new role gets it
     * off, an existing role keeps its own, as the role routes treat an absent field.
     */
    requireSecondFactor: Type.Optional(Type.Boolean({ title: '需要双因素认证' })),
  },
  { additionalProperties: false, title: '角色' },
);

export const BundleDictItem = Type.Object(
  {
    value: Type.String({ minLength: 1, maxLength: DICT_ITEM_VALUE_MAX, title: '数据标签' }),
    /** The parent item's value in the same dictionary, null at the top. */
    parent: nullable('上级数据', 100),
    orderNum: order,
    /**
     * 数据键值, 状态 and 标签颜色 (always exported). Absent (a bundle of an installation before them): a new
     * item gets its value as key value, enabled and no colour; an existing item keeps its own, as the item routes
     * treat an absent field.
     */
    keyValue: Type.Optional(DictItemKeyValue),
    state: Type.Optional(Type.Boolean({ title: '状态' })),
    tagColor: Type.Optional(DictItemTagColor),
  },
  { additionalProperties: false, title: '字典数据' },
);

export const BundleDict = Type.Object(
  {
    dictCode: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z][A-Za-z0-9_.-]*$', title: '字典类型' }),
    dictName: Type.String({ minLength: 1, maxLength: 100, title: '字典名称' }),
    remark: nullable('备注', 255, true),
    items: Type.Array(BundleDictItem, { maxItems: CONFIG_BUNDLE_LIMITS.items, title: '字典数据' }),
  },
  { additionalProperties: false, title: '字典' },
);

export const BundleOrg = Type.Object(
  {
    /** Names from the root down to this organisation. */
    path: Type.Array(Type.String({ minLength: 1, maxLength: 100, title: '组织名称' }), {
      minItems: 1,
      maxItems: 64,
      title: '组织路径',
    }),
    fullName: nullable('全称', 255),
    orgCode: Type.Union([Type.String({ maxLength: 64, pattern: '^[A-Za-z0-9_-]*$', title: '机构编码' }), Type.Null()], {
      title: '机构编码',
    }),
    regionId: Type.Union([Type.Integer({ minimum: 1, maximum: 999_999, title: '所在地区' }), Type.Null()], {
      title: '所在地区',
    }),
  },
  { additionalProperties: false, title: '组织' },
);

export const BundleParam = Type.Object(
  {
    key: Type.String({ minLength: 1, maxLength: 64, title: '参数' }),
    value: Type.String({ maxLength: 200, title: '参数值' }),
  },
  { additionalProperties: false, title: '系统参数' },
);

/**
 * A row of a descriptor-served entity in a bundle: its descriptor's writable fields with their input schemas (limits,
 * patterns), the spec's key and required fields required. A field left out is left alone on an existing row and
 * takes the create route's default on a new one (a bundle of an installation before the field existed).
 */
export function bundleEntityRow(target: {
  entity: EntitySpec<Readonly<Record<string, FieldSpec>>>;
  crud: Pick<CrudSpec, 'key' | 'required' | 'title'>;
}) {
  const required = [...new Set([target.crud.key, ...target.crud.required])];
  return Type.Object(inputProperties(target.entity, required as never[]) as Record<string, TSchema>, {
    additionalProperties: false,
    title: target.crud.title['zh-CN'],
  });
}

type EntitySection = ReturnType<
  typeof Type.Optional<ReturnType<typeof Type.Array<ReturnType<typeof bundleEntityRow>>>>
>;

/**
 * The rows of each descriptor-served entity, by the entity's name. A section absent (a bundle of an installation
 * before the entity existed, or one that leaves it out) leaves that entity alone: never a removal.
 */
function bundleEntities() {
  const sections = Object.fromEntries(
    CRUD_ENTITIES.map((target) => [
      target.entity.name,
      Type.Optional(
        Type.Array(bundleEntityRow(target), {
          maxItems: CONFIG_BUNDLE_LIMITS.entityRows,
          title: target.crud.title['zh-CN'],
        }),
      ),
    ]),
  ) as Record<CrudEntityName, EntitySection>;
  return Type.Object(sections, { additionalProperties: false, title: '实体数据' });
}
export const BundleEntities = /* @__PURE__ */ bundleEntities();

/** The file itself: `format` and `version` first, so a file of another kind is named as such. */
export const ConfigBundle = Type.Object(
  {
    format: Type.String({ minLength: 1, maxLength: 64, title: '文件格式' }),
    version: Type.Integer({ minimum: 0, maximum: 1_000_000, title: '文件版本' }),
    exportedAt: Type.Optional(TimeInput('导出时间')),
    resources: Type.Array(BundleResource, { maxItems: CONFIG_BUNDLE_LIMITS.resources, title: '资源' }),
    roles: Type.Array(BundleRole, { maxItems: CONFIG_BUNDLE_LIMITS.roles, title: '角色' }),
    dicts: Type.Array(BundleDict, { maxItems: CONFIG_BUNDLE_LIMITS.dicts, title: '字典' }),
    orgs: Type.Array(BundleOrg, { maxItems: CONFIG_BUNDLE_LIMITS.orgs, title: '组织' }),
    /**
     * 系统参数 changed on that screen. Absent (a bundle of an installation before it) or without a key: that
     * parameter is left as it is; a bundle never undoes a change.
     */
    params: Type.Optional(Type.Array(BundleParam, { maxItems: 100, title: '系统参数' })),
    /** The descriptor-served entities' rows (absent: an older bundle, every entity left alone). */
    entities: Type.Optional(BundleEntities),
  },
  { additionalProperties: false, title: '配置文件' },
);

const ChangeValue = Type.Unknown();

export const ConfigChange = Type.Object({
  /** Stable across diffs of the same bundle against the same data: `<kind>:<key>` (sent back to apply). */
  id: Type.String(),
  kind: Type.Unsafe<ConfigChangeKind>({ type: 'string', enum: [...CONFIG_CHANGE_KINDS] }),
  /**
   * The natural key, readable: a resource key, a role name, a dictCode, dictCode/value, an organisation path, an
   * entity row's key value (its postCode).
   */
  key: Type.String(),
  /** A readable name (the resource's, the role's, the dictionary's…). */
  label: Type.String(),
  action: Type.Unsafe<ConfigChangeAction>({ type: 'string', enum: ['add', 'change', 'remove'] }),
  /**
   * The fields that differ (a change), or every field (an add: before null; a remove: after null). An entity row's
   * fields are named by its descriptor's field keys.
   */
  fields: Type.Array(Type.Object({ field: Type.String(), before: ChangeValue, after: ChangeValue })),
});

export const CONFIG_APPLY_MAX = 20_000;

export const configBundleRoutes = {
  exportConfigBundle: defineRoute({
    method: 'GET',
    path: '/config/bundle',
    access: 'permission',
    sudo: true,
    transport: 'file',
    title: '导出配置包',
    menu: '/system/ConfigBundle',
    description:
      'Resources, roles, dictionaries with their items, the organisation skeleton, changed 系统参数 and the rows of the descriptor-served entities (`entities`, e.g. 岗位 by postCode) as one JSON file (attachment gatehouse-config-YYYY-MM-DD.json, format gatehouse-config, version 1). Objects reference each other by natural keys (see packages/contract/src/config-bundle.ts), never by database ids; no accounts, passwords or secrets. Refused (400) while two objects share one key (e.g. two menus with one route, or two items of one value in a dictionary).',
    response: Type.Unsafe<never>({ type: 'string', format: 'binary' }),
  }),
  diffConfigBundle: defineRoute({
    method: 'POST',
    path: '/config/bundle/diff',
    access: 'permission',
    title: '比较配置包',
    menu: '/system/ConfigBundle',
    description:
      'Compares a bundle with this installation and answers the changes applying it would make (added, changed, removed, per object, with the fields before and after). Built-in objects are matched by their keys; the super-admin role and removals of built-in resources are never listed. Writes nothing. A file of another format or version is refused (400).',
    body: ConfigBundle,
    response: Type.Object({ changes: Type.Array(ConfigChange) }),
  }),
  applyConfigBundle: defineRoute({
    method: 'POST',
    path: '/config/bundle/apply',
    access: 'permission',
    sudo: true,
    title: '应用配置包',
    menu: '/system/ConfigBundle',
    description:
      "Compares the bundle again and applies only the changes named by changeIds, in one transaction: all or nothing. Each change needs the permission of its single-object route (添加/编辑/删除 角色, 资源, 字典, 字典数据, 组织, and of each descriptor-served entity, e.g. 添加/修改/删除岗位) and passes the same rules (an entity row: blank required text and values of unique fields another row holds refused, naming the row and the field): a role never grants a resource the caller lacks nor a data scope wider than the caller's, roles and organisations acted on lie within the caller's reach, built-in resources keep their keys, the super-admin role is untouched, an organisation with accounts or children is not removed, a role held by accounts is not removed. A change id no longer in the diff is refused (400: compare again).",
    body: Type.Object(
      {
        bundle: ConfigBundle,
        changeIds: Type.Array(Type.String({ minLength: 1, maxLength: 1000, title: '所选变更' }), {
          minItems: 1,
          maxItems: CONFIG_APPLY_MAX,
          uniqueItems: true,
          title: '所选变更',
        }),
      },
      { additionalProperties: false },
    ),
    response: Type.Object({ applied: Type.Integer() }),
  }),
};
