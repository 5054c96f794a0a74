import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../../platform/db/database.js';
import type { DB } from '../../platform/db/schema.js';
import { assertAcceptablePassword, generatePassword, hashPassword } from '../../platform/passwords.js';
import { createAccountsRepository } from '../accounts/accounts.repository.js';
import { createOrgsRepository } from '../orgs/orgs.repository.js';
import { createResourcesRepository } from '../resources/resources.repository.js';
import { createResourcesService } from '../resources/resources.service.js';
import { createRolesRepository } from '../roles/roles.repository.js';

export const ROOT_ORG_NAME = '总公司';
export const SUPER_ADMIN_ROLE_NAME = '超级管理员';
export const ADMIN_ACCOUNT = 'admin';

export interface SetupResult {
  jwtSecret: string;
  /** Set only when this start created the admin account with a generated password. */
  generatedAdminPassword?: string;
  resourcesAdded: number;
}

/**
 * Runs at every start, idempotently, in one transaction (several processes may start at once):
 * the JWT secret, the resource tree from the contract, the root organisation, the super-admin role
 * and the `admin` account.
 */
export async function runSetup(
  db: Kysely<DB>,
  dialect: Dialect,
  options: { adminPassword?: string; jwtSecret?: string },
): Promise<SetupResult> {
  if (options.adminPassword) assertAcceptablePassword(options.adminPassword, ADMIN_ACCOUNT);

  return db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(7261001)`.execute(trx);

    let jwtSecret = options.jwtSecret;
    if (!jwtSecret) {
      const stored = await trx.selectFrom('setting').select('value').where('key', '=', 'jwt_secret').executeTakeFirst();
      jwtSecret = stored?.value ?? randomBytes(48).toString('base64url');
      if (!stored) await trx.insertInto('setting').values({ key: 'jwt_secret', value: jwtSecret }).execute();
    }

    const { added } = await createResourcesService(createResourcesRepository(trx)).syncFromContract();

    const orgs = createOrgsRepository(trx);
    const now = new Date().toISOString();
    const rootOrgId = (await orgs.firstRoot())?.id ?? (await orgs.insertRoot(ROOT_ORG_NAME, now));

    const roles = createRolesRepository(trx);
    const superRoleId =
      (await roles.findBuiltin())?.id ??
      (await roles.insert(SUPER_ADMIN_ROLE_NAME, '内置角色，拥有全部权限', true, now));

    const accounts = createAccountsRepository(trx);
    let generatedAdminPassword: string | undefined;
    if (!(await accounts.findByNumber(ADMIN_ACCOUNT))) {
      const password = options.adminPassword ?? generatePassword();
      await accounts.insert({
        account_number: ADMIN_ACCOUNT,
        account_name: '系统管理员',
        password_hash: await hashPassword(password),
        avatar: null,
        contact_number: null,
        email: null,
        state: 1,
        org_id: rootOrgId,
        role_id: superRoleId,
        builtin: 1,
        create_time: now,
        update_time: now,
        // A printed password has been on a terminal and in logs: it is changed at the first sign-in.
        must_change_password: options.adminPassword ? 0 : 1,
      });
      if (!options.adminPassword) generatedAdminPassword = password;
    }
    return { jwtSecret, generatedAdminPassword, resourcesAdded: added };
  });
}
