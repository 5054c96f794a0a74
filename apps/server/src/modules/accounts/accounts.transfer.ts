import {
  type AccountSheetColumn,
  accountEntity,
  type FieldSpec,
  IMPORT_MAX_ROWS,
  type ImportMode,
  normaliseMobile,
  type PasswordPolicy,
  type QueryOf,
  type RouteDef,
  type Routes,
  routes,
  sheetColumns,
} from '@gatehouse/contract';
import type { Kysely } from 'kysely';
import type { AccountUpdate, DB, NewAccount } from '../../platform/db/schema.js';
import { defaultStored, toStored } from '../../platform/entity-rows.js';
import {
  cellInput,
  codecChoices,
  headerOf,
  importColumns,
  repeatedInFile,
  sheetUniqueFields,
  sheetValue,
  tableColumn,
  uniqueClashes,
  uniqueHolders,
  uniqueKeys,
} from '../../platform/entity-sheets.js';
import { AppError, badRequest } from '../../platform/errors.js';
import type { Principal } from '../../platform/http.js';
import { t } from '../../platform/i18n.js';
import { assertAcceptablePassword, hashPassword } from '../../platform/passwords.js';
import {
  type CellValue,
  dayStamp,
  selectColumns,
  type TableColumn,
  type TableFile,
} from '../../platform/spreadsheet.js';
import { DEFAULT_TABLE_LIMITS, mapHeader, type TableSource } from '../../platform/spreadsheet-read.js';
import { bodyValidator } from '../../platform/validation.js';
import type { Authz } from '../authz/index.js';
import { FileKeys, type ImportJobs, type ImportResultCounts } from '../imports/index.js';
import { orgPath, splitOrgPath } from '../orgs/index.js';
import { accountNameOf, orgNameOf, roleNameOf } from '../setup/seeded-names.js';
import { accountFilterOf } from './accounts.filter.js';
import { type AccountSort, createAccountsRepository } from './accounts.repository.js';
import { EMAIL, PHONE, sameMobile } from './accounts.service.js';

/**
 * Accounts in and out of spreadsheets. One sheet layout, the descriptor's (contract `sheetColumns(accountEntity)`,
 * ACCOUNT_SHEET_COLUMNS), serves the export, the template and the import, so an export imports back unchanged:
 * organisations are named by their path (总公司/华东区/上海), roles by name, the state in words. An import checks each
 * row by the rules of the single-row API (the same body schema, the same dominance and data-scope checks of
 * `authz.check` on POST /account), writes nothing until committed, and commits in one transaction.
 *
 * A column is served from its field's descriptor (header, width, kind, codec, input schema, unique) unless a hook
 * here says otherwise, keyed by field: the seeded name of `admin` (accountName, on export), the organisation by its
 * path (orgId), the role by its name (roleId), the import's key and its rules (accountNumber), the contacts'
 * normalisation and proofs (contactNumber, email).
 */

const EXPORT_BATCH = 1_000;
const INSERT_BATCH = 500;
const LOOKUP_BATCH = 500;

/** The sheet's columns in the descriptor's order (ACCOUNT_SHEET_COLUMNS): headers, widths, kinds, earlier headers. */
const SHEET = sheetColumns(accountEntity);
const sheetColumn = (key: AccountSheetColumn) => SHEET.find((column) => column.key === key) as (typeof SHEET)[number];

/** The fields with a sheet column, each under its column's key (a field's sheet may name it otherwise: orgId as orgPath). */
const FIELDS: ReadonlyArray<{ key: string; sheetKey: AccountSheetColumn; spec: FieldSpec }> = Object.entries(
  accountEntity.fields as Readonly<Record<string, FieldSpec>>,
).flatMap(([key, spec]) =>
  spec.sheet ? [{ key, sheetKey: (spec.sheet.key ?? key) as AccountSheetColumn, spec }] : [],
);
const sheetKeyOf = new Map(FIELDS.map((field) => [field.key, field.sheetKey]));

/** The columns an import needs: the account's key, its name and its organisation. */
const IMPORT_COLUMNS = importColumns(SHEET, ['accountNumber', 'accountName', 'orgPath']);

/** The fields the import reads with rules of its own (below); every other writable sheet column is read generically. */
const IMPORT_HOOKS: readonly string[] = [
  'accountNumber',
  'orgId',
  'roleId',
  'contactNumber',
  'email',
] satisfies ReadonlyArray<keyof typeof accountEntity.fields>;

/** The fields an import reads by their descriptor: a cell into the field's value, judged by its input schema. */
const GENERIC = FIELDS.filter(
  ({ key, spec }) => spec.input && spec.column && !spec.sheet?.readOnly && !IMPORT_HOOKS.includes(key),
);

/** Of them, the unique ones: refused when the file repeats a value or another account holds it. */
const UNIQUES = sheetUniqueFields(accountEntity, IMPORT_HOOKS);

/** An imported account as checked: what the commit writes (`id` when the account number exists). */
interface CheckedRow {
  accountNumber: string;
  orgId: number;
  roleId: number | null;
  contactNumber: string | null;
  email: string | null;
  /**
   * The generically read fields whose columns the file has (accountName, state and every field without a hook), by
   * field key, as a write body gives them.
   */
  values: Record<string, unknown>;
  id?: number;
}

/** The generic fields' values as stored columns: every one for a new account (defaults for those left out). */
function storedValues(values: Readonly<Record<string, unknown>>, withDefaults: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const { key, spec } of GENERIC) {
    const column = spec.column as string;
    if (key in values) out[column] = toStored(spec, values[key]);
    else if (withDefaults) out[column] = defaultStored(spec);
  }
  return out;
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

  /**
   * The sheet's columns in order, each written by its field's codec from the stored row (a flag in words, a time as a
   * date cell, a text as stored) unless a hook writes it: `admin`'s seeded name, the organisation's path, the role's
   * name.
   */
  function columns(pathOf: (id: number) => string, roleName: Map<number, string>): TableColumn<ExportRow>[] {
    const hooks: Partial<Record<string, (r: ExportRow) => CellValue>> = {
      accountName: (r) => accountNameOf(r.account_name, r.builtin),
      orgId: (r) => pathOf(r.org_id),
      roleId: (r) => (r.role_id === null ? null : (roleName.get(r.role_id) ?? null)),
    };
    return FIELDS.map(({ key, sheetKey, spec }) =>
      tableColumn<string, ExportRow>(sheetColumn(sheetKey), {
        value: hooks[key] ?? ((r) => sheetValue(spec, spec.column === undefined ? null : r[spec.column])),
      }),
    );
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
      const cols = selectColumns(columns(paths.pathOf, new Map(roles.map((r) => [r.id, r.name]))), query.columns);
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
     * The template: the descriptor's template columns (创建时间 left out: an import ignores it), one example row, and
     * drop-downs of the organisations the caller may write to, the roles it may hand out and a flag's two words.
     */
    async template(principal: Principal): Promise<TableFile<ExportRow>> {
      const { paths, roles } = await names();
      const grantable = await grantableRoles(principal, roles);
      const visible = await authz.orgsVisible(principal);
      const orgIds = [...paths.idOf.values()].filter(
        (id): id is number => id !== 'ambiguous' && (!visible || visible.inScope.has(id)),
      );
      const all = columns(paths.pathOf, new Map(roles.map((r) => [r.id, r.name])));
      const choices: Partial<Record<string, string[]>> = {
        orgId: orgIds.map(paths.pathOf).sort(),
        roleId: grantable.map((r) => r.name),
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
        columns: FIELDS.flatMap(({ key, sheetKey, spec }) => {
          const column = all.find((c) => c.key === sheetKey) as TableColumn<ExportRow>;
          return sheetColumn(sheetKey).template ? [{ ...column, choices: choices[key] ?? codecChoices(spec) }] : [];
        }),
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
        /** The generic unique fields' values, each with its field's key. */
        const uniqueValues = new FileKeys();
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
            const orgPath = normalisePath(cell(cells, 'orgPath'));
            const roleText = cell(cells, 'roleName');
            const contactNumber = cell(cells, 'contactNumber') || null;
            const email = cell(cells, 'email') || null;

            // The generic fields the file has: each cell as its field's value (a flag's word refused here).
            const values: Record<string, unknown> = {};
            for (const { key, sheetKey, spec } of GENERIC) {
              if (!at.has(sheetKey)) continue;
              const read = cellInput(spec, cell(cells, sheetKey));
              if ('refused' in read) fail(sheetKey, read.refused);
              else values[key] = read.value;
            }

            let orgId = 0;
            if (!orgPath) {
              fail('orgPath', t('validation.required', { field: headerOf(sheetColumn('orgPath')) }));
            } else {
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
            // The single-row API's body schema: lengths, patterns, required fields, plain text; a flag the file
            // leaves out (or words wrongly) is judged as enabled, as the commit writes it.
            const generic: Record<string, unknown> = {};
            for (const { key, spec } of GENERIC) {
              if (key in values) generic[key] = values[key];
              else if (spec.codec === 'flag') generic[key] = 1;
            }
            const schemaError = rowSchema({
              id: 1,
              accountNumber,
              ...generic,
              orgId: orgId || 1,
              roleId,
              contactNumber,
              email,
            });
            if (schemaError) {
              const field = schemaError.field;
              fail(sheetKeyOf.get(field) ?? field, schemaError.message);
            }
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
            for (const { field, value, key } of uniqueKeys(UNIQUES, (k) => values[k])) {
              const first = uniqueValues.firstRow(key, row);
              if (first !== undefined) fail(field.sheetKey, repeatedInFile(field, value, first));
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
                orgId,
                roleId,
                contactNumber,
                email,
                values,
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
          // A unique value another account holds (not the one the row updates), read for the slice at once.
          const holders = await uniqueHolders(
            UNIQUES,
            pending,
            (p, key) => p.checked.values[key],
            repo.holdersOf,
            LOOKUP_BATCH,
          );
          for (const p of pending) {
            for (const clash of uniqueClashes(UNIQUES, holders, (key) => p.checked.values[key], p.checked.id)) {
              if (!p.errors.some((e) => e.field === clash.field.sheetKey)) {
                p.errors.push({ field: clash.field.sheetKey, message: clash.message });
              }
            }
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
              // The unique values other accounts hold now (the batch's, read at once): rechecked in the transaction.
              const holders = await uniqueHolders(UNIQUES, batch, (b, key) => b.values[key], r.holdersOf, LOOKUP_BATCH);
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
                if (current && mode === 'insert') {
                  result.skipped += 1;
                  continue;
                }
                const [clash] = uniqueClashes(UNIQUES, holders, (key) => row.values[key], current?.id);
                if (clash) throw badRequest(clash.message);
                if (current) {
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
                    // The generic columns the file has (their values are only those of its columns).
                    ...(storedValues(row.values, false) as AccountUpdate),
                    org_id: row.orgId,
                    ...(has('roleName') ? { role_id: row.roleId } : {}),
                    ...(has('contactNumber') ? { contact_number: row.contactNumber } : {}),
                    ...(has('email') ? { email: row.email } : {}),
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
                  // Every generic column: the file's value, or the field's default.
                  ...(storedValues(row.values, true) as Omit<NewAccount, 'account_number'>),
                  account_number: row.accountNumber,
                  avatar: null,
                  contact_number: row.contactNumber,
                  email: row.email,
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

/** A row of the export (and the template's example): the account's stored columns the sheet reads. */
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
  /** The other stored columns the repository's select list carries: the fields served by their descriptor. */
  readonly [column: string]: unknown;
}

export type AccountTransfer = ReturnType<typeof createAccountTransfer>;
