import { accountEntity, type FieldSpec, routes } from '@gatehouse/contract';
import { CompiledQuery, type Kysely, type KyselyPlugin, type QueryId, type RootOperationNode, sql } from 'kysely';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanes, openTestDatabase, startTestApp, type TestApp, type TestDatabase } from '../../../test/harness.js';
import { csvOf, multipart, uploadPreview } from '../../../test/import-upload.js';
import {
  type AccountFilter,
  type AccountSort,
  createAccountsRepository,
} from '../../modules/accounts/accounts.repository.js';
import { createAuditRepository } from '../../modules/audit/audit.repository.js';
import { createSessionsRepository } from '../../modules/auth/sessions.repository.js';
import { createAuthzRepository } from '../../modules/authz/authz.repository.js';
import { createDictsRepository } from '../../modules/dicts/dicts.repository.js';
import { createOrgsRepository } from '../../modules/orgs/orgs.repository.js';
import { createResourcesRepository } from '../../modules/resources/resources.repository.js';
import { createRolesRepository } from '../../modules/roles/roles.repository.js';
import { createSoftwareAuthenticator } from '../../modules/second-factor/testing/software-authenticator.js';
import { createOnlineRepository } from '../../modules/sessions/online.repository.js';
import { createSignInRepository, FAILED_CHECK_REASONS } from '../../modules/signin/signin.repository.js';
import type { DB } from './schema.js';
import { countChildren, isInSubtree } from './tree.js';

/**
 * Every list and tree query, captured as Kysely compiles it while the repositories run on a seeded database,
 * must be served by an index: `EXPLAIN` (SQLite's query plan, PostgreSQL's plan after ANALYZE with its real
 * statistics) may not read one of the big tables from end to end.
 */
const ACCOUNTS = 100_000;
const ORGS = 10_000;
const DICTS = 200;
const ITEMS = 20;
const BIG_TABLES = [
  'account',
  'org',
  'session',
  'dict_item',
  'role_resource',
  'audit_log',
  'signin_log',
  'account_post',
];
/** Live sessions (the online list) and audit entries seeded beside the ended sessions and the sign-in log. */
const LIVE_SESSIONS = 20_000;
const AUDIT_ENTRIES = 20_000;

interface Captured {
  node: RootOperationNode;
  queryId: QueryId;
}

/** Records each query a repository runs while `on` (from the start unless told); nothing is changed. */
function recorder(on = true): KyselyPlugin & { taken: Captured[]; on: boolean } {
  const taken: Captured[] = [];
  return {
    taken,
    on,
    transformQuery({ node, queryId }) {
      if (this.on) taken.push({ node, queryId });
      return node;
    },
    async transformResult({ result }) {
      return result;
    },
  };
}

/** Small tables (a few hundred rows at most; system_param one per declared parameter), CTEs and constants: reading them whole is fine. */
const SMALL = new Set([
  'sub',
  'up',
  'role',
  'resource',
  'dict',
  'setting',
  'row_count',
  'system_param',
  // 岗位: a few dozen posts (an account's posts join them by id).
  'post',
  'CONSTANT',
]);

/**
 * Lines of a plan that read a big table whole: SQLite `SCAN t` without an index (aliases included), PostgreSQL
 * `Seq Scan on t`. An unfiltered page walks the account primary key in order and stops at its limit: allowed.
 */
function fullScans(dialect: 'sqlite' | 'postgres', plan: string[], text: string, allowed: string[] = []): string[] {
  // Walking the primary key in order for one page (the unfiltered list, or a filter the walk serves): it reads
  // offset + limit rows, not the table.
  const orderedWalk = /"account"(?: where 1 = 1)? order by "account"\."id" (asc|desc) limit/.test(text);
  return plan.filter((line) => {
    if (dialect === 'postgres') {
      const table = /Seq Scan on (\w+)/.exec(line)?.[1];
      return table !== undefined && BIG_TABLES.includes(table) && !allowed.includes(table);
    }
    const match = /^SCAN (\w+)( USING .*)?$/.exec(line.trim());
    if (!match || match[2] || SMALL.has(match[1]!) || allowed.includes(match[1]!)) return false;
    return !(orderedWalk && match[1] === 'account');
  });
}

describe.each(lanes)('query plans on %s', (lane) => {
  let t: TestApp;
  let database: TestDatabase;
  let db: Kysely<DB>;
  let dialect: 'sqlite' | 'postgres';
  let token: string;
  /** Every query the app runs while `on` (the write paths below): the app runs on the database through it. */
  const served = recorder(false);

  beforeAll(async () => {
    database = await openTestDatabase(lane);
    t = await startTestApp(lane, {}, { ...database, db: database.db.withPlugin(served) });
    db = database.db;
    dialect = database.dialect;
    token = await t.login();
    const now = '2026-01-01T00:00:00.000Z';
    // Org n (2 … ORGS + 1) hangs under org (n - 2) / 3 + 1, the root being 1: a tree about 9 levels deep.
    await sql`with recursive g(n) as (select 2 union all select n + 1 from g where n < ${sql.lit(ORGS + 1)})
      insert into org (id, pid, name, full_name, create_time)
      select n, (n - 2) / 3 + 1, 'org' || n, null, ${now} from g`.execute(db);
    // The organisations above were given their ids: the next one the API creates takes the one after them.
    if (dialect === 'postgres') {
      await sql`select setval(pg_get_serial_sequence('org', 'id'), (select max(id) from org))`.execute(db);
    }
    // In slices: on a busy machine one statement writing every account (and its search index) could outlast the
    // pool's statement timeout. One account in ten has a mobile and an e-mail (numbers ending in 7), one in twenty
    // proved them (…07, …27, …47, …67, …87); the others have none (a full-width row for every account would change
    // how PostgreSQL reads the list's counts).
    const slice = ACCOUNTS / 4;
    for (let from = 1; from <= ACCOUNTS; from += slice) {
      await sql`with recursive g(n) as (select ${sql.lit(from)} union all select n + 1 from g
          where n < ${sql.lit(from + slice - 1)})
        insert into account (account_number, account_name, password_hash, state, org_id, role_id, builtin,
          create_time, update_time, contact_number, contact_verified, email, email_verified)
        select 'u' || n, 'name' || n, 'x', 1, 2 + n % ${sql.lit(ORGS)}, null, 0, ${now}, ${now},
          case when n % 10 = 7 then '139' || (10000000 + n) end, case when n % 20 = 7 then 1 else 0 end,
          case when n % 10 = 7 then 'U' || n || '@Example.com' end, case when n % 20 = 7 then 1 else 0 end
        from g`.execute(db);
    }
    await sql`with recursive g(n) as (select 1 union all select n + 1 from g where n < ${sql.lit(DICTS)})
      insert into dict (dict_name, dict_code, remark, create_time) select 'dict' || n, 'd' || n, null, ${now} from g`.execute(
      db,
    );
    await sql`with recursive g(n) as (select 1 union all select n + 1 from g where n < ${sql.lit(DICTS)}),
      k(i) as (select 1 union all select i + 1 from k where i < ${sql.lit(ITEMS)})
      insert into dict_item (dict_code, value, pid, order_num) select 'd' || n, 'v' || i, null, i from g, k`.execute(
      db,
    );
    // 20 roles holding every resource.
    await sql`with recursive g(n) as (select 1 union all select n + 1 from g where n < 20)
      insert into role (name, remark, builtin, create_time, update_time) select 'role' || n, null, 0, ${now}, ${now} from g`.execute(
      db,
    );
    await sql`insert into role_resource (role_id, resource_id)
      select role.id, resource.id from role, resource where role.builtin = 0`.execute(db);
    await sql`update account set role_id = (select min(id) from role where builtin = 0) + id % 20`.execute(db);
    // 10 posts (岗位); one account in five holds one of them (20,000 links).
    await sql`with recursive g(n) as (select 1 union all select n + 1 from g where n < 10)
      insert into post (post_code, post_name, sort, state, create_time) select 'p' || n, 'post' || n, n, 1, ${now} from g`.execute(
      db,
    );
    await sql`insert into account_post (account_id, post_id)
      select account.id, (select min(id) from post) + account.id % 10 from account where account.id % 5 = 0`.execute(
      db,
    );
    await sql`with recursive g(n) as (select 1 union all select n + 1 from g where n < 5000)
      insert into session (id, account_id, created_at, last_seen_at, expires_at, ended_at)
      select 'seeded-' || n, 1 + n % 1000, ${now}, ${now}, ${now}, ${now} from g`.execute(db);
    // Live sessions of many accounts, signed in and last seen at different times (the online list's sorts).
    const later = '2099-01-01T00:00:00.000Z';
    await sql`with recursive g(n) as (select 1 union all select n + 1 from g where n < ${sql.lit(LIVE_SESSIONS)})
      insert into session (id, account_id, created_at, last_seen_at, expires_at, ended_at)
      select 'live-' || n, 1 + n % 50000, '2098-01-01T00:00:00.' || substr('000' || (n % 1000), -3) || 'Z',
        '2098-06-01T00:00:00.' || substr('000' || ((n * 7) % 1000), -3) || 'Z', ${later}, null from g`.execute(db);
    await sql`with recursive g(n) as (select 1 union all select n + 1 from g where n < ${sql.lit(AUDIT_ENTRIES)})
      insert into audit_log (at, actor_account_id, actor_account_number, route_name, method, url, title, outcome,
        status, diff)
      select ${now}, 1, 'admin', 'updateAccount', 'PUT', '/api/account', '编辑账号', 'success', 200, '[]' from g`.execute(
      db,
    );
    for (let i = 0; i < 20; i++) await t.login();
    // A busy office address: 20,000 successful sign-ins of one account today, and 3 failures.
    await sql`with recursive g(n) as (select 1 union all select n + 1 from g where n < 20000)
      insert into signin_log (at, account, account_id, outcome, reason, method, ip, user_agent)
      select ${now}, 'u1', 1, 'success', 'ok', 'password', '10.1.1.1', null from g`.execute(db);
    await sql`with recursive g(n) as (select 1 union all select n + 1 from g where n < 3)
      insert into signin_log (at, account, account_id, outcome, reason, method, ip, user_agent)
      select ${now}, 'u1', 1, 'failure', 'bad_credentials', 'password', '10.1.1.1', null from g`.execute(db);
    // PostgreSQL: VACUUM as well, as autovacuum soon does after a load like this one. Index-only scans need the
    // visibility map it sets, so without it the plans depended on whether autovacuum had come by yet.
    await (dialect === 'postgres' ? sql`vacuum analyze` : sql`analyze`).execute(db);
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await database?.dispose();
  });

  /** Runs `work` against a recording database and answers the plans of every query it ran. */
  async function plansOf(work: (traced: Kysely<DB>) => Promise<unknown>) {
    const rec = recorder();
    await work(db.withPlugin(rec));
    const plans = [];
    for (const { node, queryId } of rec.taken) {
      const compiled = db.getExecutor().compileQuery(node, queryId);
      const prefix = dialect === 'sqlite' ? 'explain query plan ' : 'explain ';
      const { rows } = await db.executeQuery(CompiledQuery.raw(prefix + compiled.sql, [...compiled.parameters]));
      const plan = (rows as Record<string, unknown>[]).map((r) =>
        String(dialect === 'sqlite' ? r.detail : r['QUERY PLAN']),
      );
      plans.push({ sql: compiled.sql, plan });
    }
    expect(plans.length).toBeGreaterThan(0);
    return plans;
  }

  /** The uniqueness checks of creates, edits, registration and codes (the proven-contact rule included). */
  const contactChecks = async (d: Kysely<DB>) => {
    const repo = createAccountsRepository(d);
    await repo.numberTaken('u77');
    await repo.numberTaken('u77', 77);
    for (const verifiedOnly of [true, false]) {
      await repo.contactHolder('mobile', '13910000077', 5, verifiedOnly);
      await repo.contactHolder('email', 'u77@example.com', 5, verifiedOnly);
      await repo.contactHolder('email', 'u77@example.com', null, verifiedOnly);
    }
    await repo.holdersOfMobile('13910000077', 'proven');
    await repo.holdersOfEmail('U77@example.com', 'proven');
    await repo.holdersOfMobile('13910000077', { orgIds: [14, 15] });
    await repo.holdersOfEmail('u77@example.com', undefined);
    await repo.mobileInUse('13910000077');
  };

  const cases: [string, (traced: Kysely<DB>) => Promise<unknown>, string[]?][] = [
    ['account list, first page', (d) => createAccountsRepository(d).page({}, 0, 20)],
    ['account list, last page', (d) => createAccountsRepository(d).page({}, ACCOUNTS - 10, 20)],
    ['account list by number prefix', (d) => createAccountsRepository(d).page({ accountNumber: 'u1234' }, 0, 20)],
    ['account list by name prefix', (d) => createAccountsRepository(d).page({ accountName: 'name1234' }, 0, 20)],
    ['account list of an organisation subtree', (d) => createAccountsRepository(d).page({ orgId: 14 }, 0, 20)],
    // The account list within a data scope (the organisations of a subtree, or one account).
    [
      'account list within a data scope',
      (d) => createAccountsRepository(d).page({ within: { orgIds: [14, 15, 16] } }, 0, 20),
    ],
    [
      'account list within a data scope, filtered by a subtree',
      (d) => createAccountsRepository(d).page({ orgId: 14, within: { orgIds: [14, 15, 16] } }, 0, 20),
    ],
    [
      'account list within a data scope, sorted by name',
      (d) =>
        createAccountsRepository(d).sortedPage(
          { within: { orgIds: [14, 15, 16] } },
          { field: 'accountName', order: 'asc' },
          0,
          20,
        ),
    ],
    ['account list of 仅本人', (d) => createAccountsRepository(d).page({ within: { accountId: 77 } }, 0, 20)],
    // Every text filter the account descriptor declares (a field added with one needs an index serving it).
    ...(Object.entries(accountEntity.fields) as Array<[string, FieldSpec]>).flatMap(
      ([key, field]): [string, (traced: Kysely<DB>) => Promise<unknown>][] =>
        field.filter === 'prefix' || field.filter === 'exact' || field.filter === 'contains'
          ? [
              [
                `account list by the descriptor's ${key} (${field.filter})`,
                (d) => createAccountsRepository(d).page({ [key]: 'u1234' } as AccountFilter, 0, 20),
              ],
            ]
          : [],
    ),
    // The list's field filters, alone and with a data scope.
    ...(
      [
        ['disabled', { state: 0 }],
        ['enabled', { state: 1 }],
        ['of a role', { roleId: 3 }],
        ['created in a range', { rangeFrom: '2025-06-01T00:00:00.000Z', rangeTo: '2025-07-01T00:00:00.000Z' }],
        ['without a second factor', { secondFactor: 0 }],
        ['with a second factor', { secondFactor: 1 }],
        ['with a verified mobile', { contactVerified: 1 }],
        ['with an unverified mobile', { contactVerified: 0 }],
        ['with a verified e-mail', { emailVerified: 1 }],
        ['with an unverified e-mail', { emailVerified: 0 }],
        ['disabled within a data scope', { state: 0, within: { orgIds: [14, 15, 16] } }],
        ['holding a post', { postId: 3 }],
        ['holding a post within a data scope', { postId: 3, within: { orgIds: [14, 15, 16] } }],
      ] satisfies Array<[string, AccountFilter]>
    ).map(([name, filter]): [string, (traced: Kysely<DB>) => Promise<unknown>] => [
      `account list ${name}`,
      (d) => createAccountsRepository(d).page(filter, 0, 20),
    ]),
    [
      'data scope of a holder (its organisation, the subtree, the path to it)',
      async (d) => {
        const repo = createAuthzRepository(d);
        await Promise.all([repo.orgOf(77), repo.subtrees([5]), repo.ancestors([900]), repo.scopeOrgs([1])]);
      },
      // `up` is the recursive query's own working set (the path walked upwards), not a table.
      ['up'],
    ],
    [
      'the posts of a page of accounts',
      (d) => createAccountsRepository(d).postsOf(Array.from({ length: 20 }, (_, i) => 5 * (i + 1))),
    ],
    ['account by number (sign-in)', (d) => createAccountsRepository(d).findByNumber('u77')],
    // The uniqueness checks of creates, edits, registration, codes and imports (the proven-contact rule).
    ['account number and contact checks', (d) => contactChecks(d)],
    [
      'account import checks (numbers and proven contacts held)',
      async (d) => {
        const repo = createAccountsRepository(d);
        await repo.findByNumbers(['u1', 'u2', 'u3']);
        await repo.provenContactsHeld(['13910000001', '13910000002'], ['u1@example.com', 'u2@example.com']);
      },
    ],
    ['organisation children', (d) => createOrgsRepository(d).children(14)],
    ['organisation roots', (d) => createOrgsRepository(d).children(null)],
    [
      'organisation ancestors (the picker opens down to a value or a hit)',
      (d) => createOrgsRepository(d).above([900, 901, 14]),
    ],
    ['organisation accounts (delete check)', (d) => createOrgsRepository(d).countAccounts(14)],
    [
      'organisation subtree check and child count',
      (d) => Promise.all([isInSubtree(d, 'org', 5, 900), countChildren(d, 'org', 5)]),
    ],
    ['dictionary items', (d) => createDictsRepository(d).items('d17')],
    ['dictionary list by name', (d) => createDictsRepository(d).page('dict1', 0, 20)],
    ['role grants', (d) => createResourcesRepository(d).heldIds(1)],
    ['role holds an API', (d) => createResourcesRepository(d).roleHoldsApi(1, 'get', '/account/s')],
    // The roles page shows every role with all its grants: reading role_resource whole is what it asks for.
    ['roles with their account counts', (d) => createRolesRepository(d).all(), ['role_resource']],
  ];

  // Every sort of every sorted list, first and last page, both directions.
  const accountSorts: AccountSort['field'][] = ['accountNumber', 'accountName', 'orgName', 'createTime'];
  const sortedCases: typeof cases = [];
  for (const order of ['asc', 'desc'] as const) {
    for (const field of accountSorts) {
      sortedCases.push([
        `account list sorted by ${field} ${order}, first page`,
        (d) => createAccountsRepository(d).sortedPage({}, { field, order }, 0, 20),
      ]);
      sortedCases.push([
        `account list sorted by ${field} ${order}, last page`,
        (d) => createAccountsRepository(d).sortedPage({}, { field, order }, ACCOUNTS - 10, 20),
      ]);
    }
    for (const field of ['signedInAt', 'lastSeenAt'] as const) {
      sortedCases.push([
        `online list sorted by ${field} ${order}`,
        (d) =>
          createOnlineRepository(d).page(new Date().toISOString(), '2000-01-01T00:00:00.000Z', {}, 0, 20, {
            field,
            order,
          }),
        // The page's total counts the live sessions (and the origin join reads sessions); the page itself is
        // checked to walk an index below.
        ['session'],
      ]);
    }
    for (const field of ['dictName', 'dictCode'] as const) {
      sortedCases.push([
        `dictionary list sorted by ${field} ${order}`,
        (d) => createDictsRepository(d).page(undefined, 0, 20, { field, order }),
      ]);
    }
    // The unfiltered total of a log counts its rows; the page walks the time index (below).
    sortedCases.push([
      `operation log sorted by time ${order}`,
      (d) => createAuditRepository(d).page({}, 20, 0, order),
      ['audit_log'],
    ]);
    sortedCases.push([
      `sign-in log sorted by time ${order}`,
      (d) => createSignInRepository(d).page({}, 1, 20, order),
      ['signin_log'],
    ]);
  }
  cases.push(...sortedCases);

  for (const [name, work, allowed] of cases) {
    it(`serves "${name}" from indexes`, async () => {
      for (const { sql: text, plan } of await plansOf(work)) {
        const scans = fullScans(dialect, plan, text, allowed);
        expect(scans, `full scan in\n${text}\n\nplan:\n${plan.join('\n')}`).toEqual([]);
      }
    });
  }

  /** A sort of the rows read (not an ordered walk of an index): SQLite's temp b-tree, PostgreSQL's Sort node. */
  /**
   * A sort of the rows read (not an ordered walk of an index): SQLite's temp b-tree, PostgreSQL's Sort node. An
   * Incremental Sort is a walk: by organisation name, PostgreSQL walks the organisations in order and sorts each
   * one's accounts by id as it reaches them (a nested loop's order is its outer side's), reading no more
   * organisations than the page spans.
   */
  const sortsRows = (plan: string[]) =>
    plan.some((line) =>
      dialect === 'sqlite'
        ? /USE TEMP B-TREE FOR (RIGHT PART OF )?ORDER BY/.test(line)
        : /^(->\s+)?Sort\s+\(/.test(line.trim()),
    );

  // The dictionary list is a few hundred rows at most: sorting them is what any plan does.
  for (const [name, work] of sortedCases.filter(([name]) => !name.startsWith('dictionary'))) {
    it(`walks an index in order for "${name}" (no sort of the rows read)`, async () => {
      const ordered = (await plansOf(work)).filter(({ sql: text }) => /order by/.test(text) && /limit/.test(text));
      expect(ordered.length).toBeGreaterThan(0);
      for (const { sql: text, plan } of ordered) {
        expect(sortsRows(plan), `sort in\n${text}\n\nplan:\n${plan.join('\n')}`).toBe(false);
      }
    });
  }

  it('walks the account primary key in order for unfiltered pages (no sort of every account)', async () => {
    for (const offset of [0, ACCOUNTS - 10]) {
      const plans = await plansOf((d) => createAccountsRepository(d).page({}, offset, 20));
      const ids = plans.find((p) => /order by "account"\."id"/.test(p.sql) && /limit/.test(p.sql))!;
      const text = ids.plan.join('\n');
      // SQLite's primary key is the table itself (every column): the ids are found in the narrow index of
      // ids alone (migration 0028), a fraction of the pages read to skip `offset` rows.
      if (dialect === 'sqlite') expect(text, text).toMatch(/^SCAN account USING COVERING INDEX account_id_idx$/m);
      else expect(text, text).toMatch(/Index (Only )?Scan( Backward)? using account_pkey/);
    }
  });

  it('finds the ids of a deep page of the account list in the narrow index of ids, from either end', async () => {
    for (const offset of [Math.floor(ACCOUNTS / 2) - 10, Math.floor(ACCOUNTS / 2) + 10, ACCOUNTS - 30]) {
      const plans = await plansOf((d) => createAccountsRepository(d).page({}, offset, 20));
      const ids = plans.filter((p) => /order by "account"\."id" (asc|desc) limit/.test(p.sql));
      expect(ids.length).toBeGreaterThan(0);
      for (const { sql: text, plan } of ids) {
        const used = plan.join('\n');
        if (dialect === 'sqlite') expect(used, text).toMatch(/^SCAN account USING COVERING INDEX account_id_idx$/m);
        else expect(used, text).toMatch(/Index (Only )?Scan( Backward)? using account_pkey/);
      }
    }
  });

  /** Whether the migration made the pg_trgm index (ADR 0024: not where the server lacks the extension, as PGlite). */
  const trigramIndex = async () =>
    dialect === 'sqlite' ||
    (
      await sql<{
        n: number;
      }>`select count(*)::int as n from pg_indexes where indexname = 'account_search_trgm'`.execute(db)
    ).rows[0]!.n > 0;

  it('serves a contains search of three characters or more from the trigram index', async () => {
    if (!(await trigramIndex())) {
      // The stated fallback: the migration leaves the index out only where the server offers no pg_trgm.
      const offered = await sql<{ n: number }>`select count(*)::int as n from pg_available_extensions
        where name = 'pg_trgm'`.execute(db);
      expect(offered.rows[0]!.n).toBe(0);
      return;
    }
    // [search, every account matches]. Where every account matches ('ame'), PostgreSQL counts by reading the table
    // in order up to the cap (a Limit over the scan: cap + 1 rows, not the table) and walks the primary key for the
    // page; the others read the index.
    const searches: Array<[(d: Kysely<DB>) => Promise<unknown>, boolean]> = [
      [(d) => createAccountsRepository(d).page({ keyword: 'ame' }, 0, 20), true],
      [(d) => createAccountsRepository(d).page({ keyword: 'ame1234' }, 0, 20), false],
      [(d) => createAccountsRepository(d).page({ keyword: 'e12345' }, 0, 20), false],
      [(d) => createAccountsRepository(d).page({ keyword: 'AME9876', within: { orgIds: [14, 15, 16] } }, 0, 20), false],
      [
        (d) =>
          createAccountsRepository(d).sortedPage({ keyword: 'ame1234' }, { field: 'accountName', order: 'asc' }, 0, 20),
        false,
      ],
    ];
    for (const [work, everyRow] of searches) {
      const plans = await plansOf(work);
      const searched = plans.filter((p) => /account_search|ilike/.test(p.sql));
      expect(searched.length).toBeGreaterThan(0);
      for (const { sql: text, plan } of searched) {
        const used = plan.join('\n');
        // The capped count (its subquery is captured on its own as well).
        const counting = /capped_matches/.test(text) || !/order by/.test(text);
        if (dialect === 'postgres' && everyRow && counting) {
          expect(used, used).toMatch(/Limit/);
          continue;
        }
        // The capped matches (at most cap + 1 ids), their count and page are read whole: they are no table.
        expect(
          fullScans(dialect, plan, text, ['capped_matches', 'capped_count', 'capped_page']),
          `full scan in\n${text}\n\nplan:\n${used}`,
        ).toEqual([]);
        const served =
          dialect === 'sqlite'
            ? /account_search VIRTUAL TABLE/.test(used)
            : everyRow
              ? // Past the cap the page walks the search table's ids (or, with other filters, the accounts').
                /Index Scan( Backward)? using account_(search_)?pkey/.test(used)
              : // Within three organisations (30 accounts) their index is the narrower way in.
                /account_search_trgm|account_org_idx/.test(used);
        expect(served, `${text}\n${used}`).toBe(true);
      }
    }
  });

  it('reads a contains search too short for the index by walking the primary key, newest first', async () => {
    const plans = await plansOf((d) => createAccountsRepository(d).page({ keyword: '9' }, 0, 20));
    const walks = plans.filter((p) => /order by "account"\."id" desc limit/.test(p.sql));
    expect(walks.length).toBeGreaterThan(0);
    for (const { sql: text, plan } of walks) {
      const used = plan.join('\n');
      if (dialect === 'sqlite') expect(used, text).not.toMatch(/TEMP B-TREE/);
      else expect(used, text).toMatch(/Index (Only )?Scan Backward using account_pkey/);
    }
  });

  it('keeps the trigger-kept counts equal to real counts through inserts, role changes and deletes', async () => {
    const counted = async () => {
      const kept = await db
        .selectFrom('row_count')
        .select(['name', 'n'])
        .where('name', '<>', 'permission_version')
        .execute();
      const accounts = await db
        .selectFrom('account')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .executeTakeFirstOrThrow();
      const roles = await db
        .selectFrom('account')
        .where('role_id', 'is not', null)
        .select((eb) => ['role_id', eb.fn.countAll<string | number>().as('n')])
        .groupBy('role_id')
        .execute();
      const real = [
        { name: 'account', n: Number(accounts.n) },
        ...roles.map((r) => ({ name: `role:${r.role_id}`, n: Number(r.n) })),
      ];
      const nonZero = kept.map((k) => ({ name: k.name, n: Number(k.n) })).filter((k) => k.n !== 0);
      return {
        kept: nonZero.sort((a, b) => a.name.localeCompare(b.name)),
        real: real.sort((a, b) => a.name.localeCompare(b.name)),
      };
    };
    const before = await counted();
    expect(before.kept).toEqual(before.real);
    await sql`update account set role_id = null where id % 7 = 0`.execute(db);
    await sql`update account set role_id = (select max(id) from role) where id % 11 = 0`.execute(db);
    await sql`delete from account where account_number like 'u99%'`.execute(db);
    const after = await counted();
    expect(after.kept).toEqual(after.real);
    expect(after.real).not.toEqual(before.real);
  });

  it('answers the same page whichever end it is read from', async () => {
    const repo = createAccountsRepository(db);
    const { total } = await repo.page({}, 0, 1);
    const direct = async (offset: number, filter = sql<boolean>`1 = 1`) =>
      (
        await db
          .selectFrom('account')
          .select('id')
          .where(filter)
          .orderBy('id', 'desc')
          .limit(20)
          .offset(offset)
          .execute()
      ).map((r) => r.id);
    for (const offset of [0, 40, Math.floor(total / 2) + 3, total - 25, total - 5]) {
      const page = await repo.page({}, offset, 20);
      expect(page.total).toBe(total);
      expect(page.rows.map((r) => r.id)).toEqual(await direct(offset));
    }
    const prefixed = await repo.page({ accountName: 'name12' }, 0, 1);
    const filter = sql<boolean>`account_name like 'name12%'`;
    for (const offset of [0, prefixed.total - 7]) {
      expect((await repo.page({ accountName: 'name12' }, offset, 20)).rows.map((r) => r.id)).toEqual(
        await direct(offset, filter),
      );
    }
    expect((await repo.page({}, total, 20)).rows).toEqual([]);

    // The first page answers its total in the same statement once the process knows roughly how many there
    // are: an account added or removed shows at once, rows and total alike.
    await repo.page({}, 0, 20);
    await sql`insert into account (account_number, account_name, password_hash, state, org_id, role_id, builtin,
      create_time, update_time, must_change_password)
      select 'zz-page-probe', account_name, password_hash, state, org_id, role_id, 0, create_time, update_time, 0
      from account where id = (select max(id) from account)`.execute(db);
    const added = await repo.page({}, 0, 20);
    expect(added.total).toBe(total + 1);
    expect(added.rows[0]?.account_number).toBe('zz-page-probe');
    expect(added.rows.map((r) => r.id)).toEqual(await direct(0));
    expect(Object.keys(added.rows[0]!)).not.toContain('total_count');
    await sql`delete from account where account_number = 'zz-page-probe'`.execute(db);
    const removed = await repo.page({}, 0, 20);
    expect(removed.total).toBe(total);
    expect(removed.rows.map((r) => r.id)).toEqual(await direct(0));
  });

  it('counts the failed sign-ins of an account or address without walking its successful ones', async () => {
    const since = '2025-12-31T00:00:00.000Z';
    const plans = await plansOf(async (d) => {
      const repo = createSignInRepository(d);
      expect(await repo.countByAccount('u1', FAILED_CHECK_REASONS, since, 100)).toBe(3);
      expect(await repo.countByClient('10.1.1.1', FAILED_CHECK_REASONS, since, 200)).toBe(3);
    });
    // The recorder also sees the capped inner select on its own; the two counts are what runs.
    const counts = plans.filter(({ sql: text }) => text.startsWith('select count(*)'));
    expect(counts).toHaveLength(2);
    for (const { sql: text, plan } of counts) {
      // The cap is part of the SQL text: a bound LIMIT made SQLite prepare the statement again on every run.
      expect(text).toMatch(/ limit (100|200)\)/);
      expect(text).not.toMatch(/ limit (\?|\$\d+)/);
      const lines = plan.join('\n');
      // The reason is part of the index search, not a filter applied to every row of the window.
      if (dialect === 'sqlite')
        expect(lines, text).toMatch(
          /USING (COVERING )?INDEX signin_log_\w+_reason_idx \(\w+=\? AND reason=\? AND at>\?\)/,
        );
      else expect(lines, text).toMatch(/Index Cond: .*reason/);
    }
  });

  // The write paths. Each flow runs through the API on the seeded database while the app's queries are
  // recorded; every statement a write request ran (its guard, its checks, its lookups, the write itself and its
  // audit entry) is explained as the list queries are. A new write path is covered once a flow calls its route,
  // and the last test fails until every write route of the contract is called by a flow or said to be left out.
  const PASSWORD = 'Lx9#qwe-rty-32';
  /** Write routes (every non-GET route of the contract) that the flows below leave out, and why. */
  const LEFT_OUT: Record<string, string> = {
    diffConfigBundle: "a bundle holds at most 5,000 organisations: this seeded tree's 10,000 are more than it takes",
    applyConfigBundle: "a bundle holds at most 5,000 organisations: this seeded tree's 10,000 are more than it takes",
    envelope: 'an envelope around another route (its inner route is what runs)',
  };
  /** The contract routes the flows called (by name), with their answers' statuses. */
  const called = new Map<string, number[]>();
  const writeRoutes = Object.entries(routes).filter(([, r]) => r.method !== 'GET');
  const routeOf = (method: string, path: string) =>
    Object.entries(routes).find(
      ([, r]) => r.method === method && new RegExp(`^${r.path.replace(/:\w+/g, '[^/]+')}$`).test(path),
    )?.[0];
  /** t.call, noting the route; anything but 200 fails the flow (the write must have run to its end). */
  const api = async (method: string, path: string, options: Parameters<TestApp['call']>[2] = {}) => {
    const res = await t.call(method, path, options);
    const name = routeOf(method, path);
    if (name) called.set(name, [...(called.get(name) ?? []), res.status]);
    expect(res.status, `${method} ${path}: ${res.body.msg}`).toBe(200);
    return res.body.data as never;
  };
  const sidOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()).sid as string;
  const captchaToken = async () => {
    const { id } = (await api('GET', '/captcha/image')) as { id: string };
    return (await api('GET', '/captcha/image/validate', { query: { id, userInput: t.codeFor(id) } })) as string;
  };
  const smsToken = async (path: string, mobile: string) => {
    const { id } = (await api('POST', path, { body: { mobile, captcha: await captchaToken() } })) as { id: string };
    return (await api('GET', '/captcha/sms/validate', { query: { id, userInput: t.codeFor(mobile) } })) as string;
  };
  /** The administrator's session of the flow running (each signs in afresh: sessions per account are capped). */
  let admin: string;
  let serial = 0;
  /** A new account through the API (mobile and e-mail set): its id and number. */
  const newAccount = async () => {
    serial++;
    const created = (await api('POST', '/account', {
      token: admin,
      body: {
        accountNumber: `w32-${serial}`,
        accountName: `写入${serial}`,
        password: PASSWORD,
        orgId: 14,
        state: 1,
        contactNumber: `1370000${String(serial).padStart(4, '0')}`,
        email: `W32-${serial}@Example.com`,
      },
    })) as { id: number; accountNumber: string };
    return created;
  };

  /** Uploads a sheet (CSV) to an import's preview route; answers the preview's id. */
  const importPreview = async (path: string, rows: string[][]) => {
    const made = await uploadPreview(t, path, admin, 'sheet.csv', csvOf(rows));
    const name = routeOf('POST', path)!;
    called.set(name, [...(called.get(name) ?? []), made.status]);
    expect(made.status, made.msg).toBe(200);
    expect(made.data.errors).toEqual([]);
    return made.data.previewId;
  };

  /** [name, flow, tables it may read whole (and why, beside it)]. */
  const flows: [string, () => Promise<void>, string[]?][] = [
    [
      'account create (mobile and e-mail), edit, reset, disable and enable, delete',
      async () => {
        const a = await newAccount();
        await api('PUT', '/account', {
          token: admin,
          body: {
            id: a.id,
            accountNumber: a.accountNumber,
            accountName: '改名',
            orgId: 15,
            state: 1,
            contactNumber: '13799990001',
            email: 'w32-edited@example.com',
          },
        });
        await api('PUT', '/account/reset', { token: admin, body: { id: a.id } });
        await api('PUT', '/account/batch-state', { token: admin, body: { ids: [a.id], state: 0 } });
        await api('PUT', '/account/batch-state', { token: admin, body: { ids: [a.id], state: 1 } });
        await api('DELETE', '/account', { token: admin, query: { id: a.id } });
        const b = await newAccount();
        const c = await newAccount();
        await api('POST', '/account/batch-delete', { token: admin, body: { ids: [b.id, c.id] } });
      },
    ],
    [
      'sign-in, the personal page, password change, sessions and sign-out',
      async () => {
        const a = await newAccount();
        const own = await t.login(a.accountNumber, PASSWORD);
        await api('PUT', '/account/profile', { token: own, body: { accountName: '本人改名' } });
        await api('POST', '/account/profile/mobile/code', { token: own, body: { mobile: '13788880001' } });
        await api('POST', '/account/profile/email/code', { token: own, body: { email: 'w32-own@example.com' } });
        await api('PUT', '/preferences/listColumns', { token: own, body: { account: ['accountName'] } });
        const proof = (await api('POST', '/auth/password/validate', {
          token: own,
          body: { password: PASSWORD },
        })) as string;
        await api('PUT', '/auth/password', { token: own, body: { newPassword: `${PASSWORD}!`, token: proof } });
        const second = await t.login(a.accountNumber, `${PASSWORD}!`);
        const third = await t.login(a.accountNumber, `${PASSWORD}!`);
        await api('DELETE', '/account/sessions', { token: second, query: { id: sidOf(third) } });
        const fourth = await t.login(a.accountNumber, `${PASSWORD}!`);
        await api('DELETE', '/account/sessions/others', { token: fourth });
        const fifth = await t.login(a.accountNumber, `${PASSWORD}!`);
        const sixth = await t.login(a.accountNumber, `${PASSWORD}!`);
        // An administrator acts as the account, then comes back.
        const switched = (await api('GET', '/account/front/identity/switch', {
          token: admin,
          query: { id: a.id },
        })) as string;
        await api('POST', '/account/front/identity/restore', { token: switched });
        await api('DELETE', '/online', { token: admin, query: { id: sidOf(fifth) } });
        await api('POST', '/online/batch-logout', { token: admin, body: { ids: [sidOf(sixth)] } });
        await api('POST', '/logout', { token: fourth });
      },
    ],
    [
      'registration, SMS sign-in and recovery by a code (the proven-contact rule)',
      async () => {
        const mobile = '13766660001';
        const registered = await smsToken('/captcha/sms/register', mobile);
        await api('POST', '/account/admin/register/noAuth', {
          body: { mobile, token: registered, name: '注册者', company: '单位', password: PASSWORD },
        });
        // Seeded accounts with proven contacts, one number per send (each number waits between codes).
        await api('POST', '/login/sms', { body: { token: await smsToken('/captcha/sms/login', '13910000027') } });
        const reset = await smsToken('/captcha/sms/reset-password', '13910000047');
        await api('PUT', '/auth/password', { body: { newPassword: `${PASSWORD}?`, token: reset } });
        await api('POST', '/captcha/sms', { body: { mobile: '13910000067', captcha: await captchaToken() } });
        await api('GET', '/emailValidCode', { query: { email: 'U87@example.com', captcha: await captchaToken() } });
      },
    ],
    [
      'account import (preview, then commit as inserts and as an upsert)',
      async () => {
        const upload = (rows: string[][]) =>
          importPreview('/account/import/preview', [['账号', '用户名', '所属组织', '手机号码', '邮箱'], ...rows]);
        const rows = [1, 2, 3].map((i) => [
          `imp32-${i}`,
          `导入${i}`,
          '总公司',
          `1375555000${i}`,
          `Imp32-${i}@Example.com`,
        ]);
        await api('POST', '/account/import/commit', {
          token: admin,
          body: { previewId: await upload(rows), mode: 'insert', initialPassword: PASSWORD },
        });
        const again = [...rows.slice(0, 2), ['u77', 'name77', '总公司', '', '']];
        await api('POST', '/account/import/commit', {
          token: admin,
          body: { previewId: await upload(again), mode: 'upsert', initialPassword: PASSWORD },
        });
      },
      // A sheet names organisations by their path: an import reads the organisation tree once per file.
      ['org'],
    ],
    [
      'organisation and dictionary item imports (inserts, then an upsert)',
      async () => {
        const orgs = (fullName: string) => [
          ['组织路径', '全称'],
          ['总公司/导入部门32', fullName],
        ];
        for (const [mode, fullName] of [
          ['insert', '导入部门'],
          ['upsert', '导入部门（改）'],
        ]) {
          const previewId = await importPreview('/org/import/preview', orgs(fullName!));
          await api('POST', '/org/import/commit', { token: admin, body: { previewId, mode } });
        }
        const items = (order: string) => [
          ['字典类型', '数据值', '上级数据', '序号'],
          ['d17', 'imp32', '', order],
        ];
        for (const [mode, order] of [
          ['insert', '5'],
          ['upsert', '6'],
        ]) {
          const previewId = await importPreview('/dict/item/import/preview', items(order!));
          await api('POST', '/dict/item/import/commit', { token: admin, body: { previewId, mode } });
        }
      },
      // A sheet names organisations by their path: an import reads the organisation tree once per file.
      ['org'],
    ],
    [
      'file upload, a text document, file delete',
      async () => {
        // A 1×1 PNG, as the avatar upload sends one.
        const png = Buffer.from(
          'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
          'base64',
        );
        const res = await t.app.fastify.inject({
          method: 'POST',
          url: '/api/file/upload',
          headers: {
            authorization: admin,
            'content-type': 'multipart/form-data; boundary=----gatehouse-import-boundary',
          },
          payload: multipart('头像.png', png),
        });
        called.set('uploadFile', [res.statusCode]);
        expect(res.statusCode, res.body).toBe(200);
        const file = (res.json() as { data: { id: string } }).data;
        await api('POST', '/file/text/w32/doc1', { token: admin, body: { text: '写入' } });
        await api('DELETE', '/file', { token: admin, query: { id: file.id } });
      },
    ],
    [
      'the authenticator app: setup, enable, a sign-in in two steps, an identity check, new recovery codes, off, reset',
      async () => {
        const a = await newAccount();
        const own = await t.login(a.accountNumber, PASSWORD);
        const { secret } = (await api('POST', '/auth/totp/setup', { token: own })) as { secret: string };
        await api('POST', '/auth/totp/enable', { token: own, body: { code: await generate({ secret }) } });
        // A code works once per account: the next step may use the same 30-second window's code again.
        const again = () =>
          db.updateTable('account_totp').set({ last_step: 0 }).where('account_id', '=', a.id).execute();
        await again();
        const { ticket } = (await api('POST', '/login', {
          body: { account: a.accountNumber, password: PASSWORD },
        })) as { ticket: string };
        const signedIn = (await api('POST', '/login/second-factor', {
          body: { ticket, method: 'totp', code: await generate({ secret }) },
        })) as string;
        await again();
        await api('POST', '/auth/totp/validate', { token: signedIn, body: { code: await generate({ secret }) } });
        await api('POST', '/auth/recovery-codes', { token: signedIn });
        await api('DELETE', '/auth/totp', { token: signedIn });
        const next = (await api('POST', '/auth/totp/setup', { token: signedIn })) as { secret: string };
        await api('POST', '/auth/totp/enable', {
          token: signedIn,
          body: { code: await generate({ secret: next.secret }) },
        });
        await api('DELETE', '/account/second-factor', { token: admin, query: { id: a.id } });
      },
    ],
    [
      'a passkey: enrol, passwordless sign-in, second step, identity check, rename, delete',
      async () => {
        // The origin the test configuration accepts for WebAuthn ceremonies.
        const site = { origin: 'http://localhost:8080', host: 'localhost:8080' };
        const key = createSoftwareAuthenticator(site.origin);
        const a = await newAccount();
        const own = await t.login(a.accountNumber, PASSWORD);
        const made = (await api('POST', '/auth/passkeys/options', { token: own, headers: site })) as {
          challengeId: string;
          options: Parameters<typeof key.register>[0];
        };
        await api('POST', '/auth/passkeys', {
          token: own,
          headers: site,
          body: { challengeId: made.challengeId, name: '写入密钥', credential: key.register(made.options) },
        });
        type Asked = { challengeId: string; options: Parameters<typeof key.authenticate>[0] };
        const login = (await api('POST', '/login/passkey/options', { headers: site })) as Asked;
        await api('POST', '/login/passkey', {
          headers: site,
          body: { challengeId: login.challengeId, credential: key.authenticate(login.options) },
        });
        const { ticket } = (await api('POST', '/login', {
          body: { account: a.accountNumber, password: PASSWORD },
        })) as { ticket: string };
        const step = (await api('POST', '/login/second-factor/options', { headers: site, body: { ticket } })) as {
          options: Parameters<typeof key.authenticate>[0];
        };
        const signedIn = (await api('POST', '/login/second-factor', {
          headers: site,
          body: { ticket, method: 'passkey', credential: key.authenticate(step.options) },
        })) as string;
        const verify = (await api('POST', '/auth/passkeys/verify/options', {
          token: signedIn,
          headers: site,
        })) as Asked;
        await api('POST', '/auth/passkeys/verify', {
          token: signedIn,
          headers: site,
          body: { challengeId: verify.challengeId, credential: key.authenticate(verify.options) },
        });
        await api('PUT', `/auth/passkeys/${key.id}`, { token: signedIn, body: { name: '办公室电脑' } });
        await api('DELETE', `/auth/passkeys/${key.id}`, { token: signedIn });
      },
    ],
    [
      'organisation create, edit, delete',
      async () => {
        const org = (await api('POST', '/org', { token: admin, body: { name: '写入组织', pid: 14 } })) as {
          id: number;
        };
        await api('PUT', '/org', { token: admin, body: { id: org.id, name: '写入组织改', pid: 14, orgCode: 'W32' } });
        await api('DELETE', '/org', { token: admin, query: { id: org.id } });
      },
    ],
    [
      "role create, a role's resource change, delete",
      async () => {
        const all = (await api('GET', '/resources', { token: admin })) as Array<{ id: number }>;
        const ids = all.map((r) => r.id);
        const role = (await api('POST', '/role', {
          token: admin,
          body: { name: '写入角色', resources: ids.slice(0, 10) },
        })) as { id: number };
        await api('PUT', '/role', {
          token: admin,
          body: { id: role.id, name: '写入角色', resources: ids.slice(5, 20) },
        });
        await api('DELETE', '/role', { token: admin, query: { id: role.id } });
      },
      // A change of grants reloads the grants cache (every role's grants, as the roles page reads them): roles times
      // resources, not a table that grows with the accounts.
      ['role_resource'],
    ],
    [
      'post (a descriptor-served entity) create, edit, bulk state, delete, bulk delete, import',
      async () => {
        const post = (await api('POST', '/post', {
          token: admin,
          body: { postCode: 'w32', postName: '写入岗位' },
        })) as {
          id: number;
        };
        await api('PUT', '/post', { token: admin, body: { id: post.id, postCode: 'w32', postName: '写入岗位改' } });
        await api('PUT', '/post/batch-state', { token: admin, body: { ids: [post.id], state: 0 } });
        await api('DELETE', '/post', { token: admin, query: { id: post.id } });
        const more = (await api('POST', '/post', {
          token: admin,
          body: { postCode: 'w33', postName: '写入岗位二' },
        })) as {
          id: number;
        };
        await api('POST', '/post/batch-delete', { token: admin, body: { ids: [more.id] } });
        for (const [mode, name] of [
          ['insert', '导入岗位'],
          ['upsert', '导入岗位改'],
        ]) {
          const previewId = await importPreview('/post/import/preview', [
            ['岗位编码', '岗位名称'],
            ['imp32', name!],
          ]);
          await api('POST', '/post/import/commit', { token: admin, body: { previewId, mode } });
        }
      },
    ],
    [
      'resource create, edit, delete',
      async () => {
        const { builtin: _, ...menu } = (await api('POST', '/resource', {
          token: admin,
          body: { type: 0, name: '写入菜单', route: '/w32', orderNum: 1 },
        })) as { id: number; builtin: boolean };
        await api('PUT', '/resource', { token: admin, body: { ...menu, name: '写入菜单改', orderNum: 2 } });
        await api('DELETE', '/resource', { token: admin, query: { id: menu.id } });
      },
    ],
    [
      'dictionary and item create, edit, delete',
      async () => {
        const dict = (await api('POST', '/dict', {
          token: admin,
          body: { dictName: '写入字典', dictCode: 'w32' },
        })) as {
          id: number;
        };
        await api('PUT', '/dict', { token: admin, body: { id: dict.id, dictName: '写入字典改', dictCode: 'w32' } });
        const item = (await api('POST', '/dict/item', { token: admin, body: { dictCode: 'd17', value: 'w' } })) as {
          id: number;
        };
        await api('PUT', '/dict/item', {
          token: admin,
          body: { id: item.id, dictCode: 'd17', value: 'w2', orderNum: 3 },
        });
        await api('DELETE', '/dict/item', { token: admin, query: { id: item.id } });
        const more = (await api('POST', '/dict/item', { token: admin, body: { dictCode: 'd17', value: 'x' } })) as {
          id: number;
        };
        await api('POST', '/dict/item/batch-delete', { token: admin, body: { ids: [more.id] } });
        // The first run's common dictionaries: each looked up by its code, the missing ones added with their items.
        await api('POST', '/dict/common', { token: admin });
        await api('DELETE', '/dict', { token: admin, query: { id: dict.id } });
      },
    ],
    [
      'system parameter change and reset',
      async () => {
        // Super-admin only: the seed above handed every account, admin included, a made role.
        await sql`update account set role_id = (select id from role where builtin = 1) where account_number = 'admin'`.execute(
          db,
        );
        const superAdmin = await t.login();
        await api('PUT', '/system/param', { token: superAdmin, body: { key: 'registrationOrgId', value: '2' } });
        await api('PUT', '/system/param', {
          token: superAdmin,
          body: { key: 'registrationOrgId', value: '', reset: true },
        });
      },
    ],
  ];

  /** The statements the app ran during `work` (those EXPLAIN takes), each with its plan. */
  async function servedPlans(work: () => Promise<void>) {
    served.taken.length = 0;
    served.on = true;
    try {
      await work();
    } finally {
      served.on = false;
    }
    const plans = new Map<string, string[]>();
    for (const { node, queryId } of served.taken) {
      const compiled = db.getExecutor().compileQuery(node, queryId);
      if (!/^\s*(select|insert|update|delete|with)\b/i.test(compiled.sql) || plans.has(compiled.sql)) continue;
      const prefix = dialect === 'sqlite' ? 'explain query plan ' : 'explain ';
      const { rows } = await db.executeQuery(CompiledQuery.raw(prefix + compiled.sql, [...compiled.parameters]));
      plans.set(
        compiled.sql,
        (rows as Record<string, unknown>[]).map((r) => String(dialect === 'sqlite' ? r.detail : r['QUERY PLAN'])),
      );
    }
    expect(plans.size).toBeGreaterThan(0);
    return plans;
  }

  /**
   * A write reads no table whole, and does not walk a whole index either: SQLite `SCAN t` with or without an index
   * (only the small tables), PostgreSQL `Seq Scan` on a big table.
   */
  /** The tables of the schema (SQLite's plans also name subqueries, CTEs and VALUES lists as they read them). */
  let tables = new Set<string>();
  const writeScans = (plan: string[], allowed: string[] = []) =>
    plan.filter((line) => {
      if (dialect === 'postgres') {
        const table = /Seq Scan on (\w+)/.exec(line)?.[1];
        return table !== undefined && BIG_TABLES.includes(table) && !allowed.includes(table);
      }
      const table = /^SCAN (\w+)/.exec(line.trim())?.[1];
      return table !== undefined && tables.has(table) && !SMALL.has(table) && !allowed.includes(table);
    });

  /**
   * Read whole wherever a flow happens to (re)load the data-scope cache: every role's custom organisations (roles times
   * the organisations chosen for them, not rows that grow with the accounts).
   */
  const CACHES = ['role_scope_org'];

  for (const [name, work, allowed = []] of flows) {
    it(`serves every statement of "${name}" from indexes`, async () => {
      admin = await t.login();
      if (dialect === 'sqlite') {
        const { rows } = await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db);
        tables = new Set(rows.map((r) => r.name));
      }
      const found = [];
      for (const [text, plan] of await servedPlans(work)) {
        if (writeScans(plan, [...allowed, ...CACHES]).length) found.push(`${text}\n  ${plan.join('\n  ')}`);
      }
      expect(found, found.join('\n\n')).toEqual([]);
    });
  }

  it('indexes the referencing columns of every foreign key (a delete of the referenced row looks them up)', async () => {
    const unindexed: string[] = [];
    if (dialect === 'sqlite') {
      const { rows: all } = await sql<{ name: string }>`select name from sqlite_master
        where type = 'table' and name not like 'sqlite_%'`.execute(db);
      for (const { name } of all) {
        const { rows: keys } = await sql<{ id: number; from: string; table: string }>`select * from
          pragma_foreign_key_list(${name})`.execute(db);
        const { rows: indexes } = await sql<{ name: string }>`select name from pragma_index_list(${name})`.execute(db);
        const leading: string[][] = [];
        for (const index of indexes) {
          const { rows: columns } = await sql<{ name: string }>`select name from pragma_index_info(${index.name})
            order by seqno`.execute(db);
          leading.push(columns.map((c) => c.name));
        }
        const { rows: pk } = await sql<{ name: string; pk: number }>`select name, pk from pragma_table_info(${name})
          where pk > 0 order by pk`.execute(db);
        leading.push(pk.map((c) => c.name));
        for (const id of new Set(keys.map((k) => k.id))) {
          const columns = keys.filter((k) => k.id === id).map((k) => k.from);
          if (!leading.some((index) => columns.every((c, i) => index[i] === c))) {
            unindexed.push(`${name} (${columns.join(', ')})`);
          }
        }
      }
    } else {
      const { rows } = await sql<{ name: string }>`select c.conrelid::regclass::text || ' (' ||
          (select string_agg(a.attname, ', ') from unnest(c.conkey) k join pg_attribute a
            on a.attrelid = c.conrelid and a.attnum = k) || ')' as name
        from pg_constraint c
        where c.contype = 'f' and c.connamespace = current_schema()::regnamespace
          and not exists (select 1 from pg_index i where i.indrelid = c.conrelid
            and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] @> c.conkey
            and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] <@ c.conkey)`.execute(db);
      unindexed.push(...rows.map((r) => r.name));
    }
    expect(unindexed.sort()).toEqual([]);
  });

  it('calls every write route of the contract in a flow above, or says why not', () => {
    const missing = writeRoutes.flatMap(([name]) => (called.has(name) || name in LEFT_OUT ? [] : [name]));
    expect(missing, 'write routes no flow calls: add them to a flow (or to LEFT_OUT with the reason)').toEqual([]);
    const stale = Object.keys(LEFT_OUT).filter((name) => called.has(name) || !(name in routes));
    expect(stale).toEqual([]);
  });

  it('serves the contact checks where no account has an e-mail or a mobile (statistics of a column of NULLs)', async () => {
    // SQLite's ANALYZE counts the NULLs of an indexed column as one value: where every e-mail is NULL (the bench's
    // million accounts), an index over the column says each e-mail matches every account and the planner read the
    // table instead (migration 0029). This clears the seeded contacts: it comes after the tests that use them.
    await sql`update account set email = null, contact_number = null, email_verified = 0, contact_verified = 0
      where email is not null or contact_number is not null`.execute(db);
    await (dialect === 'postgres' ? sql`vacuum analyze account` : sql`analyze`).execute(db);
    const checks = async (d: Kysely<DB>) => {
      await contactChecks(d);
      await createAccountsRepository(d).provenContactsHeld(['13910000001'], ['u1@example.com']);
    };
    for (const { sql: text, plan } of await plansOf(checks)) {
      expect(fullScans(dialect, plan, text), `${text}\n${plan.join('\n')}`).toEqual([]);
    }
  });

  it('answers the session of a token by its key (the guard of every request)', async () => {
    const sid = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid as string;
    for (const { sql: text, plan } of await plansOf((d) =>
      createSessionsRepository(d).findLive(sid, new Date().toISOString()),
    )) {
      expect(fullScans(dialect, plan, text), `${text}\n${plan.join('\n')}`).toEqual([]);
    }
  });
});
