import {
  type BodyOf,
  CONFIG_BUNDLE_FORMAT,
  CONFIG_BUNDLE_VERSION,
  type ConfigChange,
  resourceKeyOf,
  routes,
} from '@gatehouse/contract';
import type { Static } from 'typebox';
import { fail, handle, handleRaw } from '@/mocks/handle';
import type { MockStore } from '@/mocks/store';

type Bundle = BodyOf<typeof routes.diffConfigBundle>;
type Change = Static<typeof ConfigChange>;

/** The bundle the mock exports: its store by the natural keys of packages/contract/src/config-bundle.ts. */
function bundleOf(store: MockStore) {
  const resourceById = new Map(store.resources.map((r) => [r.id, r]));
  const keyOf = (id: number): string => {
    const r = resourceById.get(id)!;
    return resourceKeyOf({ ...r, parentKey: r.pid === null ? null : keyOf(r.pid) });
  };
  const orgById = new Map(store.orgs.map((o) => [o.id, o]));
  const pathOf = (id: number): string[] => {
    const o = orgById.get(id)!;
    return o.pid === null ? [o.name] : [...pathOf(o.pid), o.name];
  };
  return {
    format: CONFIG_BUNDLE_FORMAT,
    version: CONFIG_BUNDLE_VERSION,
    exportedAt: new Date().toISOString(),
    resources: store.resources.map((r) => ({
      type: r.type,
      name: r.name,
      route: r.route,
      method: r.method,
      url: r.url,
      parent: r.pid === null ? null : keyOf(r.pid),
      remark: r.remark,
      orderNum: r.orderNum,
      icon: r.icon,
      builtin: r.builtin,
    })),
    roles: store.roles.map((role) => ({
      name: role.name,
      remark: role.remark,
      builtin: role.builtin,
      dataScope: role.dataScope,
      scopeOrgs: role.scopeOrgIds.filter((id) => orgById.has(id)).map(pathOf),
      resources: role.builtin
        ? []
        : role.resources
            .filter((id) => resourceById.has(id))
            .map(keyOf)
            .sort(),
    })),
    dicts: store.dicts.map((d) => ({
      dictCode: d.dictCode,
      dictName: d.dictName,
      remark: d.remark,
      items: store.dictItems
        .filter((i) => i.dictCode === d.dictCode)
        .map((i) => ({
          value: i.value,
          parent: store.dictItems.find((p) => p.id === i.pid)?.value ?? null,
          orderNum: i.orderNum,
          keyValue: i.keyValue,
          state: i.state,
          tagColor: i.tagColor,
        })),
    })),
    orgs: store.orgs.map((o) => ({
      path: pathOf(o.id),
      fullName: o.fullName,
      orgCode: o.orgCode,
      regionId: o.regionId,
    })),
  };
}

function bundleCheck(bundle: Bundle): Bundle {
  if (bundle.format !== CONFIG_BUNDLE_FORMAT)
    fail('这不是 Gatehouse 配置文件：文件格式（format）应为 gatehouse-config');
  if (bundle.version !== CONFIG_BUNDLE_VERSION) {
    fail(`不支持的配置文件版本 ${bundle.version}：本系统读取版本 ${CONFIG_BUNDLE_VERSION}`);
  }
  return bundle;
}

/**
 * The mock compares dictionaries and their items only (the server compares resources, roles and organisations too,
 * under the single-object routes' rules): enough for the screen in mock mode and its tests.
 */
function diffOf(store: MockStore, bundle: Bundle): Change[] {
  const changes: Change[] = [];
  const fieldsOf = (values: Record<string, unknown>, side: 'before' | 'after') =>
    Object.entries(values).map(([field, value]) => ({
      field,
      before: side === 'before' ? value : null,
      after: side === 'after' ? value : null,
    }));
  const parentValue = (pid: number | null) => store.dictItems.find((p) => p.id === pid)?.value ?? null;
  for (const d of bundle.dicts) {
    const was = store.dicts.find((x) => x.dictCode === d.dictCode);
    const now = { dictName: d.dictName, remark: d.remark };
    const base = { id: `dict:${d.dictCode}`, kind: 'dict' as const, key: d.dictCode, label: d.dictName };
    if (!was) changes.push({ ...base, action: 'add', fields: fieldsOf(now, 'after') });
    else {
      const before: Record<string, unknown> = { dictName: was.dictName, remark: was.remark };
      const fields = Object.entries(now)
        .filter(([field, value]) => before[field] !== value)
        .map(([field, value]) => ({ field, before: before[field], after: value }));
      if (fields.length) changes.push({ ...base, action: 'change', fields });
    }
    for (const item of d.items) {
      const key = `${d.dictCode}/${item.value}`;
      const old = store.dictItems.find((i) => i.dictCode === d.dictCode && i.value === item.value);
      // 数据键值, 状态, 标签颜色: compared when the file has them (a file without them leaves them alone).
      const values = {
        parent: item.parent,
        orderNum: item.orderNum,
        ...(item.keyValue === undefined ? {} : { keyValue: item.keyValue }),
        ...(item.state === undefined ? {} : { state: item.state }),
        ...(item.tagColor === undefined ? {} : { tagColor: item.tagColor }),
      };
      const itemBase = { id: `dictItem:${key}`, kind: 'dictItem' as const, key, label: item.value };
      if (!old) changes.push({ ...itemBase, action: 'add', fields: fieldsOf(values, 'after') });
      else {
        const before: Record<string, unknown> = {
          parent: parentValue(old.pid),
          orderNum: old.orderNum,
          keyValue: old.keyValue,
          state: old.state,
          tagColor: old.tagColor,
        };
        const fields = Object.entries(values)
          .filter(([field, value]) => before[field] !== value)
          .map(([field, value]) => ({ field, before: before[field], after: value }));
        if (fields.length) changes.push({ ...itemBase, action: 'change', fields });
      }
    }
  }
  for (const item of store.dictItems) {
    const dict = bundle.dicts.find((d) => d.dictCode === item.dictCode);
    if (dict?.items.some((i) => i.value === item.value)) continue;
    const key = `${item.dictCode}/${item.value}`;
    const fields = fieldsOf(
      {
        parent: parentValue(item.pid),
        orderNum: item.orderNum,
        keyValue: item.keyValue,
        state: item.state,
        tagColor: item.tagColor,
      },
      'before',
    );
    changes.push({ id: `dictItem:${key}`, kind: 'dictItem', key, label: item.value, action: 'remove', fields });
  }
  for (const d of store.dicts) {
    if (bundle.dicts.some((x) => x.dictCode === d.dictCode)) continue;
    const fields = fieldsOf({ dictName: d.dictName, remark: d.remark }, 'before');
    changes.push({
      id: `dict:${d.dictCode}`,
      kind: 'dict',
      key: d.dictCode,
      label: d.dictName,
      action: 'remove',
      fields,
    });
  }
  return changes;
}

export const configBundleMocks = {
  exportConfigBundle: handleRaw(routes.exportConfigBundle, ({ store }) => {
    const name = `gatehouse-config-${new Date().toISOString().slice(0, 10)}.json`;
    return new Response(JSON.stringify(bundleOf(store), null, 2), {
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'content-disposition': `attachment; filename="${name}"`,
      },
    });
  }),

  diffConfigBundle: handle(routes.diffConfigBundle, ({ store, body }) => ({
    changes: diffOf(store, bundleCheck(body)),
  })),

  applyConfigBundle: handle(routes.applyConfigBundle, ({ store, body }) => {
    const changes = diffOf(store, bundleCheck(body.bundle));
    const chosen = body.changeIds.map(
      (id) => changes.find((c) => c.id === id) ?? fail(`所选变更“${id}”不在比较结果中，请重新比较`),
    );
    // All or nothing: worked on a copy, kept only when every change went through.
    const dicts = structuredClone(store.dicts);
    const items = structuredClone(store.dictItems);
    for (const change of chosen) {
      const [code, value] = change.kind === 'dict' ? [change.key, ''] : change.key.split(/\/(.*)/s);
      const wanted = body.bundle.dicts.find((d) => d.dictCode === code);
      if (change.kind === 'dict') {
        if (change.action === 'remove') {
          if (items.some((i) => i.dictCode === code)) fail(`字典“${code}”：字典下还有字典数据，请先删除字典数据`);
          dicts.splice(
            dicts.findIndex((d) => d.dictCode === code),
            1,
          );
        } else if (change.action === 'add') {
          dicts.push({ id: store.nextId.dict++, dictCode: code!, dictName: wanted!.dictName, remark: wanted!.remark });
        } else {
          Object.assign(dicts.find((d) => d.dictCode === code)!, {
            dictName: wanted!.dictName,
            remark: wanted!.remark,
          });
        }
        continue;
      }
      const item = wanted?.items.find((i) => i.value === value);
      const parentId = (parent: string | null) =>
        parent === null ? null : (items.find((i) => i.dictCode === code && i.value === parent)?.id ?? null);
      if (change.action === 'remove') {
        items.splice(
          items.findIndex((i) => i.dictCode === code && i.value === value),
          1,
        );
      } else if (change.action === 'add') {
        items.push({
          id: store.nextId.dictItem++,
          dictCode: code!,
          value: value!,
          pid: parentId(item!.parent),
          orderNum: item!.orderNum,
          keyValue: item!.keyValue ?? value!,
          state: item!.state ?? true,
          tagColor: item!.tagColor ?? null,
        });
      } else {
        Object.assign(items.find((i) => i.dictCode === code && i.value === value)!, {
          pid: parentId(item!.parent),
          orderNum: item!.orderNum,
          ...(item!.keyValue === undefined ? {} : { keyValue: item!.keyValue }),
          ...(item!.state === undefined ? {} : { state: item!.state }),
          ...(item!.tagColor === undefined ? {} : { tagColor: item!.tagColor }),
        });
      }
    }
    store.dicts.splice(0, store.dicts.length, ...dicts);
    store.dictItems.splice(0, store.dictItems.length, ...items);
    return { applied: chosen.length };
  }),
};
