import type { BodyOf, Routes } from '@gatehouse/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';
import { countChildren, isInSubtree } from '../../platform/db/tree.js';
import { badRequest } from '../../platform/errors.js';
import { t } from '../../platform/i18n.js';
import { createOrgsRepository, type OrgsRepository } from './orgs.repository.js';

type OrgRowView = Awaited<ReturnType<OrgsRepository['children']>>[number];

/** Names a region by its path ('江苏省 / 苏州市 / 吴中区'); null when it is not (or no longer) in the tree. */
export type RegionNamer = (id: number) => string | null;

function toOrg(row: OrgRowView, regionName: RegionNamer) {
  return {
    id: row.id,
    pid: row.pid,
    name: row.name,
    fullName: row.full_name,
    createTime: row.create_time,
    // SQLite answers EXISTS as 0/1, PostgreSQL as a boolean.
    hasChildren: Boolean(row.has_children),
    regionId: row.region_id,
    regionName: row.region_id === null ? null : regionName(row.region_id),
  };
}

export function createOrgsService(db: Kysely<DB>, regionName: RegionNamer) {
  const repo = createOrgsRepository(db);

  function fields(input: BodyOf<Routes['createOrg']>) {
    const name = input.name.trim();
    if (!name) throw badRequest(t('validation.blank', { field: '名称' }));
    // Absent keeps the stored region on edit (older clients send none); null clears it.
    const regionId = input.regionId;
    if (regionId != null && regionName(regionId) === null) throw badRequest(t('region.notFound'));
    return { name, full_name: input.fullName?.trim() || null, pid: input.pid ?? null, region_id: regionId };
  }

  async function view(r: OrgsRepository, id: number) {
    const row = await r.one(id);
    if (!row) throw badRequest(t('org.notFound'));
    return toOrg(row, regionName);
  }

  return {
    async children(pid: number | null) {
      return (await repo.children(pid)).map((row) => toOrg(row, regionName));
    },

    async create(input: BodyOf<Routes['createOrg']>) {
      const values = fields(input);
      return db.transaction().execute(async (trx) => {
        const r = createOrgsRepository(trx);
        if (values.pid !== null && !(await r.findById(values.pid))) throw badRequest(t('org.parentNotFound'));
        const id = await r.insert({
          ...values,
          region_id: values.region_id ?? null,
          create_time: new Date().toISOString(),
        });
        return view(r, id);
      });
    },

    async update(input: BodyOf<Routes['updateOrg']>) {
      const values = fields(input);
      return db.transaction().execute(async (trx) => {
        const r = createOrgsRepository(trx);
        if (!(await r.findById(input.id))) throw badRequest(t('org.notFound'));
        if (values.pid !== null) {
          if (!(await r.findById(values.pid))) throw badRequest(t('org.parentNotFound'));
          if (await isInSubtree(trx, 'org', input.id, values.pid)) throw badRequest(t('org.cycle'));
        }
        await r.update(input.id, values);
        return view(r, input.id);
      });
    },

    async remove(id: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const r = createOrgsRepository(trx);
        if (!(await r.findById(id))) throw badRequest(t('org.notFound'));
        const children = await countChildren(trx, 'org', id);
        if (children > 0) throw badRequest(t('org.hasChildren', { count: children }));
        const accounts = await r.countAccounts(id);
        if (accounts > 0) throw badRequest(t('org.hasAccounts', { count: accounts }));
        await r.delete(id);
      });
    },
  };
}

export type OrgsService = ReturnType<typeof createOrgsService>;
