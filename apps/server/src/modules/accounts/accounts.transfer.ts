import {
  ACCOUNT_SHEET_COLUMNS,
  type AccountSheetColumn,
  IMPORT_MAX_ROWS,
  type ImportMode,
  normaliseMobile,
  type PasswordPolicy,
  type QueryOf,
  type RouteDef,
  type Routes,
  routes,
} from '@gatehouse/contract';
import type { Kysely } from 'kysely';
import type { DB, NewAccount } from '../../platform/db/schema.js';
import { AppError, badRequest } from '../../platform/errors.js';
import type { Principal } from '../../platform/http.js';
import { catalogues, type MessageKey, t } from '../../platform/i18n.js';
import { assertAcceptablePassword, hashPassword } from '../../platform/passwords.js';
import { dayStamp, selectColumns, type TableColumn, type TableFile } from '../../platform/spreadsheet.js';
import {
  DEFAULT_TABLE_LIMITS,
  type ImportColumn,
  mapHeader,
  stateFromWord,
  type TableSource,
} from '../../platform/spreadsheet-read.js';
import { bodyValidator } from '../../platform/validation.js';
import type { Authz } from '../authz/index.js';
import { FileKeys, type ImportJobs, type ImportResultCounts } from '../imports/index.js';
import { orgPath, splitOrgPath } from '../orgs/index.js';
import { accountNameOf, orgNameOf, roleNameOf } from '../setup/seeded-names.js';
import { accountFilterOf } from './accounts.filter.js';
import { type AccountSort, createAccountsRepository } from './accounts.repository.js';
import { EMAIL, PHONE, sameMobile } from './accounts.service.js';

/**
 * Accounts in and out of spreadsheets. One sheet layout (contract ACCOUNT_SHEET_COLUMNS) serves the
 * export, the template and the import, so an export imports back unchanged: organisations are named by their path
 * (总公司/华东区/上海), roles by name, the state in words. An import checks each row by the rules of the single-row
 * API (the same body schema, the same dominance and data-scope checks of `authz.check` on POST /account), writes
 * nothing until committed, and commits in one transaction.
 */

const EXPORT_BATCH = 1_000;
const INSERT_BATCH = 500;
const LOOKUP_BATCH = 500;

const HEADER_KEY: Record<AccountSheetColumn, MessageKey> = {
  accountNumber: 'sheet.account.accountNumber',
  accountName: 'sheet.account.accountName',
  orgPath: 'sheet.account.orgPath',
  roleName: 'sheet.account.roleName',
  contactNumber: 'sheet.account.contactNumber',
  email: 'sheet.account.email',
  state: 'sheet.account.state',
  createTime: 'sheet.account.createTime',
};

/** A column's header in every language: an import reads a sheet written in any of them. */
const everyLanguage = (key: MessageKey) => Object.values(catalogues).map((c) => c[key]);

/** Headers sheets wrote before one word was chosen for the account's number (联系电话, Mobile, Phone): they import unchanged. */
const EARLIER_HEADERS: Partial<Record<AccountSheetColumn, readonly string[]>> = {
  contactNumber: ['联系电话', 'Mobile', 'Phone'],
};

const IMPORT_COLUMNS: readonly ImportColumn<AccountSheetColumn>[] = ACCOUNT_SHEET_COLUMNS.map((key) => ({
  key,
  headers: [...everyLanguage(HEADER_KEY[key]), ...(EARLIER_HEADERS[key] ?? [])],
  required: key === 'accountNumber' || key === 'accountName' || key === 'orgPath',
  readOnly: key === 'createTime',
}));

/** An imported account as checked: what the commit writes (`id` when the account number exists). */
interface CheckedRow {
  accountNumber: string;
  accountName: string;
  orgId: number;
  roleId: number | null;
  contactNumber: string | null;
  email: string | null;
  state: 0 | 1;
  id?: number;
}

/**
 * Each organisation's path (组织路径, written by modules/orgs' `orgPath`, so both sheets name an organisation alike)
 * and the organisation of each path (ambiguous ones marked).
 */
function orgPaths(nodes: readonly { id: number; pid: number | null; name: string }[]) {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const namesOf = new Map<number, string[]>();
  const names = (id: number): string[] => {
    const trail: { id: number; name: string }[] = [];
    let at = byId.get(id);
    let base: string[] = [];
    while (at) {
      const known = namesOf.get(at.id);
      if (known) {
        base = known;
        break;
      }
      trail.push(at);
      if (trail.length > nodes.length) break; // a cycle in corrupt data ends here
      at = at.pid === null ? undefined : byId.get(at.pid);
    }
    let path = base;
    for (let i = trail.length - 1; i >= 0; i -= 1) {
      const step = trail[i] as { id: number; name: string };
      path = [...path, step.name];
      namesOf.set(step.id, path);
    }
    return namesOf.get(id) ?? path;
  };
  const pathOf = new Map<number, string>();
  const idOf = new Map<string, number | 'ambiguous'>();
  /** By its own name alone (a sheet that names the department, not its path): the one organisation of that name. */
  const idOfName = new Map<string, number | 'ambiguous'>();
  for (const n of nodes) {
    const path = orgPath(names(n.id));
    pathOf.set(n.id, path);
    idOf.set(path, idOf.has(path) ? 'ambiguous' : n.id);
    const leaf = orgPath([n.name]);
    idOfName.set(leaf, idOfName.has(leaf) ? 'ambiguous' : n.id);
  }
  return { pathOf: (id: number) => pathOf.get(id) ?? '', idOf, idOfName };
}

/** A path as typed: spaces around the separators, a leading or trailing separator. */
const normalisePath = (path: string) => orgPath(splitOrgPath(path).filter(Boolean));

export function createAccountTransfer(
  db: Kysely<DB>,
  authz: Authz,
  importJobs: ImportJobs,
  /** The guard's permission check (modules/auth): 403 unless the caller's role holds the route. */
  authorize: (principal: Principal, route: RouteDef) => Promise<void>,
  /** The password policy in force (系统参数): the import's initial password meets it. */
  passwordPolicy: () => PasswordPolicy,
) {
  const repo = createAccountsRepository(db);
  const rowSchema = bodyValidator(routes.updateAccount.body as object);

  function columns(
    pathOf: (id: number) => string,
    roleName: Map<number, string>,
  ): Record<AccountSheetColumn, TableColumn<ExportRow>> {
    const column = (
      key: AccountSheetColumn,
      value: (r: ExportRow) => string | null,
      extra: Partial<TableColumn<ExportRow>> = {},
    ): TableColumn<ExportRow> => ({ key, header: t(HEADER_KEY[key]), value, ...extra });
    return {
      accountNumber: column('accountNumber', (r) => r.account_number, { width: 20 }),
      accountName: column('accountName', (r) => accountNameOf(r.account_name, r.builtin), { width: 16 }),
      orgPath: column('orgPath', (r) => pathOf(r.org_id), { width: 36 }),
      roleName: column('roleName', (r) => (r.role_id === null ? null : (roleName.get(r.role_id) ?? null)), {
        width: 16,
      }),
      contactNumber: column('contactNumber', (r) => r.contact_number, { width: 16 }),
      email: column('email', (r) => r.email, { width: 28 }),
      state: column('state', (r) => t(r.state === 1 ? 'sheet.state.enabled' : 'sheet.state.disabled')),
      createTime: {
        key: 'createTime',
        header: t(HEADER_KEY.createTime),
        type: 'date',
        width: 20,
        value: (r) => r.create_time,
      },
    };
  }

  /** Every organisation and role name, read once per call (an export or import names them, never ids). */
  async function names() {
    const [stored, storedRoles] = await Promise.all([repo.orgNodes(), repo.roleNames()]);
    // Seeded names as the request's language answers them (docs/adr/0037); an import also reads them as stored, so
    // a sheet exported in the other language still names its organisations and roles.
    const paths = orgPaths(stored.map((o) => ({ ...o, name: orgNameOf(o.name, o.pid) })));
    const asStored = orgPaths(stored);
    const alsoAsStored = <K, V>(to: Map<K, V>, from: ReadonlyMap<K, V>) => {
      for (const [key, id] of from) if (!to.has(key)) to.set(key, id);
    };
    alsoAsStored(paths.idOf, asStored.idOf);
    alsoAsStored(paths.idOfName, asStored.idOfName);
    const roles = storedRoles.map((r) => ({ ...r, name: roleNameOf(r.name, r.builtin) }));
    return { paths, roles, storedRoles };
  }

  return {
    /** The export: the list's filters and sort over every page, within the caller's scope, streamed. */
    async exportFile(query: QueryOf<Routes['exportAccounts']>, principal: Principal): Promise<TableFile<ExportRow>> {
      const { paths, roles } = await names();
      const all = columns(paths.pathOf, new Map(roles.map((r) => [r.id, r.name])));
      const cols = selectColumns(
        ACCOUNT_SHEET_COLUMNS.map((k) => all[k]),
        query.columns,
      );
      const filter = { ...accountFilterOf(query), within: await authz.accountsWithin(principal) };
      const sort: AccountSort | undefined = query.sort
        ? { field: query.sort, order: query.order ?? (query.sort === 'createTime' ? 'desc' : 'asc') }
        : undefined;
      async function* rows() {
        for await (const batch of repo.exportBatches(filter, sort, EXPORT_BATCH)) yield* batch;
      }
      return {
        format: query.format ?? 'xlsx',
        fileName: `${t('sheet.account.fileName')}-${dayStamp()}`,
        fallbackName: `accounts-${dayStamp()}`,
        sheetName: t('sheet.account.fileName'),
        columns: cols,
        rows: rows(),
      };
    },

    /**
     * The template: the sheet's columns (创建时间 left out: an import ignores it), one example row, and drop-downs
     * of the organisations the caller may write to, the roles it may hand out and the two states.
     */
    async template(principal: Principal): Promise<TableFile<ExportRow>> {
      const { paths, roles } = await names();
      const grantable = await grantableRoles(principal, roles);
      const visible = await authz.orgsVisible(principal);
      const orgIds = [...paths.idOf.values()].filter(
        (id): id is number => id !== 'ambiguous' && (!visible || visible.inScope.has(id)),
      );
      const all = columns(paths.pathOf, new Map(roles.map((r) => [r.id, r.name])));
      const choices: Partial<Record<AccountSheetColumn, string[]>> = {
        orgPath: orgIds.map(paths.pathOf).sort(),
        roleName: grantable.map((r) => r.name),
        state: [t('sheet.state.enabled'), t('sheet.state.disabled')],
      };
      // An example that says it is one and grants nothing: left in the file, it makes a disabled account without a
      // role (never one holding the first grantable role, which for the super-admin is 超级管理员).
      const example: ExportRow = {
        id: 0,
        account_number: 'example.zhangsan',
        account_name: '张三（示例）',
        builtin: 0,
        org_id: orgIds[0] ?? 0,
        role_id: null,
        contact_number: '13800138000',
        email: 'zhangsan@example.com',
        state: 0,
        create_time: '',
        org_name: '',
      };
      return {
        format: 'xlsx',
        fileName: t('sheet.account.templateName'),
        fallbackName: 'account-import-template',
        sheetName: t('sheet.account.fileName'),
        columns: ACCOUNT_SHEET_COLUMNS.filter((k) => k !== 'createTime').map((k) => ({
          ...all[k],
          choices: choices[k],
        })),
        rows: orgIds.length > 0 ? [example] : [],
        choiceRows: IMPORT_MAX_ROWS,
      };
    },

    /**
     * Reads and checks an uploaded sheet slice by slice (the file's rows are never all held); stores the outcome as a
     * preview. Writes no account. `file` is read once the process's preview slot is free (imports.service.ts).
     */
    async preview(file: TableSource | (() => Promise<TableSource>), principal: Principal) {
      // An import creates accounts: only an account that may create them one by one may import them.
      await authorize(principal, routes.createAccount);
      const limits = { ...DEFAULT_TABLE_LIMITS, maxRows: IMPORT_MAX_ROWS };
      return importJobs.preview<CheckedRow>('account', principal, file, limits, async (table, out) => {
        const at = mapHeader(table.header, IMPORT_COLUMNS);
        const cell = (cells: string[], key: AccountSheetColumn) => {
          const index = at.get(key);
          return index === undefined ? '' : (cells[index] ?? '');
        };
        const { paths, roles, storedRoles } = await names();
        const roleByName = new Map([...storedRoles, ...roles].map((r) => [r.name, r]));
        const placement = placementJudge(principal);
        const manageable = await authz.rowTest(principal);
        const disabledOrgs = await repo.disabledOrgIds();
        // The file's keys so far, for its duplicates: the one thing the preview holds per row.
        const rowsByNumber = new FileKeys();
        const mobiles = new FileKeys();
        const emails = new FileKeys();
        let total = 0;
        let existingCount = 0;

        for await (const slice of table.slices) {
          total += slice.length;
          const numbers = [...new Set(slice.map((r) => cell(r.cells, 'accountNumber')).filter(Boolean))];
          const existing = new Map<string, Awaited<ReturnType<typeof repo.findByNumbers>>[number]>();
          for (let i = 0; i < numbers.length; i += LOOKUP_BATCH) {
            for (const a of await repo.findByNumbers(numbers.slice(i, i + LOOKUP_BATCH))) {
              existing.set(a.account_number, a);
            }
          }
          const pending: {
            row: number;
            cells: string[];
            checked: CheckedRow;
            errors: { field: string; message: string }[];
          }[] = [];

          for (const { row, cells } of slice) {
            const errors: { field: string; message: string }[] = [];
            const fail = (field: string, message: string) => {
              if (!errors.some((e) => e.field === field)) errors.push({ field, message });
            };
            const accountNumber = cell(cells, 'accountNumber');
            const accountName = cell(cells, 'accountName');
            const orgPath = normalisePath(cell(cells, 'orgPath'));
            const roleText = cell(cells, 'roleName');
            const contactNumber = cell(cells, 'contactNumber') || null;
            const email = cell(cells, 'email') || null;
            const stateText = cell(cells, 'state');

            let state: 0 | 1 = 1;
            if (stateText) {
              const word = stateFromWord(stateText);
              if (word === undefined) fail('state', t('import.state'));
              else state = word;
            }

            let orgId = 0;
            if (!orgPath) fail('orgPath', t('validation.required', { field: t('sheet.account.orgPath') }));
            else {
              // A whole path, or the organisation's name alone when one organisation has it.
              const byPath = paths.idOf.get(orgPath);
              const found =
                byPath === undefined && splitOrgPath(orgPath).length === 1 ? paths.idOfName.get(orgPath) : byPath;
              if (found === undefined) fail('orgPath', t('import.orgPath', { path: orgPath }));
              else if (found === 'ambiguous') {
                fail(
                  'orgPath',
                  byPath === undefined
                    ? t('import.orgNameAmbiguous', { name: orgPath })
                    : t('import.orgPathAmbiguous', { path: orgPath }),
                );
              } else orgId = found;
            }
            let roleId: number | null = null;
            if (roleText) {
              const role = roleByName.get(roleText);
              if (!role) fail('roleName', t('import.role', { name: roleText }));
              else roleId = role.id;
            }
            // The single-row API's body schema: lengths, required fields, plain text.
            const schemaError = rowSchema({
              id: 1,
              accountNumber,
              accountName,
              state,
              orgId: orgId || 1,
              roleId,
              contactNumber,
              email,
            });
            if (schemaError) fail(schemaError.field, schemaError.message);
            if (email && !EMAIL.test(email)) fail('email', t('account.email'));
            if (contactNumber && !PHONE.test(contactNumber)) fail('contactNumber', t('account.contactNumber'));

            if (accountNumber) {
              const first = rowsByNumber.firstRow(accountNumber, row);
              if (first !== undefined) fail('accountNumber', t('import.duplicateInFile', { row: first }));
            }
            if (contactNumber && PHONE.test(contactNumber)) {
              const mobile = normaliseMobile(contactNumber);
              const first = mobiles.firstRow(mobile, row);
              if (first !== undefined) fail('contactNumber', t('import.duplicateInFile', { row: first }));
            }
            if (email) {
              const first = emails.firstRow(email.toLowerCase(), row);
              if (first !== undefined) fail('email', t('import.duplicateInFile', { row: first }));
            }

            const current = existing.get(accountNumber);
            if (current) {
              // Updated by upsert: only an account the caller may edit, and the built-in admin keeps its role.
              if (!manageable(current)) fail('accountNumber', t('import.notManageable', { accountNumber }));
              else if (current.builtin === 1) fail('accountNumber', t('import.builtin', { accountNumber }));
            }
            // A disabled organisation keeps its accounts but takes no new ones (POST /account and PUT /account too).
            if (orgId && disabledOrgs.has(orgId) && current?.org_id !== orgId) {
              fail('orgPath', t('account.orgDisabled', { name: orgPath }));
            }
            if (orgId && errors.length === 0) {
              const refusal = await placement(orgId, roleId, roles);
              if (refusal) fail(refusal.field, refusal.message);
            }
            pending.push({
              row,
              cells,
              checked: {
                accountNumber,
                accountName,
                orgId,
                roleId,
                contactNumber,
                email,
                state,
                ...(current ? { id: current.id } : {}),
              },
              errors,
            });
          }

          // A mobile or e-mail a *proven* holder keeps is refused, as the single create refuses it.
          const sliceMobiles = new Set<string>();
          const sliceEmails = new Set<string>();
          for (const { checked } of pending) {
            if (checked.contactNumber && PHONE.test(checked.contactNumber)) {
              sliceMobiles.add(normaliseMobile(checked.contactNumber));
            }
            if (checked.email) sliceEmails.add(checked.email.toLowerCase());
          }
          const held = await repo.provenContactsHeld([...sliceMobiles], [...sliceEmails]);
          for (const p of pending) {
            const { contactNumber, email, accountNumber } = p.checked;
            const mobileHolder =
              contactNumber && PHONE.test(contactNumber) ? held.mobiles.get(normaliseMobile(contactNumber)) : undefined;
            if (mobileHolder && mobileHolder !== accountNumber)
              p.errors.push({ field: 'contactNumber', message: t('account.mobileTaken') });
            const emailHolder = email ? held.emails.get(email.toLowerCase()) : undefined;
            if (emailHolder && emailHolder !== accountNumber)
              p.errors.push({ field: 'email', message: t('account.emailTaken') });
            if (p.errors.length > 0) out.reject(p.row, p.cells, p.errors);
            else {
              out.valid(p.checked);
              if (p.checked.id !== undefined) existingCount += 1;
            }
          }
          await out.flush();
        }
        return { total, existing: existingCount, columns: [...at.keys()] };
      });
    },

    /**
     * Applies a preview's valid rows in one transaction, rechecked against the database as it is now: insert skips
     * account numbers that exist, upsert updates them (never their password). New accounts share one hash of
     * `initialPassword` and must change it at their first sign-in.
     */
    async commit(
      input: { previewId: string; mode: ImportMode; initialPassword: string },
      principal: Principal,
    ): Promise<ImportResultCounts> {
      await authorize(principal, routes.createAccount);
      if (input.mode === 'upsert') await authorize(principal, routes.updateAccount);
      assertAcceptablePassword(input.initialPassword, passwordPolicy());
      const passwordHash = await hashPassword(input.initialPassword);
      return importJobs.commit<CheckedRow>(
        'account',
        input.previewId,
        principal,
        input.mode,
        async (rows, mode, report, present) => {
          const roles = await repo.roleNames();
          const placement = placementJudge(principal);
          const manageable = await authz.rowTest(principal);
          // Judged before the transaction: authz reads through the shared connection, which the transaction holds
          // on SQLite (a check inside it would wait for itself). Each organisation and role is judged once.
          const refusals = new Map<string, { field: string; message: string } | null>();
          for (const row of rows) {
            const key = `${row.orgId}:${row.roleId}`;
            if (!refusals.has(key)) refusals.set(key, await placement(row.orgId, row.roleId, roles));
          }
          return db.transaction().execute(async (trx) => {
            const r = createAccountsRepository(trx);
            const orgs = new Set((await r.orgNodes()).map((o) => o.id));
            const disabledOrgs = await r.disabledOrgIds();
            const roleIds = new Set(roles.map((x) => x.id));
            const now = new Date().toISOString();
            const result = { inserted: 0, updated: 0, skipped: 0 };
            let done = 0;
            for (let i = 0; i < rows.length; i += INSERT_BATCH) {
              const batch = rows.slice(i, i + INSERT_BATCH);
              const found = new Map(
                (await r.findByNumbers(batch.map((b) => b.accountNumber))).map((a) => [a.account_number, a]),
              );
              const inserts: NewAccount[] = [];
              for (const row of batch) {
                if (!orgs.has(row.orgId)) throw badRequest(t('import.changed', { accountNumber: row.accountNumber }));
                if (row.roleId !== null && !roleIds.has(row.roleId)) {
                  throw badRequest(t('import.changed', { accountNumber: row.accountNumber }));
                }
                const refusal = refusals.get(`${row.orgId}:${row.roleId}`);
                if (refusal) throw new AppError(403, refusal.message);
                const current = found.get(row.accountNumber);
                // Disabled since the preview: rechecked as the database is now (a row insert skips is not placed).
                const placed = !current || mode !== 'insert';
                if (placed && disabledOrgs.has(row.orgId) && current?.org_id !== row.orgId) {
                  throw badRequest(t('import.changed', { accountNumber: row.accountNumber }));
                }
                if (current) {
                  if (mode === 'insert') {
                    result.skipped += 1;
                    continue;
                  }
                  if (!manageable(current) || current.builtin === 1) {
                    throw new AppError(403, t('import.notManageable', { accountNumber: row.accountNumber }));
                  }
                  // Only the columns the file had: one left out keeps what the account holds.
                  const has = (column: AccountSheetColumn) => present.includes(column);
                  // One's own contacts change only with sudo mode and a code to the new one (the personal page):
                  // never from a sheet.
                  if (
                    current.id === principal.accountId &&
                    ((has('contactNumber') && !sameMobile(row.contactNumber, current.contact_number)) ||
                      (has('email') && (row.email?.toLowerCase() ?? null) !== (current.email?.toLowerCase() ?? null)))
                  ) {
                    throw badRequest(t('import.ownContact', { accountNumber: row.accountNumber }));
                  }
                  await r.update(current.id, {
                    account_name: row.accountName,
                    org_id: row.orgId,
                    ...(has('roleName') ? { role_id: row.roleId } : {}),
                    ...(has('contactNumber') ? { contact_number: row.contactNumber } : {}),
                    ...(has('email') ? { email: row.email } : {}),
                    ...(has('state') ? { state: row.state } : {}),
                    ...(has('contactNumber') && row.contactNumber !== current.contact_number
                      ? { contact_verified: 0 }
                      : {}),
                    ...(has('email') && row.email !== current.email ? { email_verified: 0 } : {}),
                    update_time: now,
                  });
                  result.updated += 1;
                  continue;
                }
                inserts.push({
                  account_number: row.accountNumber,
                  account_name: row.accountName,
                  avatar: null,
                  contact_number: row.contactNumber,
                  email: row.email,
                  state: row.state,
                  org_id: row.orgId,
                  role_id: row.roleId,
                  password_hash: passwordHash,
                  builtin: 0,
                  must_change_password: 1,
                  create_time: now,
                  update_time: now,
                });
              }
              await r.insertMany(inserts);
              result.inserted += inserts.length;
              done += batch.length;
              report(done);
            }
            return result;
          });
        },
      );
    },
  };

  /** The roles the caller may hand out: those `authz` lets it assign (the super-admin role to the super-admin only). */
  async function grantableRoles(principal: Principal, roles: readonly { id: number; name: string; builtin: number }[]) {
    const out = [];
    for (const role of roles) {
      if (role.builtin === 1 && !principal.superAdmin) continue;
      try {
        await authz.check(
          principal,
          { ...routes.createAccount, sudo: false },
          { query: {}, body: { roleId: role.id } },
        );
        out.push(role);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
      }
    }
    return out;
  }

  /**
   * Whether the caller may put an account in `orgId` with `roleId`: POST /account's own checks of each (`authz.check`
   * on its 'org' and 'assignRole' subjects: data scope and dominance), and the super-admin role only from the
   * super-admin. Each organisation and role is judged once.
   */
  function placementJudge(principal: Principal) {
    const judged = new Map<string, { field: string; message: string } | null>();
    const judge = async (key: string, field: string, body: Record<string, unknown>) => {
      const known = judged.get(key);
      if (known !== undefined) return known;
      let refusal: { field: string; message: string } | null = null;
      try {
        await authz.check(principal, { ...routes.createAccount, sudo: false, security: [] }, { query: {}, body });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        refusal = { field, message: error.message };
      }
      judged.set(key, refusal);
      return refusal;
    };
    return async (orgId: number, roleId: number | null, roles: readonly { id: number; builtin: number }[]) => {
      const org = await judge(`org:${orgId}`, 'orgPath', { orgId });
      if (org) return org;
      if (roleId === null) return null;
      if (roles.find((r) => r.id === roleId)?.builtin === 1 && !principal.superAdmin) {
        return { field: 'roleName', message: t('auth.forbidden', { title: '超级管理员角色' }) };
      }
      return judge(`role:${roleId}`, 'roleName', { roleId });
    };
  }
}

/** A row of the export (and the template's example). */
export interface ExportRow {
  id: number;
  account_number: string;
  account_name: string;
  /** 1 for `admin`, whose seeded name is answered in the request's language. */
  builtin: number;
  contact_number: string | null;
  email: string | null;
  state: number;
  org_id: number;
  role_id: number | null;
  create_time: string;
  org_name: string;
}

export type AccountTransfer = ReturnType<typeof createAccountTransfer>;
