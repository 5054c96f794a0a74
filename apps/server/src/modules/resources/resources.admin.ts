import type { BodyOf, Routes } from '@gatehouse/contract';
import type { Kysely } from 'kysely';
import type { DB, ResourceRow } from '../../platform/db/schema.js';
import { countChildren, isInSubtree } from '../../platform/db/tree.js';
import { badRequest } from '../../platform/errors.js';
import { t } from '../../platform/i18n.js';
import { requiredText } from '../../platform/validation.js';
import { toResource } from './resources.mapper.js';
import { createResourcesRepository, type ResourcesRepository } from './resources.repository.js';

type UpdateInput = BodyOf<Routes['updateResource']>;
type CreateInput = BodyOf<Routes['createResource']>;

/** Normalises a resource write: a menu keeps a route, an API resource a lower-case method and a url. */
function normalise(input: CreateInput | UpdateInput) {
  const name = requiredText(input.name, 'name', '名称');
  const base = { name, pid: input.pid ?? null, remark: input.remark?.trim() || null, order_num: input.orderNum ?? 0 };
  if (input.type === 0) {
    const route = input.route?.trim() || null;
    if (route && !route.startsWith('/')) throw badRequest(t('resource.routeFormat'));
    // An icon left out of an edit is kept (undefined); null removes it.
    return { ...base, type: 0, route, method: null, url: null, icon: input.icon };
  }
  const method = input.method?.toLowerCase() || null;
  if (!method) throw badRequest(t('resource.methodRequired'));
  const url = input.url?.trim() || null;
  if (!url) throw badRequest(t('resource.urlRequired'));
  if (!url.startsWith('/')) throw badRequest(t('resource.urlFormat'));
  // API resources are not shown in the menu: they have no icon.
  return { ...base, type: 1, route: null, method, url, icon: null };
}

async function checkParent(db: Kysely<DB>, r: ResourcesRepository, pid: number | null, selfId?: number) {
  if (pid === null) return;
  const parent = await r.findById(pid);
  if (!parent) throw badRequest(t('resource.parentNotFound'));
  if (parent.type !== 0) throw badRequest(t('resource.parentNotMenu'));
  if (selfId !== undefined && (await isInSubtree(db, 'resource', selfId, pid))) throw badRequest(t('resource.cycle'));
}

async function checkUniqueApi(
  r: ResourcesRepository,
  row: Pick<ResourceRow, 'type' | 'method' | 'url'>,
  selfId?: number,
) {
  if (row.type !== 1 || !row.method || !row.url) return;
  const existing = await r.findApi(row.method, row.url);
  if (existing && existing.id !== selfId) {
    throw badRequest(t('resource.duplicateApi', { method: row.method.toUpperCase(), url: row.url }));
  }
}

/**
 * Administration of the permission tree (资源管理): the rules of specification §5 (docs/authorization.md). Each write
 * is also offered on a transaction the caller holds (`createIn`, `updateIn`, `removeIn`): the configuration bundle
 * applies its resources through them, under the same rules, inside its one transaction.
 */
export function createResourcesAdmin(db: Kysely<DB>) {
  /** Adds a resource on `trx` as POST /resource does (its parent a menu, an API not twice); answers its id. */
  async function createIn(trx: Kysely<DB>, input: CreateInput): Promise<number> {
    const row = normalise(input);
    const r = createResourcesRepository(trx);
    await checkParent(trx, r, row.pid);
    await checkUniqueApi(r, row);
    return r.insert({ ...row, icon: row.icon ?? null, builtin: 0 });
  }

  /** Edits a resource on `trx` as PUT /resource does (a built-in one keeps its type, route, method and url). */
  async function updateIn(trx: Kysely<DB>, input: UpdateInput): Promise<void> {
    const row = normalise(input);
    const r = createResourcesRepository(trx);
    const current = await r.findById(input.id);
    if (!current) throw badRequest(t('resource.notFound'));
    if (
      current.builtin === 1 &&
      (current.type !== row.type ||
        current.route !== row.route ||
        current.method !== row.method ||
        current.url !== row.url)
    ) {
      throw badRequest(t('resource.builtinFixed'));
    }
    await checkParent(trx, r, row.pid, current.id);
    await checkUniqueApi(r, row, current.id);
    await r.update(current.id, row);
  }

  /** Deletes a resource on `trx` as DELETE /resource does (never a built-in one, nor one with children). */
  async function removeIn(trx: Kysely<DB>, id: number): Promise<void> {
    const r = createResourcesRepository(trx);
    const current = await r.findById(id);
    if (!current) throw badRequest(t('resource.notFound'));
    if (current.builtin === 1) throw badRequest(t('resource.builtinDelete'));
    const children = await countChildren(trx, 'resource', id);
    if (children > 0) throw badRequest(t('resource.hasChildren', { count: children }));
    await r.delete(id);
  }

  return {
    async list() {
      return (await createResourcesRepository(db).all()).map(toResource);
    },

    create(input: CreateInput) {
      return db.transaction().execute(async (trx) => {
        const id = await createIn(trx, input);
        return toResource((await createResourcesRepository(trx).findById(id))!);
      });
    },

    update(input: UpdateInput) {
      return db.transaction().execute(async (trx) => {
        await updateIn(trx, input);
        return toResource((await createResourcesRepository(trx).findById(input.id))!);
      });
    },

    async remove(id: number): Promise<void> {
      await db.transaction().execute((trx) => removeIn(trx, id));
    },

    createIn,
    updateIn,
    removeIn,
  };
}

export type ResourcesAdmin = ReturnType<typeof createResourcesAdmin>;
