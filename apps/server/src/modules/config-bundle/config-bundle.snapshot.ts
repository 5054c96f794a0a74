import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';
import { allDictItems, allDicts } from '../dicts/dicts.reads.js';
import { allOrgs } from '../orgs/orgs.reads.js';
import { allResources } from '../resources/resources.reads.js';
import { rolesWithGrants } from '../roles/roles.reads.js';

/**
 * Everything a bundle holds as the database holds it: every resource, role (with its grants and 自定义 organisations),
 * dictionary, item and organisation, each read through its table's owner on `db` (the pool, or the apply's
 * transaction).
 */
export async function snapshotOf(db: Kysely<DB>) {
  const [resources, { roles, grants, scopeOrgs }, dicts, items, orgs] = await Promise.all([
    allResources(db),
    rolesWithGrants(db),
    allDicts(db),
    allDictItems(db),
    allOrgs(db),
  ]);
  return { resources, roles, grants, scopeOrgs, dicts, items, orgs };
}

export type Snapshot = Awaited<ReturnType<typeof snapshotOf>>;
