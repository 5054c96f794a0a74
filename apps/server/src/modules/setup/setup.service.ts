import { randomBytes } from 'node:crypto';
import { DEFAULT_PASSWORD_POLICY, type PasswordPolicy } from '@gatehouse/contract';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../platform/db/database.js';
import type { DB } from '../../platform/db/schema.js';
import { assertAcceptablePassword, generatePassword, hashPassword } from '../../platform/passwords.js';
import { createSessionsRepository } from '../auth/index.js';
import { createResourcesRepository, createResourcesService } from '../resources/index.js';
import { seededText } from './seeded-names.js';
import { createSetupRepository } from './setup.repository.js';

export const ROOT_ORG_NAME = seededText('rootOrg');
export const SUPER_ADMIN_ROLE_NAME = seededText('superAdminRole');
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
      (await repo.insertBuiltinRole(SUPER_ADMIN_ROLE_NAME, seededText('superAdminRemark'), now));

    let generatedAdminPassword: string | undefined;
    if (!(await repo.accountExists(ADMIN_ACCOUNT))) {
      const password = options.adminPassword ?? generatePassword();
      await repo.insertAccount({
        account_number: ADMIN_ACCOUNT,
        account_name: seededText('adminName'),
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

/**
 * `npm run reset-admin-password` (README): for an installation whose printed password was missed or lost. A new
 * password for `admin` (ADMIN_PASSWORD when set, else generated and then changed at the next sign-in, as at the first
 * start); the account enabled again and its sessions ended, in one transaction. Run on the server's machine, with its database: whoever can run
 * it can read the database already.
 */
export async function resetAdminPassword(
  db: Kysely<DB>,
  options: { adminPassword?: string; passwordPolicy?: PasswordPolicy },
): Promise<{ password: string; generated: boolean }> {
  if (options.adminPassword) {
    assertAcceptablePassword(options.adminPassword, options.passwordPolicy ?? DEFAULT_PASSWORD_POLICY, ADMIN_ACCOUNT);
  }
  const password = options.adminPassword ?? generatePassword();
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    const id = await createSetupRepository(trx).replacePassword(
      ADMIN_ACCOUNT,
      passwordHash,
      !options.adminPassword,
      now,
    );
    if (id === undefined) throw new Error(`no account ${ADMIN_ACCOUNT}: start the server once to create it`);
    await createSessionsRepository(trx).endAllOf([id], now);
  });
  return { password, generated: options.adminPassword === undefined };
}
