import { type BodyOf, type OrgSheetKey, orgEntity, type QueryOf, type Routes, sheetColumns } from '@gatehouse/contract';
import type { Kysely } from 'kysely';
import { uniqueViolationOf } from '../../platform/db/db-errors.js';
import type { DB } from '../../platform/db/schema.js';
import { countChildren, isInSubtree } from '../../platform/db/tree.js';
import { tableColumn } from '../../platform/entity-sheets.js';
import { badRequest, fieldError } from '../../platform/errors.js';
import { t } from '../../platform/i18n.js';
import { dayStamp, selectColumns, type TableColumn, type TableFile } from '../../platform/spreadsheet.js';
import { epochMs } from '../../platform/time.js';
import { requiredText } from '../../platform/validation.js';
import { orgNameOf, storedNameOf } from '../setup/seeded-names.js';
import { orgPath } from './org-path.js';
import { createOrgsRepository, type OrgsRepository } from './orgs.repository.js';

/** Rows of the tree's shape read per query, and organisations whose fields are read per query, by the export. */
const SHAPE_BATCH = 5_000;
const EXPORT_BATCH = 500;

/** One row of the organisation export: a value under each of the descriptor's sheet columns. */
export type OrgExportRow = Record<OrgSheetKey, string | number | null>;

/** The export's columns (the descriptor's sheet columns), headers in the request's language. */
const orgExportColumns = (): TableColumn<OrgExportRow>[] =>
  sheetColumns(orgEntity).map((column) => tableColumn<OrgSheetKey, OrgExportRow>(column));

type OrgRowView = Awaited<ReturnType<OrgsRepository['children']>>[number];

/**
 * What a caller sees of the tree (modules/authz `orgsVisible`): undefined for everything; else the organisations in
 * its data scope, their ancestors as the path down to them, and the visible ones with a visible child.
 */
export type OrgsVisible =
  | undefined
  | { inScope: ReadonlySet<number>; path: ReadonlySet<number>; parents: ReadonlySet<number> };

/** The rows a caller sees, each marked in scope or not, with a child only when it has a visible one. */
function seen(rows: readonly OrgRowView[], visible: OrgsVisible, pathToo: boolean) {
  if (!visible) return rows.map((row) => ({ row, inScope: true, hasChildren: Boolean(row.has_children) }));
  return rows.flatMap((row) => {
    const inScope = visible.inScope.has(row.id);
    if (!inScope && !(pathToo && visible.path.has(row.id))) return [];
    return [{ row, inScope, hasChildren: Boolean(row.has_children) && visible.parents.has(row.id) }];
  });
}

/** Names a region by its path ('江苏省 / 苏州市 / 吴中区'); null when it is not (or no longer) in the tree. */
export type RegionNamer = (id: number) => string | null;

/**
 * An organisation's stored fields as a write sets them: undefined keeps the stored value on edit (the default on
 * create). A 全称 may be null (a configuration bundle carries it so); the organisation routes default it to the name.
 */
export interface OrgValues {
  pid: number | null;
  name: string;
  full_name: string | null;
  org_code?: string | null;
  region_id?: number | null;
  sort_order?: number;
  leader?: string | null;
  phone?: string | null;
  state?: number;
}

function toOrg(row: OrgRowView, regionName: RegionNamer, seenAs?: { inScope: boolean; hasChildren: boolean }) {
  return {
    id: row.id,
    pid: row.pid,
    // The seeded root's 总公司 in the request's language (docs/adr/0037).
    name: orgNameOf(row.name, row.pid),
    fullName: orgNameOf(row.full_name, row.pid),
    orgCode: row.org_code,
    createTime: epochMs(row.create_time),
    // SQLite answers EXISTS as 0/1, PostgreSQL as a boolean.
    hasChildren: seenAs ? seenAs.hasChildren : Boolean(row.has_children),
    regionId: row.region_id,
    regionName: row.region_id === null ? null : regionName(row.region_id),
    sort: row.sort_order,
    leader: row.leader,
    phone: row.phone,
    state: row.state === 1,
    inScope: seenAs ? seenAs.inScope : true,
  };
}

export function createOrgsService(db: Kysely<DB>, regionName: RegionNamer) {
  const repo = createOrgsRepository(db);

  /**
   * Each organisation with its ancestors, root first. A caller sees every ancestor of what it sees (the path down to
   * its data scope), so naming them shows nothing new.
   */
  async function withAncestors<T extends { id: number; pid: number | null }>(orgs: T[]) {
    const above = new Map((await repo.above(orgs.map((o) => o.id))).map((row) => [row.id, row]));
    return orgs.map((org) => {
      const ancestors: { id: number; name: string }[] = [];
      for (let pid = org.pid; pid !== null; ) {
        const parent = above.get(pid);
        if (!parent || ancestors.length > above.size) break; // a row deleted meanwhile, or a cycle: stop there
        ancestors.unshift({ id: parent.id, name: orgNameOf(parent.name, parent.pid) });
        pid = parent.pid;
      }
      return { ...org, ancestors };
    });
  }

  function fields(input: BodyOf<Routes['createOrg']>) {
    const name = requiredText(input.name, 'name', '名称');
    // Absent keeps the stored region on edit (older clients send none); null clears it (checked by createIn, updateIn).
    const regionId = input.regionId;
    // Absent keeps the stored code on edit; null or empty removes it.
    const orgCode = input.orgCode === undefined ? undefined : input.orgCode?.trim() || null;
    // Absent keeps the stored value on edit (and is the default on create); null or empty removes a leader or phone.
    const text = (value: string | null | undefined) => (value === undefined ? undefined : value?.trim() || null);
    const state = input.state === undefined ? undefined : input.state === true || input.state === 1 ? 1 : 0;
    return {
      name,
      // 全称 defaults to the name.
      full_name: input.fullName?.trim() || name,
      pid: input.pid ?? null,
      region_id: regionId,
      org_code: orgCode,
      sort_order: input.sort,
      leader: text(input.leader),
      phone: text(input.phone),
      state,
    };
  }

  /**
   * 状态 keeps one rule through every write: an enabled organisation's parent is enabled. So a new or moved
   * organisation goes only under an enabled parent when it is enabled itself, a disabled parent takes no new
   * organisation at all, and disabling one needs every organisation directly below it disabled first (and so, by
   * the rule, its whole subtree).
   */
  async function assertStateRule(
    r: OrgsRepository,
    values: OrgValues,
    before?: { id: number; pid: number | null; state: number },
  ) {
    const enabled = (values.state ?? before?.state ?? 1) === 1;
    const parentChanges = !before || before.pid !== values.pid;
    if (values.pid !== null && (parentChanges || (enabled && before?.state !== 1))) {
      const parent = await r.findById(values.pid);
      if (parent && parent.state !== 1 && (parentChanges || enabled)) {
        throw fieldError(parentChanges ? 'pid' : 'state', t('org.parentDisabled', { name: parent.name }));
      }
    }
    if (before && !enabled && before.state === 1) {
      const count = await r.enabledChildren(before.id);
      if (count > 0) throw fieldError('state', t('org.enabledChildren', { count }));
    }
  }

  /** Sibling names and codes are unique (indexes of migration 0018): checked first for a clear message. */
  async function assertUnique(r: OrgsRepository, values: OrgValues, selfId?: number) {
    if (await r.siblingNamed(values.pid, values.name, selfId)) {
      throw fieldError('name', t('org.nameTaken', { name: values.name }));
    }
    if (values.org_code && (await r.codeTaken(values.org_code, selfId))) {
      throw fieldError('orgCode', t('org.codeTaken', { code: values.org_code }));
    }
  }

  /** A write racing another past the checks meets the unique index: the same 400 as the check, never a 500. */
  async function unique<T>(values: OrgValues, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      const index = uniqueViolationOf(error);
      if (index === undefined) throw error;
      if (values.org_code && index.includes('org_code')) {
        throw fieldError('orgCode', t('org.codeTaken', { code: values.org_code }));
      }
      throw fieldError('name', t('org.nameTaken', { name: values.name }));
    }
  }

  /** A region is one of the region tree's (absent or null: none asked). */
  function assertRegion(values: OrgValues) {
    if (values.region_id != null && regionName(values.region_id) === null) throw badRequest(t('region.notFound'));
  }

  /**
   * Adds an organisation on `trx` under POST /org's rules: its region known, its parent existing, its name unique
   * among its siblings and its code among all, and 状态's rule (nothing new under a disabled parent). Answers its id.
   */
  async function createIn(trx: Kysely<DB>, values: OrgValues): Promise<number> {
    assertRegion(values);
    const r = createOrgsRepository(trx);
    if (values.pid !== null && !(await r.findById(values.pid))) throw badRequest(t('org.parentNotFound'));
    await assertUnique(r, values);
    await assertStateRule(r, values);
    return r.insert({
      ...values,
      region_id: values.region_id ?? null,
      org_code: values.org_code ?? null,
      sort_order: values.sort_order ?? 0,
      leader: values.leader ?? null,
      phone: values.phone ?? null,
      state: values.state ?? 1,
      create_time: new Date().toISOString(),
    });
  }

  /**
   * Edits the organisation `id` on `trx` under PUT /org's rules: as createIn's, and never moved under itself, nor
   * disabled while an organisation directly below it is enabled.
   */
  async function updateIn(trx: Kysely<DB>, id: number, values: OrgValues): Promise<void> {
    assertRegion(values);
    const r = createOrgsRepository(trx);
    const before = await r.findById(id);
    if (!before) throw badRequest(t('org.notFound'));
    if (values.pid !== null) {
      if (!(await r.findById(values.pid))) throw badRequest(t('org.parentNotFound'));
      if (await isInSubtree(trx, 'org', id, values.pid)) throw badRequest(t('org.cycle'));
    }
    await assertUnique(r, values, id);
    await assertStateRule(r, values, before);
    await r.update(id, values);
  }

  /** Deletes the organisation `id` on `trx` under DELETE /org's rules: none below it, no account in it. */
  async function removeIn(trx: Kysely<DB>, id: number): Promise<void> {
    const r = createOrgsRepository(trx);
    if (!(await r.findById(id))) throw badRequest(t('org.notFound'));
    const children = await countChildren(trx, 'org', id);
    if (children > 0) throw badRequest(t('org.hasChildren', { count: children }));
    const accounts = await r.countAccounts(id);
    if (accounts > 0) throw badRequest(t('org.hasAccounts', { count: accounts }));
    await r.delete(id);
  }

  async function view(r: OrgsRepository, id: number) {
    const row = await r.one(id);
    if (!row) throw badRequest(t('org.notFound'));
    return toOrg(row, regionName);
  }

  /**
   * The organisations to export, depth-first in tree order (siblings by 显示排序, then id), each with its path of names: the tree's
   * shape (id, parent, name) read in keyset batches, then only those in the caller's scope kept.
   */
  async function exportOrder(visible: OrgsVisible): Promise<{ id: number; path: string }[]> {
    const children = new Map<number | null, { id: number; pid: number | null; name: string; sort_order: number }[]>();
    const ids = new Set<number>();
    const shape: { id: number; pid: number | null; name: string; sort_order: number }[] = [];
    for (let after = 0; ; ) {
      const batch = await repo.shapeAfter(after, SHAPE_BATCH);
      shape.push(...batch);
      for (const node of batch) ids.add(node.id);
      if (batch.length < SHAPE_BATCH) break;
      after = batch[batch.length - 1]?.id ?? after;
    }
    for (const node of shape) {
      const parent = node.pid !== null && ids.has(node.pid) ? node.pid : null;
      const siblings = children.get(parent);
      if (siblings) siblings.push(node);
      else children.set(parent, [node]);
    }
    // Read by id; each level as the tree shows it.
    for (const siblings of children.values()) siblings.sort((a, b) => a.sort_order - b.sort_order || a.id - b.id);
    const order: { id: number; path: string }[] = [];
    // Iterative depth-first walk (a deep tree must not exhaust the stack).
    const stack: { id: number; names: string[] }[] = (children.get(null) ?? [])
      .map((node) => ({ id: node.id, names: [orgNameOf(node.name, node.pid)] }))
      .reverse();
    const nameOf = new Map(shape.map((node) => [node.id, node.name]));
    while (stack.length > 0) {
      const { id, names } = stack.pop() as { id: number; names: string[] };
      if (!visible || visible.inScope.has(id)) order.push({ id, path: orgPath(names) });
      const below = children.get(id) ?? [];
      for (let i = below.length - 1; i >= 0; i -= 1) {
        const child = below[i] as { id: number };
        stack.push({ id: child.id, names: [...names, nameOf.get(child.id) ?? ''] });
      }
    }
    return order;
  }

  async function* exportRows(order: readonly { id: number; path: string }[]): AsyncGenerator<OrgExportRow> {
    for (let start = 0; start < order.length; start += EXPORT_BATCH) {
      const slice = order.slice(start, start + EXPORT_BATCH);
      const rows = new Map((await repo.exportRows(slice.map((o) => o.id))).map((row) => [row.id, row]));
      for (const { id, path } of slice) {
        const row = rows.get(id);
        // Deleted since the shape was read: left out.
        if (!row) continue;
        yield {
          path,
          name: orgNameOf(row.name, row.pid),
          fullName: orgNameOf(row.full_name, row.pid),
          orgCode: row.org_code,
          regionName: row.region_id === null ? null : regionName(row.region_id),
          sort: row.sort_order,
          leader: row.leader,
          phone: row.phone,
          state: t(row.state === 1 ? 'sheet.state.enabled' : 'sheet.state.disabled'),
          createTime: row.create_time,
        };
      }
    }
  }

  return {
    /**
     * The organisations in the caller's scope as a table (GET /org/export): `columns` checked before anything is
     * read; the rows streamed in batches as the client reads.
     */
    async exportTable(query: QueryOf<Routes['exportOrgs']>, visible: OrgsVisible): Promise<TableFile<OrgExportRow>> {
      const columns = selectColumns(orgExportColumns(), query.columns);
      const order = await exportOrder(visible);
      const name = t('orgExport.fileName');
      const day = dayStamp();
      return {
        format: query.format ?? 'xlsx',
        fileName: `${name}-${day}`,
        fallbackName: `organizations-${day}`,
        sheetName: name,
        columns,
        rows: exportRows(order),
      };
    },

    /** Children of `pid` (roots when null) as the caller sees them. */
    async children(pid: number | null, visible: OrgsVisible) {
      if (pid !== null && visible && !visible.inScope.has(pid) && !visible.path.has(pid)) return [];
      return seen(await repo.children(pid), visible, true).map((s) => toOrg(s.row, regionName, s));
    },

    /**
     * At most 20 organisations whose name or full name contains `text`, by name (the command palette's search),
     * among those in the caller's scope.
     */
    async named(text: string, visible: OrgsVisible) {
      // A scoped caller's matches are taken from a longer list, so the ones out of scope do not crowd them out.
      const rows = await repo.named(text, visible ? 200 : 20);
      return withAncestors(
        seen(rows, visible, false)
          .slice(0, 20)
          .map((s) => toOrg(s.row, regionName, s)),
      );
    },

    /** The one organisation `id` as a list (empty when there is none, or the caller does not see it). */
    async byId(id: number, visible: OrgsVisible) {
      const row = await repo.one(id);
      return withAncestors(row ? seen([row], visible, true).map((s) => toOrg(s.row, regionName, s)) : []);
    },

    async create(input: BodyOf<Routes['createOrg']>) {
      const values = fields(input);
      return unique(values, () =>
        db.transaction().execute(async (trx) => view(createOrgsRepository(trx), await createIn(trx, values))),
      );
    },

    async update(input: BodyOf<Routes['updateOrg']>) {
      const values = fields(input);
      return unique(values, () =>
        db.transaction().execute(async (trx) => {
          const r = createOrgsRepository(trx);
          const before = await r.findById(input.id);
          if (before) {
            // The seeded root's name sent back in another language keeps the stored one.
            const root = before.pid === null;
            values.name = storedNameOf('rootOrg', values.name, before.name, root);
            values.full_name = storedNameOf('rootOrg', values.full_name, before.full_name ?? '', root);
          }
          await updateIn(trx, input.id, values);
          return view(r, input.id);
        }),
      );
    },

    async remove(id: number): Promise<void> {
      await db.transaction().execute((trx) => removeIn(trx, id));
    },

    // The writes on a transaction the caller holds (the configuration bundle's one transaction), under the same rules.
    createIn,
    updateIn,
    removeIn,
  };
}

export type OrgsService = ReturnType<typeof createOrgsService>;
