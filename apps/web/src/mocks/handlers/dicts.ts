import { COMMON_DICTS, routes, WORDS } from '@gatehouse/contract';
import { addCommonDict } from '@/mocks/common-dicts';
import { fail, failField, failure, handle, handleRaw } from '@/mocks/handle';
import { byOrder, type DictItem, type MockStore, nextId, subtreeIds } from '@/mocks/store';
import { mockTableExport } from '@/mocks/table-export';
import { textOrNull } from './fields';
import { SHEETS_NEED_SERVER } from './imports';
import { perRow, sortRows } from './sorting';

/** Items of one dictionary, parents before their children, siblings by orderNum (as the server answers them). */
function itemsInTreeOrder(store: MockStore, dictCode: string): DictItem[] {
  const items = store.dictItems.filter((i) => i.dictCode === dictCode);
  const out: DictItem[] = [];
  const visit = (pid: number | null) => {
    for (const item of items.filter((i) => i.pid === pid).sort(byOrder)) {
      out.push(item);
      visit(item.id);
    }
  };
  visit(null);
  return out;
}

function checkParent(store: MockStore, dictCode: string, pid: number | null) {
  if (pid === null) return;
  const parent = store.dictItems.find((i) => i.id === pid) ?? fail('上级数据不存在');
  if (parent.dictCode !== dictCode) fail('上级数据必须属于同一个字典');
}

export const dictMocks = {
  exportDicts: handleRaw(routes.exportDicts, ({ store, query }) => {
    const dicts = sortRows(
      store.dicts.filter((d) => !query.dictName || d.dictName.includes(query.dictName)),
      query,
      { dictName: { value: (d) => d.dictName }, dictCode: { value: (d) => d.dictCode } },
    );
    type Row = { dict: (typeof dicts)[number]; item: DictItem | null; parent: string | null };
    const rows = dicts.flatMap((dict): Row[] => {
      const items = itemsInTreeOrder(store, dict.dictCode);
      const valueById = new Map(items.map((i) => [i.id, i.value]));
      return items.length === 0
        ? [{ dict, item: null, parent: null }]
        : items.map((item) => ({ dict, item, parent: item.pid === null ? null : (valueById.get(item.pid) ?? null) }));
    });
    return mockTableExport(
      '字典',
      query,
      [
        ['dictName', '字典名称', (r) => r.dict.dictName],
        ['dictCode', '字典类型', (r) => r.dict.dictCode],
        ['value', '数据标签', (r) => r.item?.value ?? null],
        ['keyValue', '数据键值', (r) => r.item?.keyValue ?? null],
        ['parentValue', '上级数据', (r) => r.parent],
        ['orderNum', '序号', (r) => r.item?.orderNum ?? null],
        ['state', '状态', (r) => (r.item ? (r.item.state ? WORDS['zh-CN'].enabled : WORDS['zh-CN'].disabled) : null)],
        ['tagColor', '标签颜色', (r) => r.item?.tagColor ?? null],
        ['remark', '备注', (r) => r.dict.remark],
      ],
      rows,
    );
  }),
  listDicts: handle(routes.listDicts, ({ store, query }) => {
    const matches = sortRows(
      store.dicts.filter((d) => !query.dictName || d.dictName.includes(query.dictName)),
      query,
      { dictName: { value: (d) => d.dictName }, dictCode: { value: (d) => d.dictCode } },
    );
    const start = (query.p - 1) * query.pageSize;
    return {
      list: matches.slice(start, start + query.pageSize),
      totalCount: matches.length,
      totalPage: Math.ceil(matches.length / query.pageSize),
    };
  }),

  createDict: handle(routes.createDict, ({ store, body }) => {
    if (store.dicts.some((d) => d.dictCode === body.dictCode))
      failField('dictCode', `字典类型“${body.dictCode}”已存在`);
    const dict = {
      id: nextId(store, 'dict'),
      dictName: body.dictName.trim() || fail('请填写字典名称'),
      dictCode: body.dictCode,
      remark: textOrNull(body.remark),
    };
    store.dicts.push(dict);
    return dict;
  }),

  updateDict: handle(routes.updateDict, ({ store, body }) => {
    const dict = store.dicts.find((d) => d.id === body.id) ?? fail('字典不存在或已被删除');
    if (dict.dictCode !== body.dictCode) fail('字典类型创建后不能修改');
    dict.dictName = body.dictName.trim() || fail('请填写字典名称');
    dict.remark = textOrNull(body.remark);
    return dict;
  }),

  deleteDict: handle(routes.deleteDict, ({ store, query }) => {
    const dict = store.dicts.find((d) => d.id === query.id) ?? fail('字典不存在或已被删除');
    // As the server: a dictionary is deleted only once it has no items left.
    const items = store.dictItems.filter((i) => i.dictCode === dict.dictCode).length;
    if (items) fail(`字典“${dict.dictName}”下还有 ${items} 条字典数据，请先删除字典数据`);
    store.dicts.splice(store.dicts.indexOf(dict), 1);
    return null;
  }),

  listDictItems: handle(routes.listDictItems, ({ store, query }) => itemsInTreeOrder(store, query.dictCode)),

  createDictItem: handle(routes.createDictItem, ({ store, body }) => {
    if (!store.dicts.some((d) => d.dictCode === body.dictCode)) fail('字典不存在或已被删除');
    const pid = body.pid ?? null;
    checkParent(store, body.dictCode, pid);
    const siblings = store.dictItems.filter((i) => i.dictCode === body.dictCode && i.pid === pid);
    const value = body.value.trim() || fail('请填写数据标签');
    const item: DictItem = {
      id: nextId(store, 'dictItem'),
      dictCode: body.dictCode,
      value,
      pid,
      orderNum: body.orderNum ?? Math.max(-1, ...siblings.map((i) => i.orderNum)) + 1,
      // As the server (ADR 0034): without them, the label as key value, enabled, no colour.
      keyValue: body.keyValue === undefined ? value : body.keyValue.trim() || fail('数据键值不能为空白'),
      state: body.state === undefined ? true : body.state === 1 || body.state === true,
      tagColor: body.tagColor ?? null,
    };
    store.dictItems.push(item);
    return item;
  }),

  updateDictItem: handle(routes.updateDictItem, ({ store, body }) => {
    const item = store.dictItems.find((i) => i.id === body.id) ?? fail('字典数据不存在或已被删除');
    if (item.dictCode !== body.dictCode) fail('字典类型创建后不能修改');
    const pid = body.pid === undefined ? item.pid : body.pid;
    checkParent(store, item.dictCode, pid);
    if (pid !== null && subtreeIds(store.dictItems, item.id).has(pid)) fail('不能把数据移动到它自己或它的下级之下');
    Object.assign(item, {
      pid,
      value: body.value.trim() || fail('请填写数据标签'),
      orderNum: body.orderNum ?? item.orderNum,
      // Left out: kept.
      keyValue: body.keyValue === undefined ? item.keyValue : body.keyValue.trim() || fail('数据键值不能为空白'),
      state: body.state === undefined ? item.state : body.state === 1 || body.state === true,
      tagColor: body.tagColor === undefined ? item.tagColor : body.tagColor,
    });
    return item;
  }),

  deleteDictItem: handle(routes.deleteDictItem, ({ store, query }) => {
    const item = store.dictItems.find((i) => i.id === query.id) ?? fail('字典数据不存在或已被删除');
    const children = store.dictItems.filter((i) => i.pid === item.id).length;
    if (children) fail(`该数据下还有 ${children} 个下级数据，请先删除下级数据`);
    store.dictItems.splice(store.dictItems.indexOf(item), 1);
    return null;
  }),

  batchDeleteDictItems: handle(routes.batchDeleteDictItems, ({ store, body }) => {
    // As the server: an item goes only with all its children (each of which goes with all of its own).
    const chosen = new Set(body.ids);
    const childrenOf = (id: number) => store.dictItems.filter((i) => i.pid === id).map((i) => i.id);
    const goes = (id: number): boolean => childrenOf(id).every((child) => chosen.has(child) && goes(child));
    const result = perRow(body.ids, (id) => {
      if (!store.dictItems.some((i) => i.id === id)) return '字典数据不存在或已被删除';
      if (goes(id)) return null;
      const staying = childrenOf(id).filter((child) => !chosen.has(child) || !goes(child)).length;
      return `该数据下还有 ${staying} 个下级数据，请先删除下级数据`;
    });
    const done = new Set(result.done);
    store.dictItems = store.dictItems.filter((i) => !done.has(i.id));
    return result;
  }),
  // Reading a sheet needs the server (mocks/handlers/imports.ts): refused with a reason.
  addCommonDicts: handle(routes.addCommonDicts, ({ store }) => {
    // As the server: the common dictionaries this store lacks, by dictCode; one that exists is left as it is.
    const missing = COMMON_DICTS.filter((dict) => !store.dicts.some((d) => d.dictCode === dict.dictCode));
    for (const dict of missing) addCommonDict(store, dict);
    store.nextId.dict = Math.max(store.nextId.dict, ...store.dicts.map((d) => d.id + 1));
    store.nextId.dictItem = Math.max(store.nextId.dictItem, ...store.dictItems.map((i) => i.id + 1));
    return { added: missing.length, existing: COMMON_DICTS.length - missing.length };
  }),

  dictItemImportTemplate: handleRaw(routes.dictItemImportTemplate, () => failure(501, SHEETS_NEED_SERVER)),
  previewDictItemImport: handle(routes.previewDictItemImport, () => fail(SHEETS_NEED_SERVER, 501)),
  commitDictItemImport: handle(routes.commitDictItemImport, () => fail(SHEETS_NEED_SERVER, 501)),
};
