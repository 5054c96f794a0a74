import { labelOf, type OrgSheetKey, orgEntity, routes, sheetColumns, WORDS } from '@gatehouse/contract';
import { fail, failField, failure, handle, handleRaw } from '@/mocks/handle';
import { type MockStore, nextId, type StoredOrg, toOrg as storedToOrg, subtreeIds } from '@/mocks/store';
import { mockTableExport } from '@/mocks/table-export';
import { textOrNull } from './fields';
import { SHEETS_NEED_SERVER } from './imports';

/**
 * The organisation as the server answers it. The mock's callers hold the data scope 全部, so every organisation is
 * in scope, unless a test stores `inScope: false` on one (shown then only as the path down to its descendants).
 */
const toOrg = (store: MockStore, org: StoredOrg) => ({ ...storedToOrg(store, org), inScope: org.inScope ?? true });

function checkParentAndRegion(store: MockStore, pid: number | null, regionId: number | null) {
  if (pid !== null && !store.orgs.some((o) => o.id === pid)) fail('上级组织不存在');
  if (regionId !== null && !store.regions.some((r) => r.id === regionId)) fail('地区不存在');
}

/**
 * As the server (modules/orgs): an enabled organisation's parent is enabled. A new or moved organisation goes under an
 * enabled parent; disabling one needs its children disabled first.
 */
function checkStateRule(store: MockStore, pid: number | null, enabled: boolean, before?: StoredOrg) {
  const parentChanges = !before || before.pid !== pid;
  const parent = pid === null ? undefined : store.orgs.find((o) => o.id === pid);
  if (parent && !parent.state && (parentChanges || (enabled && !before?.state))) {
    failField(
      parentChanges ? 'pid' : 'state',
      `上级组织“${parent.name}”已禁用：禁用的组织下不能添加或移入组织，也不能启用其下的组织`,
    );
  }
  if (before?.state && !enabled) {
    const count = store.orgs.filter((o) => o.pid === before.id && o.state).length;
    if (count) failField('state', `该组织下还有 ${count} 个启用的下级组织，请先禁用下级组织`);
  }
}

/**
 * A name of blanks, refused as the server refuses it (the body's schema, checked before the handler, has refused
 * what is too long or of the wrong kind, with the field's label).
 */
const BLANK_NAME = `${labelOf(orgEntity, 'name', 'zh-CN')}不能为空白`;

/** 状态 in a request: 0/1 or a boolean; absent keeps `fallback`. */
const stateOf = (value: 0 | 1 | boolean | undefined, fallback: boolean) =>
  value === undefined ? fallback : value === true || value === 1;

/** Siblings as the tree lists them: 显示排序, then id. */
const inOrder = (a: StoredOrg, b: StoredOrg) => a.sort - b.sort || a.id - b.id;

/** As the server: sibling organisations have unique names, and an organisation code is unique. */
function checkUnique(store: MockStore, pid: number | null, name: string, orgCode: string | null, selfId?: number) {
  const others = store.orgs.filter((o) => o.id !== selfId);
  if (others.some((o) => o.pid === pid && o.name === name)) {
    fail(`同一上级组织下已有名为“${name}”的组织，同级组织的名称不能重复`);
  }
  if (orgCode && others.some((o) => o.orgCode === orgCode)) failField('orgCode', `机构编码“${orgCode}”已存在`);
}

export const orgMocks = {
  exportOrgs: handleRaw(routes.exportOrgs, ({ store, query }) => {
    const byId = new Map(store.orgs.map((o) => [o.id, o]));
    const path = (org: StoredOrg): string => {
      const parent = org.pid === null ? undefined : byId.get(org.pid);
      return parent ? `${path(parent)}/${org.name}` : org.name;
    };
    const rows = [...store.orgs].sort((a, b) => path(a).localeCompare(path(b)));
    // The sheet's columns (keys, zh-CN headers, order) as the organisation's descriptor declares them.
    const values: Record<OrgSheetKey, (o: StoredOrg) => unknown> = {
      path,
      name: (o) => o.name,
      fullName: (o) => o.fullName,
      orgCode: (o) => o.orgCode,
      regionName: (o) => toOrg(store, o).regionName,
      sort: (o) => o.sort,
      leader: (o) => o.leader,
      phone: (o) => o.phone,
      state: (o) => (o.state ? WORDS['zh-CN'].enabled : WORDS['zh-CN'].disabled),
      createTime: (o) => new Date(o.createTime),
    };
    return mockTableExport(
      '组织',
      query,
      sheetColumns(orgEntity).map(({ key, header }) => [key, header['zh-CN'], values[key]] as const),
      rows,
    );
  }),
  listOrgs: handle(routes.listOrgs, ({ store, query }) => {
    // Answers to `id` and `name` name each organisation's ancestors, root first (the picker opens down to it).
    const withAncestors = (o: StoredOrg) => {
      const ancestors: { id: number; name: string }[] = [];
      for (let pid = o.pid; pid !== null; ) {
        const parent = store.orgs.find((p) => p.id === pid);
        if (!parent) break;
        ancestors.unshift({ id: parent.id, name: parent.name });
        pid = parent.pid;
      }
      return { ...toOrg(store, o), ancestors };
    };
    if (query.name !== undefined) {
      const text = query.name;
      return store.orgs
        .filter((o) => o.name.includes(text) || (o.fullName ?? '').includes(text))
        .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id)
        .slice(0, 20)
        .map(withAncestors);
    }
    if (query.id !== undefined) return store.orgs.filter((o) => o.id === query.id).map(withAncestors);
    return store.orgs
      .filter((o) => o.pid === (query.pid ?? null))
      .sort(inOrder)
      .map((o) => toOrg(store, o));
  }),

  createOrg: handle(routes.createOrg, ({ store, body }) => {
    const pid = body.pid ?? null;
    const regionId = body.regionId ?? null;
    checkParentAndRegion(store, pid, regionId);
    const name = body.name.trim() || failField('name', BLANK_NAME);
    const orgCode = textOrNull(body.orgCode);
    checkUnique(store, pid, name, orgCode);
    const state = stateOf(body.state, true);
    checkStateRule(store, pid, state);
    const org: StoredOrg = {
      id: nextId(store, 'org'),
      pid,
      name,
      // 全称 defaults to the name.
      fullName: textOrNull(body.fullName) ?? name,
      orgCode,
      regionId,
      sort: body.sort ?? 0,
      leader: textOrNull(body.leader),
      phone: textOrNull(body.phone),
      state,
      createTime: Date.now(),
    };
    store.orgs.push(org);
    return toOrg(store, org);
  }),

  updateOrg: handle(routes.updateOrg, ({ store, body }) => {
    const org = store.orgs.find((o) => o.id === body.id) ?? fail('组织不存在或已被删除');
    // Fields the edit dialog leaves out are kept (as the server keeps the region of an edit without it).
    const pid = body.pid === undefined ? org.pid : body.pid;
    const regionId = body.regionId === undefined ? org.regionId : body.regionId;
    checkParentAndRegion(store, pid, regionId);
    if (pid !== null && subtreeIds(store.orgs, org.id).has(pid)) fail('不能把组织移动到它自己或它的下级组织之下');
    const name = body.name.trim() || failField('name', BLANK_NAME);
    const orgCode = body.orgCode === undefined ? org.orgCode : textOrNull(body.orgCode);
    checkUnique(store, pid, name, orgCode, org.id);
    const state = stateOf(body.state, org.state);
    checkStateRule(store, pid, state, org);
    Object.assign(org, {
      pid,
      regionId,
      name,
      orgCode,
      fullName: textOrNull(body.fullName) ?? name,
      sort: body.sort ?? org.sort,
      leader: body.leader === undefined ? org.leader : textOrNull(body.leader),
      phone: body.phone === undefined ? org.phone : textOrNull(body.phone),
      state,
    });
    return toOrg(store, org);
  }),

  deleteOrg: handle(routes.deleteOrg, ({ store, query }) => {
    const org = store.orgs.find((o) => o.id === query.id) ?? fail('组织不存在或已被删除');
    const children = store.orgs.filter((o) => o.pid === org.id).length;
    if (children) fail(`该组织下还有 ${children} 个下级组织，请先删除或移走下级组织`);
    const accounts = store.accounts.filter((a) => a.orgId === org.id).length;
    if (accounts) fail(`该组织下还有 ${accounts} 个账号，请先删除或调走这些账号`);
    store.orgs.splice(store.orgs.indexOf(org), 1);
    return null;
  }),
  // Reading a sheet needs the server (mocks/handlers/imports.ts): refused with a reason.
  orgImportTemplate: handleRaw(routes.orgImportTemplate, () => failure(501, SHEETS_NEED_SERVER)),
  previewOrgImport: handle(routes.previewOrgImport, () => fail(SHEETS_NEED_SERVER, 501)),
  commitOrgImport: handle(routes.commitOrgImport, () => fail(SHEETS_NEED_SERVER, 501)),
};
