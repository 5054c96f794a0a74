import {
  IMPORT_MAX_ROWS,
  type ImportMode,
  ORG_SORT_MAX,
  type OrgSheetKey,
  orgEntity,
  type RouteDef,
  routes,
  sheetColumns,
} from '@gatehouse/contract';
import type { Kysely } from 'kysely';
import { uniqueViolationOf } from '../../platform/db/db-errors.js';
import type { DB } from '../../platform/db/schema.js';
import { headerOf, importColumns, tableColumn } from '../../platform/entity-sheets.js';
import { AppError, badRequest } from '../../platform/errors.js';
import type { Principal } from '../../platform/http.js';
import { t } from '../../platform/i18n.js';
import type { TableColumn, TableFile } from '../../platform/spreadsheet.js';
import {
  DEFAULT_TABLE_LIMITS,
  type ImportColumn,
  mapHeader,
  type TableSource,
} from '../../platform/spreadsheet-read.js';
import { bodyValidator } from '../../platform/validation.js';
import type { Authz } from '../authz/index.js';
import type { ImportJobs, ImportResultCounts } from '../imports/index.js';
import { seededText, storedNameOf } from '../setup/seeded-names.js';
import { orgPath, splitOrgPath } from './org-path.js';
import { createOrgsRepository, type OrgsRepository } from './orgs.repository.js';

/**
 * Organisations in from a spreadsheet: the sheet of GET /org/export read back, so an export imports
 * unchanged. Each row names an organisation by its path (组织路径); its parent is the path without its last name and
 * exists or is an earlier row (a new subtree comes top-down). Each row is checked by the rules of POST /org and PUT
 * /org (the body schema, unique codes, the region) and the data-scope checks of `authz.check` on their subjects;
 * nothing is written until the commit, which applies parents before children in one transaction.
 */

const SHAPE_BATCH = 5_000;
const REPORT_EVERY = 500;

type OrgColumn = OrgSheetKey;

/** The sheet's columns, from the organisation's descriptor. */
const SHEET = sheetColumns(orgEntity);
const sheetColumn = (key: OrgColumn) => SHEET.find((column) => column.key === key) as (typeof SHEET)[number];

// 状态 and 创建时间 are read but not applied (the descriptor marks them read-only).
const IMPORT_COLUMNS: readonly ImportColumn<OrgColumn>[] = importColumns(SHEET, ['path']);

/** The single-row API's body fields as the sheet's columns (the name comes from the path). */
const FIELD_COLUMN: Record<string, OrgColumn> = { name: 'path', pid: 'path', regionId: 'regionName' };

/** An imported organisation as checked: what the commit writes. */
interface CheckedOrg {
  path: string;
  name: string;
  /** The parent's path; null at the top. */
  parentPath: string | null;
  depth: number;
  fullName: string | null;
  orgCode: string | null;
  regionId: number | null;
  /** 显示排序; null when the cell is empty (0 for a new organisation, kept for an existing one). */
  sort: number | null;
  leader: string | null;
  phone: string | null;
  /** Set when the path exists. */
  id?: number;
}

/** What the transfer needs of the regions (modules/regions). */
export interface RegionLookup {
  nameOf: (id: number) => string | null;
  idOfName: (text: string) => number | null;
  allNames: () => string[];
}

/** Each organisation's path and the organisation at each path (one shared by two is marked ambiguous). */
async function readPaths(r: OrgsRepository) {
  const nodes: { id: number; pid: number | null; name: string }[] = [];
  for (let after = 0; ; ) {
    const batch = await r.shapeAfter(after, SHAPE_BATCH);
    nodes.push(...batch);
    if (batch.length < SHAPE_BATCH) break;
    after = batch[batch.length - 1]?.id ?? after;
  }
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const pathOf = new Map<number, string>();
  const path = (id: number): string => {
    const known = pathOf.get(id);
    if (known !== undefined) return known;
    // Up to the first ancestor already named (iteratively: a deep tree must not exhaust the stack).
    const trail: { id: number; name: string }[] = [];
    let base = '';
    for (let at = byId.get(id); at; at = at.pid === null ? undefined : byId.get(at.pid)) {
      const named = pathOf.get(at.id);
      if (named !== undefined) {
        base = named;
        break;
      }
      trail.push(at);
      if (trail.length > nodes.length) break; // a cycle in corrupt data ends here
    }
    for (let i = trail.length - 1; i >= 0; i -= 1) {
      const step = trail[i] as { id: number; name: string };
      const own = orgPath([step.name]);
      base = base === '' ? own : `${base}/${own}`;
      pathOf.set(step.id, base);
    }
    return pathOf.get(id) ?? base;
  };
  const idOf = new Map<string, number | 'ambiguous'>();
  for (const n of nodes) {
    const p = path(n.id);
    idOf.set(p, idOf.has(p) ? 'ambiguous' : n.id);
  }
  return { idOf, pathOf: (id: number) => path(id), pidOf: (id: number) => byId.get(id)?.pid ?? null };
}

export function createOrgTransfer(
  db: Kysely<DB>,
  authz: Authz,
  importJobs: ImportJobs,
  regions: RegionLookup,
  /** The guard's permission check (modules/auth): 403 unless the caller's role holds the route. */
  authorize: (principal: Principal, route: RouteDef) => Promise<void>,
) {
  const repo = createOrgsRepository(db);
  const rowSchema = bodyValidator(routes.updateOrg.body as object);

  /** POST /org's or PUT /org's own checks of their subjects (data scope, 本组织, the top level): the refusal or null. */
  async function refusal(principal: Principal, route: 'createOrg' | 'updateOrg', body: Record<string, unknown>) {
    try {
      await authz.check(principal, { ...routes[route], sudo: false }, { query: {}, body });
      return null;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return error.message;
    }
  }

  /** Whether the caller may create under `pid` (null: the top), each parent judged once. */
  function placementJudge(principal: Principal) {
    const judged = new Map<number | null, string | null>();
    return async (pid: number | null) => {
      const known = judged.get(pid);
      if (known !== undefined) return known;
      const message = await refusal(principal, 'createOrg', { pid });
      judged.set(pid, message);
      return message;
    };
  }

  /** Whether the caller may edit the existing organisation `id` where it stands (PUT /org, its parent unchanged). */
  const mayEdit = async (principal: Principal, id: number, pid: number | null) =>
    (await refusal(principal, 'updateOrg', { id, pid })) === null;

  return {
    /** The template: the sheet's writable columns, an example row, a drop-down of the regions. */
    async template(principal: Principal): Promise<TableFile<Record<string, string | null>>> {
      const visible = await authz.orgsVisible(principal);
      const { idOf } = await readPaths(repo);
      const writable = [...idOf.entries()].find(
        ([, id]) => id !== 'ambiguous' && (!visible || visible.inScope.has(id)),
      );
      const column = (key: OrgColumn, choices?: string[]): TableColumn<Record<string, string | null>> =>
        tableColumn<OrgColumn, Record<string, string | null>>(sheetColumn(key), choices ? { choices } : {});
      const example = writable
        ? {
            path: `${writable[0]}/${orgPath([t('orgImport.exampleName')])}`,
            fullName: null,
            orgCode: null,
            regionName: null,
            sort: null,
            leader: null,
            phone: null,
          }
        : undefined;
      return {
        format: 'xlsx',
        fileName: t('orgImport.templateName'),
        fallbackName: 'organization-import-template',
        sheetName: t('orgExport.fileName'),
        columns: SHEET.filter((spec) => spec.template).map((spec) =>
          column(spec.key, spec.key === 'regionName' ? regions.allNames() : undefined),
        ),
        rows: example ? [example] : [],
        choiceRows: IMPORT_MAX_ROWS,
      };
    },

    /**
     * Reads and checks an uploaded sheet slice by slice (the file's rows are never all held); stores the outcome as a
     * preview. Writes no organisation. `file` is read once the process's preview slot is free (imports.service.ts).
     */
    async preview(file: TableSource | (() => Promise<TableSource>), principal: Principal) {
      // An import creates organisations: only an account that may create them one by one may import them.
      await authorize(principal, routes.createOrg);
      const limits = { ...DEFAULT_TABLE_LIMITS, maxRows: IMPORT_MAX_ROWS };
      return importJobs.preview<CheckedOrg>('org', principal, file, limits, async (table, out) => {
        const at = mapHeader(table.header, IMPORT_COLUMNS);
        const cell = (cells: string[], key: OrgColumn) => {
          const index = at.get(key);
          return index === undefined ? '' : (cells[index] ?? '');
        };
        const paths = await readPaths(repo);
        const codeOwner = new Map((await repo.codes()).map((c) => [c.org_code, c.id]));
        const placement = placementJudge(principal);
        const disabled = await repo.disabled();

        /** Each path of the file: the row it is on and whether that row passed. */
        const inFile = new Map<string, { row: number; ok: boolean }>();
        const codesInFile = new Map<string, number>();
        let existing = 0;
        let total = 0;
        for await (const slice of table.slices) {
          total += slice.length;
          for (const { row, cells } of slice) {
            const errors: { field: string; message: string }[] = [];
            const fail = (field: string, message: string) => {
              if (!errors.some((e) => e.field === field)) errors.push({ field, message });
            };
            const pathText = cell(cells, 'path');
            // The seeded root named in either language (an English export names it Head office) is the stored one.
            const names = splitOrgPath(pathText).map((segment, depth) =>
              depth === 0 ? storedNameOf('rootOrg', segment, seededText('rootOrg'), true) : segment,
            );
            const path = orgPath(names);
            const name = names[names.length - 1] ?? '';
            const parentPath = names.length > 1 ? orgPath(names.slice(0, -1)) : null;
            if (!pathText) fail('path', t('validation.required', { field: headerOf(sheetColumn('path')) }));
            else if (names.some((n) => n === '')) fail('path', t('orgImport.emptySegment', { path: pathText }));
            const atRoot = (text: string) =>
              names.length === 1 && text ? storedNameOf('rootOrg', text, seededText('rootOrg'), true) : text;
            const nameText = atRoot(cell(cells, 'name'));
            if (nameText && name && nameText !== name) fail('name', t('orgImport.nameMismatch', { name }));
            const fullName = atRoot(cell(cells, 'fullName')) || null;
            const orgCode = cell(cells, 'orgCode') || null;
            const regionText = cell(cells, 'regionName');
            let regionId: number | null = null;
            if (regionText) {
              regionId = regions.idOfName(regionText);
              if (regionId === null) fail('regionName', t('orgImport.region', { name: regionText }));
            }
            const sortText = cell(cells, 'sort');
            let sort: number | null = null;
            if (sortText) {
              if (/^\d{1,4}$/.test(sortText)) sort = Number(sortText);
              else fail('sort', t('orgImport.sort', { max: ORG_SORT_MAX }));
            }
            const leader = cell(cells, 'leader') || null;
            const phone = cell(cells, 'phone') || null;
            // The single-row API's body schema: lengths, the code's and the phone's characters, plain text.
            const schemaError = rowSchema({
              id: 1,
              name: name || 'x',
              fullName,
              pid: null,
              orgCode,
              regionId,
              leader,
              phone,
            });
            if (schemaError) fail(FIELD_COLUMN[schemaError.field] ?? schemaError.field, schemaError.message);

            const found = errors.some((e) => e.field === 'path') ? undefined : paths.idOf.get(path);
            if (found === 'ambiguous') fail('path', t('import.orgPathAmbiguous', { path }));
            const id = typeof found === 'number' ? found : undefined;
            if (!errors.some((e) => e.field === 'path')) {
              const first = inFile.get(path);
              if (first !== undefined) fail('path', t('import.duplicateInFile', { row: first.row }));
            }
            if (orgCode) {
              const first = codesInFile.get(orgCode);
              if (first !== undefined) fail('orgCode', t('import.duplicateInFile', { row: first }));
              else codesInFile.set(orgCode, row);
              const owner = codeOwner.get(orgCode);
              if (owner !== undefined && owner !== id) fail('orgCode', t('org.codeTaken', { code: orgCode }));
            }

            if (!errors.some((e) => e.field === 'path')) {
              if (id !== undefined) {
                // Updated by upsert: only an organisation the caller may edit (PUT /org's 'org' subject).
                if (!(await mayEdit(principal, id, paths.pidOf(id)))) {
                  fail('path', t('orgImport.notManageable', { path }));
                }
              } else if (parentPath === null) {
                const message = await placement(null);
                if (message) fail('path', message);
              } else {
                const parentId = paths.idOf.get(parentPath);
                const earlier = inFile.get(parentPath);
                if (typeof parentId === 'number') {
                  const message = await placement(parentId);
                  if (message) fail('path', message);
                  const disabledName = disabled.get(parentId);
                  if (disabledName !== undefined) fail('path', t('org.parentDisabled', { name: disabledName }));
                } else if (parentId === 'ambiguous') {
                  fail('path', t('import.orgPathAmbiguous', { path: parentPath }));
                } else if (!earlier) {
                  fail('path', t('orgImport.parentMissing', { path: parentPath }));
                } else if (!earlier.ok) {
                  fail('path', t('orgImport.parentRejected', { path: parentPath, row: earlier.row }));
                }
                // A valid new parent row was placed where the caller may create: its children are too.
              }
              if (!inFile.has(path)) inFile.set(path, { row, ok: errors.length === 0 });
            }

            if (errors.length > 0) {
              out.reject(row, cells, errors);
              continue;
            }
            out.valid({
              path,
              name,
              parentPath,
              depth: names.length,
              fullName,
              orgCode,
              regionId,
              sort,
              leader,
              phone,
              ...(id !== undefined ? { id } : {}),
            });
            if (id !== undefined) existing += 1;
          }
          await out.flush();
        }
        return { total, existing, columns: [...at.keys()] };
      });
    },

    /**
     * Applies a preview's valid rows in one transaction, parents before children, rechecked against the tree as it
     * is now: insert skips paths that exist, upsert updates their full name, code and region (the columns the file
     * has).
     */
    async commit(input: { previewId: string; mode: ImportMode }, principal: Principal): Promise<ImportResultCounts> {
      await authorize(principal, routes.createOrg);
      if (input.mode === 'upsert') await authorize(principal, routes.updateOrg);
      return importJobs.commit<CheckedOrg>(
        'org',
        input.previewId,
        principal,
        input.mode,
        async (rows, mode, report, present) => {
          const has = (column: OrgColumn) => present.includes(column);
          const ordered = rows
            .map((row, index) => ({ row, index }))
            .sort((a, b) => a.row.depth - b.row.depth || a.index - b.index)
            .map((x) => x.row);
          // The data scope is judged before the transaction (authz reads outside it), against the tree as it is
          // now; the transaction then refuses to go on where the tree changed in between.
          const placement = placementJudge(principal);
          const before = await readPaths(repo);
          for (const row of ordered) {
            const found = before.idOf.get(row.path);
            if (typeof found === 'number') {
              if (mode === 'upsert' && !(await mayEdit(principal, found, before.pidOf(found)))) {
                throw new AppError(403, t('orgImport.notManageable', { path: row.path }));
              }
              continue;
            }
            // Under a parent this import makes: that parent was placed where the caller may create, so is it.
            const parent = row.parentPath === null ? null : before.idOf.get(row.parentPath);
            if (parent === null || typeof parent === 'number') {
              const message = await placement(parent);
              if (message) throw new AppError(403, message);
            }
          }
          try {
            return await db.transaction().execute(async (trx) => {
              const r = createOrgsRepository(trx);
              const paths = await readPaths(r);
              /** The organisation at `path` now, which must be the one judged above. */
              const at = (path: string) => {
                const id = paths.idOf.get(path);
                if (id !== before.idOf.get(path)) throw badRequest(t('orgImport.changed', { path }));
                if (id === 'ambiguous') throw badRequest(t('import.orgPathAmbiguous', { path }));
                return id;
              };
              const codeOwner = new Map((await r.codes()).map((c) => [c.org_code, c.id]));
              const disabledNow = await r.disabled();
              const created = new Map<string, number>();
              const now = new Date().toISOString();
              const result = { inserted: 0, updated: 0, skipped: 0 };
              let done = 0;
              const assertCode = (code: string | null, id?: number) => {
                if (!code) return;
                const owner = codeOwner.get(code);
                if (owner !== undefined && owner !== id) throw badRequest(t('org.codeTaken', { code }));
              };
              for (const row of ordered) {
                done += 1;
                if (done % REPORT_EVERY === 0) report(done);
                const found = at(row.path);
                if (found !== undefined) {
                  if (mode === 'insert') {
                    result.skipped += 1;
                    continue;
                  }
                  if (has('orgCode')) assertCode(row.orgCode, found);
                  await r.patch(found, {
                    // 全称 defaults to the name, as on POST /org and PUT /org.
                    ...(has('fullName') ? { full_name: row.fullName ?? row.name } : {}),
                    ...(has('orgCode') ? { org_code: row.orgCode } : {}),
                    ...(has('regionName') ? { region_id: row.regionId } : {}),
                    ...(has('sort') && row.sort !== null ? { sort_order: row.sort } : {}),
                    ...(has('leader') ? { leader: row.leader } : {}),
                    ...(has('phone') ? { phone: row.phone } : {}),
                  });
                  if (has('orgCode') && row.orgCode) codeOwner.set(row.orgCode, found);
                  result.updated += 1;
                  continue;
                }
                let pid: number | null = null;
                if (row.parentPath !== null) {
                  const parent = created.get(row.parentPath) ?? at(row.parentPath);
                  if (parent === undefined) throw badRequest(t('orgImport.changed', { path: row.path }));
                  const disabledName = disabledNow.get(parent);
                  if (disabledName !== undefined) throw badRequest(t('org.parentDisabled', { name: disabledName }));
                  pid = parent;
                }
                if (row.regionId !== null && regions.nameOf(row.regionId) === null) {
                  throw badRequest(t('region.notFound'));
                }
                assertCode(row.orgCode);
                const id = await r.insert({
                  pid,
                  name: row.name,
                  full_name: row.fullName ?? row.name,
                  org_code: row.orgCode,
                  region_id: row.regionId,
                  sort_order: row.sort ?? 0,
                  leader: row.leader,
                  phone: row.phone,
                  create_time: now,
                });
                if (row.orgCode) codeOwner.set(row.orgCode, id);
                created.set(row.path, id);
                result.inserted += 1;
              }
              report(done);
              return result;
            });
          } catch (error) {
            // A write racing this import past the checks meets a unique index: a 400 as the single routes answer.
            const index = uniqueViolationOf(error);
            if (index === undefined) throw error;
            throw badRequest(
              index.includes('org_code') ? t('org.codeTaken', { code: '' }) : t('org.nameTaken', { name: '' }),
            );
          }
        },
      );
    },
  };
}

export type OrgTransfer = ReturnType<typeof createOrgTransfer>;
