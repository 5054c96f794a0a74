import { Type } from 'typebox';
import { BatchIds, BatchResult, ExportQuery, FileResponse, Id, IdQuery, Page, PageQuery, sortQuery } from './common.js';
import { defineRoute } from './define.js';
import { dictEntity, dictItemEntity } from './dicts.entity.js';
import { answerProperties, inputProperties } from './entity.js';
import { IMPORT_MAX_ROWS, ImportCommitBody, ImportPreview, ImportResult } from './imports.js';

export const Dict = Type.Object(answerProperties(dictEntity));

export const DictItem = Type.Object(answerProperties(dictItemEntity));

const dictFields = inputProperties(dictEntity, ['dictName', 'dictCode']);

/**
 * An item's writable fields. The specification's four (dictCode, value, pid; orderNum) as they were; the fields ADR
 * 0034 added are optional, so a client that sends only the specification's keeps working: on create an absent
 * keyValue is the value, an absent state enabled, an absent tagColor none; on edit an absent one keeps what the item
 * holds.
 */
const itemFields = inputProperties(dictItemEntity, ['dictCode', 'value']);

/** The columns the dictionary list sorts by. */
export const DICT_SORTS = ['dictName', 'dictCode'] as const;

export const dictRoutes = {
  listDicts: defineRoute({
    method: 'GET',
    path: '/dict/s',
    access: 'permission',
    title: '字典列表',
    menu: '/system/Dict',
    screen: true,
    description:
      'One page of dictionaries (by id unless `sort` names dictName or dictCode); dictName filters by substring.',
    query: Type.Object(
      {
        ...PageQuery,
        ...sortQuery(DICT_SORTS),
        dictName: Type.Optional(Type.String({ maxLength: 100, title: '字典名称' })),
      },
      { additionalProperties: false },
    ),
    response: Page(Dict),
  }),
  exportDicts: defineRoute({
    method: 'GET',
    path: '/dict/export',
    access: 'permission',
    sudo: true,
    transport: 'file',
    title: '导出字典',
    menu: '/system/Dict',
    description:
      "The dictionaries under the filter and sort of GET /dict/s, with their items, as an XLSX (default) or CSV file: one row per item (items in tree order: parents first, siblings by orderNum), a dictionary without items as one row with empty item cells. Columns (`columns`, comma-separated, in order; all when absent): dictName, dictCode, value (数据标签), keyValue (数据键值), parentValue (上级数据: the parent item's 数据标签), orderNum, state (状态: 启用 or 禁用), tagColor (标签颜色, empty for none), remark (the dictionary's). CSV cells starting with = + - @ are prefixed with '.",
    query: Type.Object(
      {
        ...sortQuery(DICT_SORTS),
        dictName: Type.Optional(Type.String({ maxLength: 100, title: '字典名称' })),
        ...ExportQuery,
      },
      { additionalProperties: false },
    ),
    response: FileResponse,
  }),
  createDict: defineRoute({
    method: 'POST',
    path: '/dict',
    access: 'permission',
    title: '添加字典',
    menu: '/system/Dict',
    description: 'Creates a dictionary; dictCode is unique and fixed afterwards.',
    body: Type.Object(dictFields, { additionalProperties: false }),
    response: Dict,
  }),
  updateDict: defineRoute({
    method: 'PUT',
    path: '/dict',
    access: 'permission',
    title: '编辑字典',
    menu: '/system/Dict',
    description: 'Edits name and remark; dictCode must stay as created.',
    body: Type.Object({ id: Id(), ...dictFields }, { additionalProperties: false }),
    response: Dict,
  }),
  deleteDict: defineRoute({
    method: 'DELETE',
    path: '/dict',
    access: 'permission',
    title: '删除字典',
    menu: '/system/Dict',
    description:
      'Deletes a dictionary that has no items. While it has items it is refused (400, e.g. 字典“性别”下还有 3 条字典数据，请先删除字典数据): its items are deleted first on its item screen, so deleting a dictionary never takes them silently.',
    query: IdQuery,
    response: Type.Null(),
  }),
  listDictItems: defineRoute({
    method: 'GET',
    path: '/dict/item/s',
    access: 'signed-in',
    title: '字典数据',
    description:
      'Items of a dictionary as a pid tree in adjacency form (parents before children, siblings by orderNum), disabled ones included (state false: kept, shown on the dictionary screen, not offered by the pickers).',
    query: Type.Object(
      { dictCode: Type.String({ minLength: 1, maxLength: 100, title: '字典类型' }) },
      { additionalProperties: false },
    ),
    response: Type.Array(DictItem),
  }),
  createDictItem: defineRoute({
    method: 'POST',
    path: '/dict/item',
    access: 'permission',
    title: '添加字典数据',
    menu: '/system/Dict',
    description:
      'Adds an item; pid must belong to the same dictionary. Without keyValue it is the value; without state the item is enabled; without tagColor it has none.',
    body: Type.Object(itemFields, { additionalProperties: false }),
    response: DictItem,
  }),
  updateDictItem: defineRoute({
    method: 'PUT',
    path: '/dict/item',
    access: 'permission',
    title: '编辑字典数据',
    menu: '/system/Dict',
    description:
      'Edits an item; moving it can never create a cycle. keyValue, state and tagColor left out keep what the item holds (tagColor null clears it).',
    body: Type.Object({ id: Id(), ...itemFields }, { additionalProperties: false }),
    response: DictItem,
  }),
  deleteDictItem: defineRoute({
    method: 'DELETE',
    path: '/dict/item',
    access: 'permission',
    title: '删除字典数据',
    menu: '/system/Dict',
    description: 'Deletes an item without children.',
    query: IdQuery,
    response: Type.Null(),
  }),
};

export const dictBatchRoutes = {
  batchDeleteDictItems: defineRoute({
    method: 'POST',
    path: '/dict/item/batch-delete',
    access: 'permission',
    title: '批量删除字典数据',
    menu: '/system/Dict',
    description:
      'Deletes the dictionary items `ids` under the rules of DELETE /dict/item (no children left behind: an item whose children are not all in `ids` is refused), in one transaction for the items it accepts; answers which were deleted and why each other one was not.',
    body: Type.Object({ ids: BatchIds }, { additionalProperties: false }),
    response: BatchResult(Type.Integer()),
  }),
  addCommonDicts: defineRoute({
    method: 'POST',
    path: '/dict/common',
    access: 'permission',
    title: '添加常用字典',
    menu: '/system/Dict',
    description:
      'Adds the common dictionaries (性别, 学历, 所属行业, 职级, 客户等级, 政治面貌, with their items) that the installation does not have yet, in one transaction; a dictionary whose dictCode exists is left as it is. Answers how many were added and how many existed. The first run offers it on the home page.',
    response: Type.Object({ added: Type.Integer(), existing: Type.Integer() }),
  }),
};

/** Dictionary items in from a spreadsheet: the sheet of GET /dict/export, read back. */
export const dictImportRoutes = {
  dictItemImportTemplate: defineRoute({
    method: 'GET',
    path: '/dict/item/import/template',
    access: 'permission',
    transport: 'file',
    title: '下载字典数据导入模板',
    menu: '/system/Dict',
    description:
      'An empty dictionary item sheet (XLSX: 字典类型, 数据标签, 数据键值, 上级数据, 序号, 状态, 标签颜色) with an example row to replace, and drop-downs of the dictionaries (字典类型), the two states and the tag colours.',
    response: FileResponse,
  }),
  previewDictItemImport: defineRoute({
    method: 'POST',
    path: '/dict/item/import/preview',
    access: 'permission',
    transport: 'upload',
    title: '预检字典数据导入',
    menu: '/system/Dict',
    description: `Reads an uploaded XLSX or CSV dictionary sheet (the columns of GET /dict/export; 字典名称 and 备注 belong to the dictionary and are ignored; at most ${IMPORT_MAX_ROWS} rows) and checks every row by the rules of POST /dict/item and PUT /dict/item: the dictionary (字典类型) exists; an item is named by its dictionary and 数据标签 (value; a sheet headed 数据值, as written before the rename, reads the same), once in the file; 数据键值 empty is the 数据标签 for a new item and keeps an existing one's; 状态 is 启用 or 禁用 (the words older sheets wrote read the same; empty: enabled, or kept); 标签颜色 one of DICT_TAG_COLORS (empty: none); 上级数据 is the 数据标签 of an item of the same dictionary that exists or is an earlier row, never the item itself or one below it. A row with no item cells (a dictionary without items, as the export writes it) is skipped. Writes nothing.`,
    response: ImportPreview,
  }),
  commitDictItemImport: defineRoute({
    method: 'POST',
    path: '/dict/item/import/commit',
    access: 'permission',
    title: '执行字典数据导入',
    menu: '/system/Dict',
    description:
      'Applies the valid rows of a preview in one transaction: insert skips items that exist (same dictionary and value), upsert updates them (上级数据, 序号, 数据键值, 状态, 标签颜色: only the columns the file has). Rechecked against the database as it is now.',
    body: Type.Object(ImportCommitBody, { additionalProperties: false }),
    response: ImportResult,
  }),
};
