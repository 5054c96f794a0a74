import { type TObject, type TSchema, Type } from 'typebox';
import {
  BatchIds,
  BatchResult,
  ExportQuery,
  FileResponse,
  Id,
  IdQuery,
  Page,
  PageQuery,
  StateInput,
  sortQuery,
} from './common.js';
import { defineRoute, type RouteDef } from './define.js';
import {
  type AnswerProps,
  answerProperties,
  type EntitySpec,
  type FieldSpec,
  type Fields,
  filterProperties,
  type InputProps,
  inputProperties,
  type Label,
} from './entity.js';
import { IMPORT_MAX_ROWS, ImportCommitBody, ImportPreview, ImportResult } from './imports.js';

/**
 * A managed entity's screen and API, declared beside its descriptor (docs/adr/0043): the routes (the CRUD set, the
 * bulk actions, export and import), the menu entry that files them, and the few facts the generic engine cannot
 * read off the fields. Everything else (the list's filters and sorts, the write bodies, the sheet, the audit) comes
 * from the descriptor's fields.
 */
export interface CrudSpec<K extends string = string, N extends string = string, R extends K = K> {
  /** The routes' stem: `Post` names listPosts, createPost, updatePost, deletePost, … */
  readonly name: N;
  /** The API's base path: `/post` serves GET /post/s, POST /post, PUT /post, DELETE /post?id=, … */
  readonly path: string;
  /** What one row is called (岗位 / post): the routes' titles and the messages say it. */
  readonly title: Label;
  /** The screen's menu entry, filed under `parent` (a group of the contract's menus). */
  readonly menu: { readonly path: string; readonly parent: string; readonly icon: string; readonly title: Label };
  /** The fields a create and an edit must give. */
  readonly required: readonly R[];
  /** The field that names a row (the audit trail's label, the refusals). */
  readonly label: K;
  /** The unique field an import keys its rows by (an existing key is skipped, or updated by upsert). */
  readonly key: K;
  /** The 0/1 field the list's bulk 启用/禁用 sets. */
  readonly state?: K;
  /** The list's order when `sort` is absent. */
  readonly sort: { readonly field: K; readonly order: 'asc' | 'desc' };
}

/** The spec of an entity: its keys are the descriptor's fields. */
export type CrudSpecOf<E, N extends string = string> = E extends EntitySpec<infer F>
  ? CrudSpec<keyof F & string, N>
  : never;

/** The route names of an entity's CRUD set. */
export type CrudRouteNames<N extends string> = {
  list: `list${N}s`;
  create: `create${N}`;
  update: `update${N}`;
  remove: `delete${N}`;
  batchDelete: `batchDelete${N}s`;
  batchState: `batch${N}State`;
  exportRows: `export${N}s`;
  importTemplate: `${Uncapitalize<N>}ImportTemplate`;
  previewImport: `preview${N}Import`;
  commitImport: `commit${N}Import`;
};

/** Each CRUD route's method, path suffix and transport: what the web's route table keeps (apps/web slim-contract). */
const TABLE = {
  list: { method: 'GET', suffix: '/s', screen: true },
  create: { method: 'POST', suffix: '' },
  update: { method: 'PUT', suffix: '' },
  remove: { method: 'DELETE', suffix: '' },
  batchDelete: { method: 'POST', suffix: '/batch-delete' },
  batchState: { method: 'PUT', suffix: '/batch-state' },
  exportRows: { method: 'GET', suffix: '/export', transport: 'file' },
  importTemplate: { method: 'GET', suffix: '/import/template', transport: 'file' },
  previewImport: { method: 'POST', suffix: '/import/preview', transport: 'upload' },
  commitImport: { method: 'POST', suffix: '/import/commit' },
} as const;

export type CrudRole = keyof typeof TABLE;

/** The route name of a CRUD role for an entity named `name`. */
export function crudRouteName<N extends string>(name: N, role: CrudRole): string {
  const lower = `${name.charAt(0).toLowerCase()}${name.slice(1)}`;
  const names: Record<CrudRole, string> = {
    list: `list${name}s`,
    create: `create${name}`,
    update: `update${name}`,
    remove: `delete${name}`,
    batchDelete: `batchDelete${name}s`,
    batchState: `batch${name}State`,
    exportRows: `export${name}s`,
    importTemplate: `${lower}ImportTemplate`,
    previewImport: `preview${name}Import`,
    commitImport: `commit${name}Import`,
  };
  return names[role];
}

/** Each CRUD route's title in both languages, from what one row is called (岗位 / post). */
const TITLES: Record<CrudRole, Readonly<Record<'zh-CN' | 'en-US', (one: string) => string>>> = {
  list: { 'zh-CN': (one) => `${one}列表`, 'en-US': (one) => `${capital(one)} list` },
  create: { 'zh-CN': (one) => `添加${one}`, 'en-US': (one) => `Add ${one}` },
  update: { 'zh-CN': (one) => `修改${one}`, 'en-US': (one) => `Edit ${one}` },
  remove: { 'zh-CN': (one) => `删除${one}`, 'en-US': (one) => `Delete ${one}` },
  batchDelete: { 'zh-CN': (one) => `批量删除${one}`, 'en-US': (one) => `Delete ${one}s in bulk` },
  batchState: { 'zh-CN': (one) => `批量启用/禁用${one}`, 'en-US': (one) => `Enable or disable ${one}s in bulk` },
  exportRows: { 'zh-CN': (one) => `导出${one}`, 'en-US': (one) => `Export ${one}s` },
  importTemplate: { 'zh-CN': (one) => `下载${one}导入模板`, 'en-US': (one) => `Download ${one} import template` },
  previewImport: { 'zh-CN': (one) => `预检${one}导入`, 'en-US': (one) => `Check ${one} import` },
  commitImport: { 'zh-CN': (one) => `执行${one}导入`, 'en-US': (one) => `Run ${one} import` },
};
const capital = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/** A CRUD route's title in a language (the zh-CN one is the route's `title`, the API resource's name). */
export function crudRouteTitle(spec: Pick<CrudSpec, 'title'>, role: CrudRole, locale: 'zh-CN' | 'en-US'): string {
  const one = locale === 'zh-CN' ? spec.title['zh-CN'] : spec.title['en-US'].toLowerCase();
  return TITLES[role][locale](one);
}

/** The titles of the CRUD routes of these specs in a language, by route name (the web's catalogue of route titles). */
export function crudRouteTitles(
  specs: ReadonlyArray<Pick<CrudSpec, 'name' | 'title' | 'state'>>,
  locale: 'zh-CN' | 'en-US',
): Record<string, string> {
  return Object.fromEntries(
    specs.flatMap((spec) =>
      crudRoles(spec).map((role) => [crudRouteName(spec.name, role), crudRouteTitle(spec, role, locale)]),
    ),
  );
}

/** The roles a spec serves: the bulk state change only where it names a state field. */
export function crudRoles(spec: Pick<CrudSpec, 'state'>): CrudRole[] {
  return (Object.keys(TABLE) as CrudRole[]).filter((role) => role !== 'batchState' || spec.state !== undefined);
}

/**
 * The CRUD routes as the web's bundle keeps them: method, path, access, transport and `screen` only (the slim build
 * rewrites `crudRoutes(entity, spec)` to this, so no descriptor or schema reaches the route table's chunk).
 */
export function crudRouteTable(spec: Pick<CrudSpec, 'name' | 'path' | 'state'>): Record<string, unknown> {
  return Object.fromEntries(
    crudRoles(spec).map((role) => {
      const { suffix, ...rest } = TABLE[role];
      return [crudRouteName(spec.name, role), { ...rest, path: `${spec.path}${suffix}`, access: 'permission' }];
    }),
  );
}

/** The list's query parameters derived from the fields: their filters, the keyword, the sorts. */
export function crudFilters(entity: EntitySpec<Readonly<Record<string, FieldSpec>>>): Record<string, TSchema> {
  const searched = Object.values(entity.fields).some((field) => field.searched);
  return {
    ...(searched ? { keyword: Type.Optional(Type.String({ maxLength: 100, title: '关键字' })) } : {}),
    ...filterProperties(entity),
  };
}

/** The fields a list may sort by. */
export function crudSorts(entity: EntitySpec<Readonly<Record<string, FieldSpec>>>): string[] {
  return Object.entries(entity.fields).flatMap(([key, field]) => (field.sortable ? [key] : []));
}

type Answer<E> = TObject<AnswerProps<Fields<E>>>;
type Input<E, R> = InputProps<Fields<E>, R>;
type ListQuery = TObject<Record<string, TSchema>>;

/** The typed routes of an entity named `N`. */
export type CrudRoutes<E, N extends string, R> = {
  [X in CrudRole as CrudRouteNames<N>[X]]: X extends 'list'
    ? RouteDef<ListQuery, undefined, ReturnType<typeof Page<Answer<E>>>>
    : X extends 'create'
      ? RouteDef<undefined, TObject<Input<E, R>>, Answer<E>>
      : X extends 'update'
        ? RouteDef<undefined, TObject<Input<E, R> & { id: ReturnType<typeof Id> }>, Answer<E>>
        : X extends 'remove'
          ? RouteDef<typeof IdQuery, undefined, TSchema>
          : X extends 'batchDelete' | 'batchState'
            ? RouteDef<undefined, TObject<Record<string, TSchema>>, ReturnType<typeof BatchResult<TSchema>>>
            : X extends 'exportRows'
              ? RouteDef<ListQuery, undefined, typeof FileResponse>
              : X extends 'importTemplate'
                ? RouteDef<undefined, undefined, typeof FileResponse>
                : X extends 'previewImport'
                  ? RouteDef<undefined, undefined, typeof ImportPreview>
                  : RouteDef<undefined, TObject<typeof ImportCommitBody>, typeof ImportResult>;
};

/**
 * The entity's routes, derived from its descriptor and spec: GET {path}/s (one page; filters, keyword and sorts from
 * the fields), POST / PUT {path} (the writable fields, limits and patterns; unique fields refused when taken), DELETE
 * {path}?id=, POST {path}/batch-delete, PUT {path}/batch-state (with a state field), GET {path}/export (the list's
 * filters and sort, XLSX or CSV), and the import's template, preview and commit. Each is filed under the spec's menu,
 * so the permission tree and the role editor know them.
 */
export function crudRoutes<
  const E extends EntitySpec<Readonly<Record<string, FieldSpec>>>,
  const N extends string,
  const R extends keyof Fields<E> & string,
>(entity: E, spec: CrudSpec<keyof Fields<E> & string, N, R>): CrudRoutes<E, N, R> {
  const en = spec.title['en-US'];
  const answer = Type.Object(answerProperties(entity));
  const inputs = inputProperties(entity, spec.required as never[]) as Record<string, TSchema>;
  const listQuery = { ...crudFilters(entity), ...sortQuery(crudSorts(entity)) };
  const uniques = Object.entries(entity.fields).flatMap(([key, field]) => (field.unique ? [key] : []));
  const uniqueNote = uniques.length ? ` ${uniques.join(', ')} must be unique (a duplicate is refused naming it).` : '';
  const menu = spec.menu.path;
  const path = (role: CrudRole) => `${spec.path}${TABLE[role].suffix}`;
  const filterNote = `filters: ${Object.keys(crudFilters(entity)).join(', ') || 'none'}; sorts: ${crudSorts(entity).join(', ') || 'none'} (default ${spec.sort.field} ${spec.sort.order})`;
  const routes: Record<CrudRole, RouteDef> = {
    list: defineRoute({
      method: 'GET',
      path: path('list'),
      access: 'permission',
      title: crudRouteTitle(spec, 'list', 'zh-CN'),
      menu,
      screen: true,
      description: `One page of ${en.toLowerCase()}s; ${filterNote}.`,
      query: Type.Object({ ...PageQuery, ...listQuery }, { additionalProperties: false }),
      response: Page(answer),
    }),
    create: defineRoute({
      method: 'POST',
      path: path('create'),
      access: 'permission',
      title: crudRouteTitle(spec, 'create', 'zh-CN'),
      menu,
      description: `Adds a ${en.toLowerCase()}.${uniqueNote}`,
      body: Type.Object(inputs, { additionalProperties: false }),
      response: answer,
    }),
    update: defineRoute({
      method: 'PUT',
      path: path('update'),
      access: 'permission',
      title: crudRouteTitle(spec, 'update', 'zh-CN'),
      menu,
      description: `Edits a ${en.toLowerCase()}: every writable field as for POST ${spec.path}.${uniqueNote}`,
      body: Type.Object({ id: Id(), ...inputs }, { additionalProperties: false }),
      response: answer,
    }),
    remove: defineRoute({
      method: 'DELETE',
      path: path('remove'),
      access: 'permission',
      title: crudRouteTitle(spec, 'remove', 'zh-CN'),
      menu,
      description: `Deletes a ${en.toLowerCase()}.`,
      query: IdQuery,
      response: Type.Null(),
    }),
    batchDelete: defineRoute({
      method: 'POST',
      path: path('batchDelete'),
      access: 'permission',
      title: crudRouteTitle(spec, 'batchDelete', 'zh-CN'),
      menu,
      description: `Deletes the ${en.toLowerCase()}s \`ids\` under the rules of DELETE ${spec.path}, in one transaction for those it accepts; answers which were deleted and why each other one was not.`,
      body: Type.Object({ ids: BatchIds }, { additionalProperties: false }),
      response: BatchResult(Type.Integer()),
    }),
    batchState: defineRoute({
      method: 'PUT',
      path: path('batchState'),
      access: 'permission',
      title: crudRouteTitle(spec, 'batchState', 'zh-CN'),
      menu,
      description: `Enables (state 1) or disables (state 0) the ${en.toLowerCase()}s \`ids\`, in one transaction; answers which changed and why each other one did not.`,
      body: Type.Object({ ids: BatchIds, state: StateInput }, { additionalProperties: false }),
      response: BatchResult(Type.Integer()),
    }),
    exportRows: defineRoute({
      method: 'GET',
      path: path('exportRows'),
      access: 'permission',
      sudo: true,
      transport: 'file',
      title: crudRouteTitle(spec, 'exportRows', 'zh-CN'),
      menu,
      description: `The ${en.toLowerCase()}s under the filters and sort of GET ${path('list')} (every page), as XLSX (default) or CSV, streamed; \`columns\` picks and orders the columns. The file imports back unchanged. CSV cells starting with = + - @ are prefixed with '.`,
      query: Type.Object({ ...listQuery, ...ExportQuery }, { additionalProperties: false }),
      response: FileResponse,
    }),
    importTemplate: defineRoute({
      method: 'GET',
      path: path('importTemplate'),
      access: 'permission',
      transport: 'file',
      title: crudRouteTitle(spec, 'importTemplate', 'zh-CN'),
      menu,
      description: `An empty ${en.toLowerCase()} sheet (XLSX) with the columns an import reads and drop-downs where a column takes one of a list.`,
      response: FileResponse,
    }),
    previewImport: defineRoute({
      method: 'POST',
      path: path('previewImport'),
      access: 'permission',
      transport: 'upload',
      title: crudRouteTitle(spec, 'previewImport', 'zh-CN'),
      menu,
      description: `Reads an uploaded XLSX or CSV ${en.toLowerCase()} sheet (at most ${IMPORT_MAX_ROWS} rows) and checks every row by the rules of POST ${spec.path} (an existing ${spec.key} is skipped by insert, updated by upsert). Writes nothing.`,
      response: ImportPreview,
    }),
    commitImport: defineRoute({
      method: 'POST',
      path: path('commitImport'),
      access: 'permission',
      title: crudRouteTitle(spec, 'commitImport', 'zh-CN'),
      menu,
      description: `Applies the valid rows of a preview in one transaction, rechecked against the database as it is now.`,
      body: Type.Object(ImportCommitBody, { additionalProperties: false }),
      response: ImportResult,
    }),
  };
  return Object.fromEntries(
    crudRoles(spec).map((role) => [crudRouteName(spec.name, role), routes[role]]),
  ) as CrudRoutes<E, N, R>;
}
