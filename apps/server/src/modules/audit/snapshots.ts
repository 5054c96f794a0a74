import {
  accountEntity,
  auditedFields,
  CRUD_ENTITIES,
  crudRouteName,
  dictEntity,
  dictItemEntity,
  orgEntity,
  type RouteName,
} from '@gatehouse/contract';
import type { FastifyRequest } from 'fastify';
import type { AuditedEntities } from './audit.repository.js';

/** An entity as the audit trail compares it: contract-style field names, raw stored values. */
export interface Snapshot {
  label: string | null;
  fields: Record<string, unknown>;
}

const ACCOUNT_AUDITED = auditedFields(accountEntity);
const ORG_AUDITED = auditedFields(orgEntity);
const DICT_AUDITED = auditedFields(dictEntity);
const DICT_ITEM_AUDITED = auditedFields(dictItemEntity);

/** The snapshots of the rows with these ids that exist, by id. */
type Loader = (entities: AuditedEntities, ids: readonly number[]) => Promise<Map<number, Snapshot>>;

/** A loader from the repository's read of many rows and one row's snapshot. */
function loader<R extends { id: number }>(
  read: (entities: AuditedEntities, ids: readonly number[]) => Promise<R[]>,
  snapshot: (row: R) => Snapshot,
): Loader {
  return async (entities, ids) => {
    if (ids.length === 0) return new Map();
    return new Map((await read(entities, ids)).map((row) => [row.id, snapshot(row)]));
  };
}

/**
 * The "before / after" loaders, one per audited entity: each maps the rows by id as the module's table holds them
 * (the account's password hash included, masked later; read by the audit repository), so the diff shows what
 * really changed in the store.
 */
const entities = {
  account: loader(
    (read, ids) => read.account(ids),
    (row) => ({
      label: row.account_number,
      fields: {
        // The descriptor's audited fields, by their stored columns; then what stays the account's own.
        ...Object.fromEntries(ACCOUNT_AUDITED.map(({ key, column }) => [key, row[column]])),
        password: row.password_hash,
        postIds: row.post_ids,
      },
    }),
  ),
  org: loader(
    (read, ids) => read.org(ids),
    (row) => ({
      label: row.name,
      // The descriptor's audited fields, by their stored columns.
      fields: Object.fromEntries(ORG_AUDITED.map(({ key, column }) => [key, row[column]])),
    }),
  ),
  role: loader(
    (read, ids) => read.role(ids),
    (row) => ({
      label: row.name,
      fields: {
        name: row.name,
        remark: row.remark,
        resources: row.resources,
        // What the role reaches and demands are privileges too: a change of either is in the log.
        dataScope: row.data_scope,
        scopeOrgIds: row.scope_orgs,
        requireSecondFactor: row.require_second_factor === 1,
      },
    }),
  ),
  resource: loader(
    (read, ids) => read.resource(ids),
    (row) => ({
      label: row.name,
      fields: {
        pid: row.pid,
        name: row.name,
        type: row.type,
        route: row.route,
        method: row.method,
        url: row.url,
        remark: row.remark,
        orderNum: row.order_num,
      },
    }),
  ),
  dict: loader(
    (read, ids) => read.dict(ids),
    (row) => ({
      label: row.dict_name,
      fields: Object.fromEntries(DICT_AUDITED.map(({ key, column }) => [key, row[column]])),
    }),
  ),
  dictItem: loader(
    (read, ids) => read.dictItem(ids),
    (row) => ({
      label: row.value,
      fields: Object.fromEntries(DICT_ITEM_AUDITED.map(({ key, column }) => [key, row[column]])),
    }),
  ),
} satisfies Record<string, Loader>;

/** The descriptor-served entities' loaders (contract cruds.ts): each row labelled by its spec's label field. */
const crudLoaders: Record<string, Loader> = Object.fromEntries(
  CRUD_ENTITIES.map(({ entity, crud }) => {
    const audited = auditedFields(entity);
    const labelColumn = (entity.fields as Record<string, { column?: string }>)[crud.label]?.column ?? 'id';
    return [
      entity.name,
      loader(
        (read, ids) => read.crud(entity.name, ids) as Promise<Array<Record<string, unknown> & { id: number }>>,
        (row) => ({
          label: row[labelColumn] === undefined || row[labelColumn] === null ? null : String(row[labelColumn]),
          fields: Object.fromEntries(audited.map(({ key, column }) => [key, row[column]])),
        }),
      ),
    ];
  }),
);

export type EntityType =
  | keyof typeof entities
  | (typeof CRUD_ENTITIES)[number]['entity']['name']
  | 'file'
  | 'document'
  | 'session'
  | 'param';

export function loaderOf(type: EntityType): Loader | undefined {
  return (entities as Record<string, Loader>)[type] ?? crudLoaders[type];
}

/** Where the target's id is found: the request (known before the write) or the answer (a create). */
export interface TargetSpec {
  type: EntityType;
  /**
   * A bulk action: its targets are the body's `ids`, and it is recorded as one entry per row (each row's diff,
   * done or refused with the single action's status and message), as the single action would record each.
   */
  batch?: true;
  fromRequest?: (request: FastifyRequest) => number | string | null | undefined;
  fromAnswer?: (data: unknown, request: FastifyRequest) => number | string | null | undefined;
}

const bodyId = (request: FastifyRequest) => (request.body as { id?: number } | undefined)?.id;
const queryId = (request: FastifyRequest) => (request.query as { id?: number } | undefined)?.id;
const answerId = (data: unknown) => (data as { id?: number | string } | null | undefined)?.id;
const self = (request: FastifyRequest) => request.principal?.accountId;

/** The usual create / edit / delete triple of an entity. */
const crud = (type: EntityType) => ({
  create: { type, fromAnswer: answerId },
  update: { type, fromRequest: bodyId },
  remove: { type, fromRequest: queryId },
});
const crudTargets = crud;
const account = crud('account');
const org = crud('org');
const role = crud('role');
const resource = crud('resource');
const dict = crud('dict');
const dictItem = crud('dictItem');

/**
 * Targets of the audited routes. A route not listed is still recorded (who, what, when, where, outcome)
 * with its request fields, masked, as the diff.
 */
export const targets: Partial<Record<RouteName, TargetSpec>> = {
  createAccount: account.create,
  updateAccount: account.update,
  deleteAccount: account.remove,
  resetAccountPassword: account.update,
  updateProfile: { type: 'account', fromRequest: self },
  switchIdentity: { type: 'account', fromRequest: queryId },
  restoreIdentity: { type: 'account', fromRequest: (request) => request.principal?.origin?.accountId },
  register: { type: 'account', fromAnswer: answerId },
  createOrg: org.create,
  updateOrg: org.update,
  deleteOrg: org.remove,
  createRole: role.create,
  updateRole: role.update,
  deleteRole: role.remove,
  createResource: resource.create,
  updateResource: resource.update,
  deleteResource: resource.remove,
  createDict: dict.create,
  updateDict: dict.update,
  deleteDict: dict.remove,
  createDictItem: dictItem.create,
  updateDictItem: dictItem.update,
  deleteDictItem: dictItem.remove,
  batchDeleteAccounts: { type: 'account', batch: true },
  batchAccountState: { type: 'account', batch: true },
  batchForceLogout: { type: 'session', batch: true },
  batchDeleteDictItems: { type: 'dictItem', batch: true },
  uploadFile: { type: 'file', fromAnswer: answerId },
  saveText: { type: 'document', fromAnswer: (data) => (typeof data === 'string' ? data : null) },
  // The descriptor-served entities' writes (contract cruds.ts).
  ...Object.fromEntries(
    CRUD_ENTITIES.flatMap(({ entity, crud }) => {
      const type = entity.name as EntityType;
      const triple = crudTargets(type);
      return [
        [crudRouteName(crud.name, 'create'), triple.create],
        [crudRouteName(crud.name, 'update'), triple.update],
        [crudRouteName(crud.name, 'remove'), triple.remove],
        [crudRouteName(crud.name, 'batchDelete'), { type, batch: true }],
        [crudRouteName(crud.name, 'batchState'), { type, batch: true }],
      ];
    }),
  ),
};

/**
 * Routes whose diff is not field-level: an identity switch changes no stored entity fields; a preference is the
 * account's own setting of the web app (up to 16 KiB of column settings), recorded as who saved which key (the url).
 */
export const withoutDiff = new Set<RouteName>(['switchIdentity', 'restoreIdentity', 'putPreference']);
