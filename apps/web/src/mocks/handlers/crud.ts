import {
  CRUD_ENTITIES,
  type CrudRole,
  type CrudSpec,
  crudRoles,
  type crudRouteDefs,
  crudRouteName,
  type EntitySpec,
  type FieldSpec,
  type RouteDef,
  type RouteName,
  type Routes,
  routes,
} from '@gatehouse/contract';
import { listFilter, newRow, refuseTaken, sheetExportColumns, sortColumns, writtenFields } from '@/mocks/entity-rows';
import { fail, failure, handle, handleRaw, type MockRoute } from '@/mocks/handle';
import { type CrudRow, crudInUse, crudTable, type MockStore } from '@/mocks/store';
import { mockTableExport } from '@/mocks/table-export';
import { SHEETS_NEED_SERVER } from './imports';
import { perRow, sortRows } from './sorting';

/**
 * The descriptor-served entities (contract cruds.ts), answered from their descriptors as the server's generic engine
 * (modules/crud) answers them: the route's own schemas validate the request (handle.ts), and the unique fields,
 * defaults, filters, sorts and refusals come from the same declaration, so the two cannot disagree on a stated rule.
 */

type Row = CrudRow;
type Target = { entity: EntitySpec<Readonly<Record<string, FieldSpec>>>; crud: CrudSpec };

const tableOf = crudTable;

const inUse = (target: Target, store: MockStore, row: Row) =>
  (crudInUse[target.entity.name] ?? []).reduce<string | null>((found, check) => found ?? check(store, row), null);

const notFound = (target: Target) => `${target.crud.title['zh-CN']}不存在或已被删除`;

/** The rows under a list's filters and keyword, in its order (the spec's, or `sort`). */
function listed(target: Target, rows: readonly Row[], query: Record<string, unknown>): Row[] {
  const matches = rows.filter(listFilter(target.entity, query));
  const sortable = sortColumns<Row>(target.entity);
  const { field, order } = target.crud.sort;
  const ordered = sortRows(matches, { sort: field, order }, sortable);
  return query.sort === undefined ? ordered : sortRows(matches, query as { sort?: string }, sortable);
}

function mocksOf(target: Target): Partial<Record<CrudRole, MockRoute>> {
  const route = (role: CrudRole) =>
    (routes as unknown as Record<string, RouteDef>)[crudRouteName(target.crud.name, role)] as RouteDef;
  const stateKey = target.crud.state;
  const all: Record<CrudRole, MockRoute> = {
    list: handle(route('list'), ({ store, query }) => {
      const q = query as Record<string, unknown> & { p: number; pageSize: number };
      const matches = listed(target, tableOf(store, target.entity.name).rows, q);
      const start = (q.p - 1) * q.pageSize;
      return {
        list: matches.slice(start, start + q.pageSize),
        totalCount: matches.length,
        totalPage: Math.ceil(matches.length / q.pageSize),
      } as never;
    }),
    create: handle(route('create'), ({ store, body }) => {
      const table = tableOf(store, target.entity.name);
      const values = writtenFields(target.entity, body as Record<string, unknown>, target.crud.required);
      refuseTaken(target.entity, table.rows, values);
      const row: Row = { ...newRow(target.entity), ...values, id: table.next++ };
      table.rows.push(row);
      return row as never;
    }),
    update: handle(route('update'), ({ store, body }) => {
      const table = tableOf(store, target.entity.name);
      const input = body as Record<string, unknown> & { id: number };
      const row = table.rows.find((r) => r.id === input.id) ?? fail(notFound(target));
      const values = writtenFields(target.entity, input, target.crud.required);
      refuseTaken(target.entity, table.rows, values, row.id);
      Object.assign(row, values);
      return row as never;
    }),
    remove: handle(route('remove'), ({ store, query }) => {
      const table = tableOf(store, target.entity.name);
      const { id } = query as { id: number };
      const row = table.rows.find((r) => r.id === id) ?? fail(notFound(target));
      const refusal = inUse(target, store, row);
      if (refusal) fail(refusal);
      table.rows.splice(table.rows.indexOf(row), 1);
      return null as never;
    }),
    batchDelete: handle(route('batchDelete'), ({ store, body }) => {
      const table = tableOf(store, target.entity.name);
      const { ids } = body as { ids: number[] };
      const result = perRow(ids, (id) => {
        const row = table.rows.find((r) => r.id === id);
        return row ? inUse(target, store, row) : notFound(target);
      });
      table.rows = table.rows.filter((r) => !result.done.includes(r.id));
      return result as never;
    }),
    batchState: handle(route('batchState'), ({ store, body }) => {
      const table = tableOf(store, target.entity.name);
      const { ids, state } = body as { ids: number[]; state: 0 | 1 | boolean };
      const result = perRow(ids, (id) => (table.rows.some((r) => r.id === id) ? null : notFound(target)));
      for (const row of table.rows)
        if (stateKey && result.done.includes(row.id)) row[stateKey] = state === 1 || state === true;
      return result as never;
    }),
    exportRows: handleRaw(route('exportRows'), ({ store, query }) => {
      const rows = listed(target, tableOf(store, target.entity.name).rows, query as Record<string, unknown>);
      const columns = sheetExportColumns<Row>(target.entity);
      return mockTableExport(target.crud.title['zh-CN'], query as { format?: 'xlsx' | 'csv' }, columns, rows);
    }),
    importTemplate: handleRaw(route('importTemplate'), () => failure(501, SHEETS_NEED_SERVER)),
    previewImport: handle(route('previewImport'), () => fail(SHEETS_NEED_SERVER, 501)),
    commitImport: handle(route('commitImport'), () => fail(SHEETS_NEED_SERVER, 501)),
  };
  return Object.fromEntries(crudRoles(target.crud).map((role) => [role, all[role]]));
}

/** The route names of the descriptor-served entities. */
type CrudRouteName = keyof typeof crudRouteDefs & RouteName;

/** Every descriptor-served entity's routes, answered from its descriptor. */
export const crudMocks = Object.fromEntries(
  CRUD_ENTITIES.flatMap((target) =>
    Object.entries(mocksOf(target as unknown as Target)).map(([role, mock]) => [
      crudRouteName(target.crud.name, role as CrudRole),
      mock,
    ]),
  ),
) as { [K in CrudRouteName]: MockRoute<Routes[K]> };
