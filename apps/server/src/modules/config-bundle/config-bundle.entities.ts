import {
  type ConfigChangeAction,
  CRUD_ENTITIES,
  type CrudEntityName,
  type CrudRole,
  crudRouteName,
  type RouteDef,
  routes,
} from '@gatehouse/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { currentLocale, t } from '../../platform/i18n.js';
import type { CrudService } from '../crud/index.js';

/**
 * The descriptor-served entities (contract cruds.ts) in the bundle: each entity's rows under `entities.<name>`, keyed
 * by its spec's key, compared and applied field by field through the generic engine's own rules. Nothing here names
 * a field of a particular entity.
 */

/** Each descriptor-served entity's engine, by the entity's name (services.ts hands them over). */
export type EntityEngines = ReadonlyMap<string, Pick<CrudService, 'bundleRows' | 'bundleValues' | EntityWrites>>;
type EntityWrites = 'createIn' | 'updateIn' | 'removeIn';

/** A row's comparable values (each writable field it gives, by key) and, on the database's side, its id. */
export interface EntityRowEntry {
  values: Record<string, unknown>;
  dbId?: number;
}
/** Each entity's rows by their key's value; on the file's side, an entity without a section is absent. */
export type EntityRows = Map<string, Map<string, EntityRowEntry>>;

type Target = (typeof CRUD_ENTITIES)[number];

export const isEntityKind = (kind: string): kind is CrudEntityName =>
  CRUD_ENTITIES.some(({ entity }) => entity.name === kind);

function targetOf(kind: string): Target {
  const found = CRUD_ENTITIES.find(({ entity }) => entity.name === kind);
  if (!found) throw new Error(`no descriptor-served entity ${kind}`);
  return found;
}

/** What one row of the entity is called in the request's language (岗位 / Post). */
export const entityKindName = (kind: CrudEntityName): string => targetOf(kind).crud.title[currentLocale()];

const ROLE_OF: Record<ConfigChangeAction, CrudRole> = { add: 'create', change: 'update', remove: 'remove' };

/** The single-row route whose permission a change of an entity's row needs: POST, PUT or DELETE {path}. */
export function entityRoute(kind: CrudEntityName, action: ConfigChangeAction): RouteDef {
  const name = crudRouteName(targetOf(kind).crud.name, ROLE_OF[action]);
  return (routes as unknown as Record<string, RouteDef>)[name] as RouteDef;
}

function engineOf(engines: EntityEngines, name: string) {
  const engine = engines.get(name);
  if (!engine) throw new Error(`no engine for ${name}`);
  return engine;
}

/** The writable fields a change lists: every one but the key (the change's own `key`). */
const comparedFields = ({ entity, crud }: Target) =>
  Object.entries(entity.fields).flatMap(([key, field]) =>
    'input' in field && 'column' in field && key !== crud.key ? [key] : [],
  );

/** A refusal about one row of the file: 岗位“ceo”：岗位名称不能为空白. */
const aboutRow = (kind: CrudEntityName, key: string, error: unknown) =>
  error instanceof AppError
    ? new AppError(error.status, t('configBundle.refused', { kind: entityKindName(kind), key, message: error.message }))
    : error;

/**
 * The file's rows, normalised as the single-row routes store them (trimmed, a flag a boolean); blank required text
 * and a key twice in one section are refused naming the row.
 */
export function entitiesOfBundle(sections: Record<string, unknown> | undefined, engines: EntityEngines): EntityRows {
  const out: EntityRows = new Map();
  for (const target of CRUD_ENTITIES) {
    const name = target.entity.name;
    const rows = sections?.[name] as Array<Record<string, unknown>> | undefined;
    if (!rows) continue;
    const engine = engineOf(engines, name);
    const byKey = new Map<string, EntityRowEntry>();
    for (const row of rows) {
      const given = String(row[target.crud.key] ?? '').trim();
      let values: Record<string, unknown>;
      try {
        values = engine.bundleValues(row);
      } catch (error) {
        throw aboutRow(name, given, error);
      }
      const key = String(values[target.crud.key]);
      if (byKey.has(key)) throw badRequest(t('configBundle.duplicate', { kind: entityKindName(name), key }));
      byKey.set(key, { values });
    }
    out.set(name, byKey);
  }
  return out;
}

/** Every entity's rows as the database holds them, read with `executor`. */
export async function entitiesOfDatabase(engines: EntityEngines, executor?: Kysely<DB>): Promise<EntityRows> {
  const out: EntityRows = new Map();
  for (const target of CRUD_ENTITIES) {
    const rows = await engineOf(engines, target.entity.name).bundleRows(executor);
    out.set(
      target.entity.name,
      new Map(rows.map(({ id, values }) => [String(values[target.crud.key]), { values, dbId: id }])),
    );
  }
  return out;
}

/** The bundle's `entities`: every entity's rows, each its writable fields. */
export function entitiesSection(rows: EntityRows): Record<string, Array<Record<string, unknown>>> {
  return Object.fromEntries(
    CRUD_ENTITIES.map(({ entity }) => [
      entity.name,
      [...(rows.get(entity.name)?.values() ?? [])].map((entry) => entry.values),
    ]),
  );
}

/** What a change of an entity row holds (the model's Change, its kind an entity's name). */
export interface EntityChange {
  id: string;
  kind: CrudEntityName;
  key: string;
  label: string;
  action: ConfigChangeAction;
  fields: Array<{ field: string; before: unknown; after: unknown }>;
  ref: string;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The changes of each entity the file has a section for: rows added and changed (only the fields the file gives),
 * in the file's order, then the rows it lacks removed. An entity without a section is left alone.
 */
export function entityChanges(from: EntityRows, to: EntityRows): EntityChange[] {
  const changes: EntityChange[] = [];
  for (const target of CRUD_ENTITIES) {
    const kind = target.entity.name;
    const after = to.get(kind);
    if (!after) continue;
    const before = from.get(kind) ?? new Map<string, EntityRowEntry>();
    const fields = comparedFields(target);
    const labelOf = (entry: EntityRowEntry, key: string) => String(entry.values[target.crud.label] ?? key);
    for (const [ref, entry] of after) {
      const was = before.get(ref);
      const given = fields.filter((field) => field in entry.values);
      const base = { id: `${kind}:${ref}`, kind, key: ref, label: labelOf(entry, ref), ref };
      if (!was) {
        changes.push({
          ...base,
          action: 'add',
          fields: given.map((field) => ({ field, before: null, after: entry.values[field] })),
        });
        continue;
      }
      const differing = given.filter((field) => !same(was.values[field], entry.values[field]));
      if (differing.length) {
        changes.push({
          ...base,
          action: 'change',
          fields: differing.map((field) => ({ field, before: was.values[field], after: entry.values[field] })),
        });
      }
    }
    for (const [ref, entry] of before) {
      if (after.has(ref)) continue;
      changes.push({
        id: `${kind}:${ref}`,
        kind,
        key: ref,
        label: labelOf(entry, ref),
        action: 'remove',
        fields: fields.map((field) => ({ field, before: entry.values[field] ?? null, after: null })),
        ref,
      });
    }
  }
  return changes;
}

/**
 * Writes the chosen entity changes on `trx` through the engine (the single-row routes' rules): per entity, removals
 * first, then changes, then additions, so a value a removed or changed row gives up can be taken by another.
 */
export async function writeEntities(
  trx: Kysely<DB>,
  engines: EntityEngines,
  chosen: ReadonlyArray<{ kind: string; action: ConfigChangeAction; ref: string }>,
  current: EntityRows,
  target: EntityRows,
  run: (change: { kind: string; action: ConfigChangeAction; ref: string }, work: () => Promise<void>) => Promise<void>,
) {
  for (const { entity } of CRUD_ENTITIES) {
    const name = entity.name;
    const engine = engineOf(engines, name);
    const mine = chosen.filter((change) => change.kind === name);
    const dbId = (ref: string) => current.get(name)?.get(ref)?.dbId as number;
    const values = (ref: string) => target.get(name)?.get(ref)?.values as Record<string, unknown>;
    for (const change of mine.filter((c) => c.action === 'remove')) {
      await run(change, () => engine.removeIn(trx, dbId(change.ref)));
    }
    for (const change of mine.filter((c) => c.action === 'change')) {
      await run(change, () => engine.updateIn(trx, dbId(change.ref), values(change.ref)));
    }
    for (const change of mine.filter((c) => c.action === 'add')) {
      await run(change, async () => {
        await engine.createIn(trx, values(change.ref));
      });
    }
  }
}
