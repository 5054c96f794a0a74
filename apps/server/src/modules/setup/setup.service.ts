import { randomBytes } from 'node:crypto';
import { DEFAULT_PASSWORD_POLICY, type PasswordPolicy } from '@gatehouse/contract';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../platform/db/database.js';
import type { DB } from '../../platform/db/schema.js';
import { assertAcceptablePassword, generatePassword, hashPassword } from '../../platform/passwords.js';
import { createResourcesRepository, createResourcesService } from '../resources/index.js';
import { createSetupRepository } from './setup.repository.js';

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
  options: { adminPassword?: string; jwtSecret?: string; passwordPolicy?: PasswordPolicy },
): Promise<SetupResult> {
  if (options.adminPassword) {
    // The environment's policy: the screen's changes are read once the schema is up.
    assertAcceptablePassword(options.adminPassword, options.passwordPolicy ?? DEFAULT_PASSWORD_POLICY, ADMIN_ACCOUNT);
  }

  return db.transaction().execute(async (trx) => {
    const repo = createSetupRepository(trx);
    await repo.lock(dialect);

    let jwtSecret = options.jwtSecret;
    if (!jwtSecret) {
      const stored = await repo.storedJwtSecret();
      jwtSecret = stored ?? randomBytes(48).toString('base64url');
      if (!stored) await repo.storeJwtSecret(jwtSecret);
    }

    // The permission tree is the resources module's: its service, on this transaction.
    const { added } = await createResourcesService(createResourcesRepository(trx)).syncFromContract();

    const now = new Date().toISOString();
    const rootOrgId = (await repo.firstRootOrgId()) ?? (await repo.insertRootOrg(ROOT_ORG_NAME, now));
    const superRoleId =
      (await repo.builtinRoleId()) ??
      (await repo.insertBuiltinRole(SUPER_ADMIN_ROLE_NAME, '内置角色，拥有全部权限', now));

    let generatedAdminPassword: string | undefined;
    if (!(await repo.accountExists(ADMIN_ACCOUNT))) {
      const password = options.adminPassword ?? generatePassword();
      await repo.insertAccount({
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
