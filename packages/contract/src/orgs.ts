import { Type } from 'typebox';
import { ExportQuery, FileResponse, Id, IdQuery } from './common.js';
import { defineRoute } from './define.js';
import { answerProperties, inputProperties } from './entity.js';
import { IMPORT_MAX_ROWS, ImportCommitBody, ImportPreview, ImportResult } from './imports.js';
import { orgEntity } from './orgs.entity.js';

export const Org = Type.Object({
  ...answerProperties(orgEntity),
  hasChildren: Type.Boolean(),
  /** The region's path of names ('江苏省 / 苏州市 / 吴中区'). */
  regionName: Type.Union([Type.String(), Type.Null()]),
  /**
   * False for an organisation outside the caller's data scope, shown only as the path down to what is in it (it
   * cannot be picked, edited nor hold new accounts); true otherwise.
   */
  inScope: Type.Optional(Type.Boolean()),
  /**
   * The organisations above it, root first (its parent last); answered with `id` and `name` queries, so a picker can
   * name a search hit by its path and open the tree down to it.
   */
  ancestors: Type.Optional(Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() }))),
});

export const orgRoutes = {
  listOrgs: defineRoute({
    method: 'GET',
    path: '/orgs',
    access: 'permission',
    title: '组织列表',
    menu: '/user/Organization',
    screen: true,
    description:
      'Children of `pid`, or the root organisations when pid is absent; each with hasChildren. With `id`: that one organisation (an empty list when there is none), e.g. to name a filter restored from a link; pid is then ignored. With `name`: the organisations whose name or full name contains it (at most 20, by name), e.g. for the command palette and the organisation picker search; pid is then ignored. Answers to `id` and `name` name the ancestors of each organisation (root first). A caller whose data scope (数据权限) is not 全部 sees the organisations in its scope and, marked inScope false, their ancestors as the path down to them; a search finds only those in scope.',
    query: Type.Object(
      {
        pid: Type.Optional(Id('上级组织')),
        id: Type.Optional(Id('组织')),
        name: Type.Optional(Type.String({ minLength: 1, maxLength: 100, title: '组织名称' })),
      },
      { additionalProperties: false },
    ),
    response: Type.Array(Org),
  }),
  exportOrgs: defineRoute({
    method: 'GET',
    path: '/org/export',
    access: 'permission',
    sudo: true,
    transport: 'file',
    title: '导出组织',
    menu: '/user/Organization',
    description:
      "The organisations in the caller's data scope as an XLSX (default) or CSV file, one row per organisation, depth-first in tree order (siblings by id). Columns (`columns`, comma-separated, in order; all when absent): path (组织路径, the names from the root joined by /, a / or \\ inside a name escaped with \\; an ancestor outside the scope is named there but is not a row), name, fullName, orgCode, regionName, sort (显示排序, a number), leader, phone, state (启用 or 禁用), createTime (a date cell in XLSX). CSV cells starting with = + - @ are prefixed with '.",
    query: Type.Object(ExportQuery, { additionalProperties: false }),
    response: FileResponse,
  }),
};

const orgFields = inputProperties(orgEntity, ['name']);

export const orgWriteRoutes = {
  createOrg: defineRoute({
    method: 'POST',
    path: '/org',
    access: 'permission',
    subjects: [{ kind: 'parentOrg', in: 'body', field: 'pid' }],
    title: '添加组织',
    menu: '/user/Organization',
    description:
      'Creates an organisation under pid (a root without it). Sibling organisations have unique names; orgCode, when given, is unique. fullName absent or empty is the name. sort (显示排序, default 0) orders siblings (then id); state 0 (禁用) creates it disabled. The parent must be enabled.',
    body: Type.Object(orgFields, { additionalProperties: false }),
    response: Org,
  }),
  updateOrg: defineRoute({
    method: 'PUT',
    path: '/org',
    access: 'permission',
    subjects: [
      { kind: 'org', in: 'body', field: 'id' },
      { kind: 'parentOrg', in: 'body', field: 'pid' },
    ],
    title: '编辑组织',
    menu: '/user/Organization',
    description:
      'Edits an organisation; moving it (pid) can never create a cycle nor put two organisations of one name under one parent. orgCode, regionId, sort, leader, phone and state absent keep the stored ones; null or empty removes a code, region, leader or phone. Disabling (state 0) needs every organisation below it disabled first; enabling one, or moving one that is enabled, needs its parent enabled. A disabled organisation keeps its accounts (they still sign in) but takes no new accounts and no new organisations under it.',
    body: Type.Object({ id: Id(), ...orgFields }, { additionalProperties: false }),
    response: Org,
  }),
  deleteOrg: defineRoute({
    method: 'DELETE',
    path: '/org',
    access: 'permission',
    subjects: [{ kind: 'org', in: 'query', field: 'id' }],
    sudo: true,
    title: '删除组织',
    menu: '/user/Organization',
    description: 'Deletes an organisation that has no children and no accounts.',
    query: IdQuery,
    response: Type.Null(),
  }),
};

/** Organisations in from a spreadsheet: the sheet of GET /org/export, read back. */
export const orgImportRoutes = {
  orgImportTemplate: defineRoute({
    method: 'GET',
    path: '/org/import/template',
    access: 'permission',
    transport: 'file',
    title: '下载组织导入模板',
    menu: '/user/Organization',
    description:
      'An empty organisation sheet (XLSX: 组织路径, 全称, 机构编码, 所在地区, 显示排序, 负责人, 联系电话) with an example row to replace, and a drop-down of the regions (所在地区).',
    response: FileResponse,
  }),
  previewOrgImport: defineRoute({
    method: 'POST',
    path: '/org/import/preview',
    access: 'permission',
    transport: 'upload',
    title: '预检组织导入',
    menu: '/user/Organization',
    description: `Reads an uploaded XLSX or CSV organisation sheet (the columns of GET /org/export; 名称 must be the path's last name, 创建时间 and 状态 are ignored (状态 changes on PUT /org, children first); at most ${IMPORT_MAX_ROWS} rows) and checks every row by the rules of POST /org and PUT /org: each row names an organisation by its path (组织路径); its parent (the path without its last name) exists or is an earlier row of the file, so a new subtree is imported top-down; paths and codes are unique in the file and codes among organisations; the region exists; the caller's data scope allows creating under the parent (a scoped caller never at the top) or editing the existing organisation. Writes nothing.`,
    response: ImportPreview,
  }),
  commitOrgImport: defineRoute({
    method: 'POST',
    path: '/org/import/commit',
    access: 'permission',
    title: '执行组织导入',
    menu: '/user/Organization',
    description:
      'Applies the valid rows of a preview in one transaction, parents before children: insert skips rows whose path exists, upsert updates them (全称, 机构编码, 所在地区, 显示排序, 负责人, 联系电话: only the columns the file has). Rechecked against the database as it is now.',
    body: Type.Object(ImportCommitBody, { additionalProperties: false }),
    response: ImportResult,
  }),
};
