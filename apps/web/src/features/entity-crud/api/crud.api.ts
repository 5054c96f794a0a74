import {
  CRUD_ENTITIES,
  type CrudRole,
  type CrudSpec,
  crudRouteName,
  type EntitySpec,
  type FieldSpec,
  type RouteDef,
  routes,
} from '@gatehouse/contract';
import type { BulkResult, ListPageData, ListQueryBase } from '@/components/list-kit';
import { call } from '@/lib/http';

/** A row of a descriptor-served entity as its list answers it (the descriptor's answered fields). */
export type CrudRow = Record<string, unknown> & { id: number };
/** A list query of such an entity: the page, the sort and the filters its fields declare. */
export type CrudListQuery = ListQueryBase & Record<string, unknown>;
export type AnyEntity = EntitySpec<Readonly<Record<string, FieldSpec>>>;

/** An entity served by the generic engine: its descriptor and its spec. */
export interface CrudTarget {
  entity: AnyEntity;
  crud: CrudSpec;
}

/** The descriptor and spec of the entity named `name` (the spec's `name`, e.g. Post). */
export function crudTarget(name: string): CrudTarget {
  const found = CRUD_ENTITIES.find((target) => target.crud.name === name);
  if (!found) throw new Error(`no descriptor-served entity ${name}`);
  return found as unknown as CrudTarget;
}

/** The route of a CRUD role of the entity (the web's route table keeps its method, path, access and transport). */
export const crudRoute = (crud: Pick<CrudSpec, 'name'>, role: CrudRole): RouteDef =>
  (routes as unknown as Record<string, RouteDef>)[crudRouteName(crud.name, role)] as RouteDef;

/** The entity's query key root (the list kit caches pages under [..., 'list', query]). */
export const crudKeys = (crud: Pick<CrudSpec, 'name'>) => ({ all: ['crud', crud.name] as const });

/** The contract calls of one entity, through its routes. */
export function crudApi(crud: Pick<CrudSpec, 'name'>) {
  // The routes are looked up by name: their types are the contract's generic ones, the bodies the descriptor's.
  const send = <R>(role: CrudRole, input: { query?: object; body?: object; signal?: AbortSignal } = {}) =>
    call(crudRoute(crud, role), input as never) as Promise<R>;
  return {
    list: (query: CrudListQuery, signal: AbortSignal) => send<ListPageData<CrudRow>>('list', { query, signal }),
    create: (body: Record<string, unknown>) => send<CrudRow>('create', { body }),
    update: (body: Record<string, unknown> & { id: number }) => send<CrudRow>('update', { body }),
    remove: (id: number) => send<null>('remove', { query: { id } }),
    /** Answers which rows were deleted and why each other one was not. */
    batchDelete: (ids: number[]) => send<BulkResult>('batchDelete', { body: { ids } }),
    batchState: (ids: number[], state: boolean) =>
      send<BulkResult>('batchState', { body: { ids, state: state ? 1 : 0 } }),
  };
}
