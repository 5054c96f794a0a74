import { ACCOUNT_SORTS, accountEntity, type FieldSpec } from '@gatehouse/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanes, startTestApp, type TestApp } from '../../../test/harness.js';
import { createAccountsRepository } from './accounts.repository.js';

interface Row {
  id: number;
  accountNumber: string;
  accountName: string;
  orgName: string;
  createTime: number;
}
interface PageOut {
  list: Row[];
  totalCount: number;
}

type Key = string | number | null;
/** As both engines sort a list's keys: an empty value (null) after every other ascending. */
const cmp = (a: Key, b: Key) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : a > b ? 1 : 0);

/** The sorts tuned by hand; every other sortable field of the descriptor sorts by its column, then the id. */
const TUNED = ['accountNumber', 'accountName', 'orgName', 'createTime'];
const fields = accountEntity.fields as Readonly<Record<string, FieldSpec>>;
/** The generic sorts' fields and the column each sorts by. */
const GENERIC = ACCOUNT_SORTS.flatMap((sort) => {
  const column = fields[sort]?.column;
  return TUNED.includes(sort) || !column ? [] : [{ sort, column, spec: fields[sort] as FieldSpec }];
});
/** Whether a field's answer is a text (or a number): what the generic sorts' rows are given. */
const answers = (spec: FieldSpec, type: 'string' | 'integer') => {
  const answer = spec.answer as { type?: string; anyOf?: Array<{ type?: string }> } | undefined;
  return answer?.type === type || (answer?.anyOf ?? []).some((member) => member.type === type);
};
/**
 * A generic sort's value for the n-th account: every fifth empty, the others repeated (ties broken by the id) unless
 * the field is unique.
 */
const genericValue = (spec: FieldSpec, n: number): Key => {
  if (n % 5 === 0) return null;
  const v = spec.unique ? (n * 7) % 23 : n % 4;
  if (spec.codec === 'flag') return v % 2;
  if (spec.codec === 'time') return `2026-02-${String(v + 1).padStart(2, '0')}T00:00:00.000Z`;
  if (answers(spec, 'string')) return `g${String(v).padStart(2, '0')}`;
  return answers(spec, 'integer') ? v : null;
};

describe.each(lanes)('account list sorted by the server on %s', (lane) => {
  let t: TestApp;
  let admin: string;
  /** Every account with what the sorts compare, read from the tables. */
  let stored: Array<{
    id: number;
    number: string;
    name: string;
    org: string;
    orgId: number;
    created: string;
    generic: Record<string, Key>;
  }>;

  const page = async (query: Record<string, string | number>) => {
    const res = await t.call('GET', '/account/s', { token: admin, query });
    expect(res.status, res.body.msg).toBe(200);
    return res.body.data as PageOut;
  };

  beforeAll(async () => {
    t = await startTestApp(lane);
    admin = await t.login();
    const db = t.database.db;
    const now = '2026-01-01T00:00:00.000Z';
    // Two organisations of one name (ties broken by the organisation's id, then the account's), one before both. Sibling
    // names are unique, so the second one hangs under the first.
    await sql`insert into org (pid, name, full_name, create_time) select id, 'sales', null, ${now} from org where pid is null`.execute(
      db,
    );
    await sql`insert into org (pid, name, full_name, create_time) select id, 'sales', null, ${now} from org where name = 'sales'`.execute(
      db,
    );
    await sql`insert into org (pid, name, full_name, create_time) select id, 'admin', null, ${now} from org where pid is null`.execute(
      db,
    );
    const orgs = await db.selectFrom('org').select('id').where('pid', 'is not', null).orderBy('id').execute();
    // 23 accounts with repeated names and creation times, spread over the organisations.
    for (let n = 0; n < 23; n++) {
      await db
        .insertInto('account')
        .values({
          account_number: `s${String((n * 7) % 23).padStart(2, '0')}`,
          account_name: `name${n % 4}`,
          password_hash: 'x',
          state: 1,
          org_id: orgs[n % orgs.length]!.id,
          role_id: null,
          builtin: 0,
          create_time: `2026-01-0${1 + (n % 3)}T00:00:00.000Z`,
          update_time: now,
          ...(Object.fromEntries(GENERIC.map(({ column, spec }) => [column, genericValue(spec, n)])) as object),
        })
        .execute();
    }
    stored = (
      await db
        .selectFrom('account')
        .innerJoin('org', 'org.id', 'account.org_id')
        .select([
          'account.id',
          'account.account_number as number',
          'account.account_name as name',
          'org.name as org',
          'org.id as orgId',
          'account.create_time as created',
          ...GENERIC.map(({ column }) => sql<Key>`${sql.ref(`account.${column}`)}`.as(`g_${column}`)),
        ])
        .execute()
    ).map((r) => {
      const row = r as typeof r & Record<string, Key>;
      return {
        id: Number(r.id),
        number: r.number,
        name: r.name,
        org: r.org,
        orgId: Number(r.orgId),
        created: r.created,
        generic: Object.fromEntries(GENERIC.map(({ column }) => [column, row[`g_${column}`] ?? null])),
      };
    });
  });
  afterAll(() => t.close());

  /** The order the contract promises: the column, ties by id (by organisation id, then id, for the organisation). */
  function expected(sort: (typeof ACCOUNT_SORTS)[number], order: 'asc' | 'desc'): number[] {
    const keys = (r: (typeof stored)[number]): Key[] => {
      const generic = GENERIC.find((g) => g.sort === sort);
      if (generic) return [r.generic[generic.column] ?? null, r.id];
      switch (sort) {
        case 'accountNumber':
          return [r.number, r.id];
        case 'accountName':
          return [r.name, r.id];
        case 'orgName':
          return [r.org, r.orgId, r.id];
        case 'createTime':
          return [r.created, r.id];
        default:
          throw new Error(`no order for ${sort}`);
      }
    };
    const sign = order === 'asc' ? 1 : -1;
    return [...stored]
      .sort((a, b) => {
        const [ka, kb] = [keys(a), keys(b)];
        for (let i = 0; i < ka.length; i++) {
          const c = cmp(ka[i] ?? null, kb[i] ?? null);
          if (c) return sign * c;
        }
        return 0;
      })
      .map((r) => r.id);
  }

  for (const sort of ACCOUNT_SORTS) {
    for (const order of ['asc', 'desc'] as const) {
      it(`pages through every account by ${sort} ${order}: no row repeated or skipped, from either end`, async () => {
        const seen: number[] = [];
        for (let p = 1; ; p++) {
          const { list, totalCount } = await page({ p, pageSize: 4, sort, order });
          expect(totalCount).toBe(stored.length);
          if (list.length === 0) break;
          seen.push(...list.map((r) => r.id));
        }
        expect(seen).toEqual(expected(sort, order));
      });
    }
  }

  it('walks the export in batches in every sort’s order (keyset), from either end of a key that may be empty', async () => {
    const repo = createAccountsRepository(t.database.db);
    for (const sort of ACCOUNT_SORTS) {
      for (const order of ['asc', 'desc'] as const) {
        const seen: number[] = [];
        for await (const batch of repo.exportBatches({}, { field: sort, order }, 3))
          seen.push(...batch.map((r) => r.id));
        expect(seen, `${sort} ${order}`).toEqual(expected(sort, order));
      }
    }
  });

  it('defaults to ascending for text columns and newest first for the creation time', async () => {
    for (const sort of ['accountNumber', 'accountName', 'orgName'] as const) {
      const { list } = await page({ p: 1, pageSize: 100, sort });
      expect(
        list.map((r) => r.id),
        sort,
      ).toEqual(expected(sort, 'asc'));
    }
    const { list } = await page({ p: 1, pageSize: 100, sort: 'createTime' });
    expect(list.map((r) => r.id)).toEqual(expected('createTime', 'desc'));
    // Any other sortable field: a time newest first, anything else ascending.
    for (const { sort, spec } of GENERIC) {
      const { list } = await page({ p: 1, pageSize: 100, sort });
      expect(
        list.map((r) => r.id),
        sort,
      ).toEqual(expected(sort, spec.codec === 'time' ? 'desc' : 'asc'));
    }
  });

  it('keeps the default order (newest id first) without sort, and answers the rows with their organisation', async () => {
    const { list } = await page({ p: 1, pageSize: 100 });
    expect(list.map((r) => r.id)).toEqual(stored.map((r) => r.id).sort((a, b) => b - a));
    const sorted = await page({ p: 1, pageSize: 3, sort: 'orgName' });
    expect(sorted.list.map((r) => r.orgName)).toEqual(['admin', 'admin', 'admin']);
  });

  it('sorts within the filters', async () => {
    const { list, totalCount } = await page({
      p: 1,
      pageSize: 100,
      sort: 'accountNumber',
      order: 'desc',
      accountName: 'name1',
    });
    const names = stored.filter((r) => r.name === 'name1');
    expect(totalCount).toBe(names.length);
    expect(list.map((r) => r.accountNumber)).toEqual(
      names
        .map((r) => r.number)
        .sort()
        .reverse(),
    );
  });

  it.each([
    [{ sort: 'password' }, '排序字段取值不正确'],
    [{ sort: 'accountNumber', order: 'up' }, '排序方向取值不正确'],
    [{ sort: 'accountNumber', order: 'ascending' }, '排序方向取值不正确'],
  ])('refuses %o with 400 “%s”', async (query, message) => {
    const res = await t.call('GET', '/account/s', { token: admin, query: { p: 1, pageSize: 10, ...query } });
    expect(res.body).toEqual({ code: 400, msg: message });
  });

  it('names the field in English too', async () => {
    const res = await t.app.fastify.inject({
      method: 'GET',
      url: '/api/account/s?p=1&pageSize=10&sort=password',
      headers: { authorization: admin, 'accept-language': 'en-US' },
    });
    expect(res.json()).toEqual({ code: 400, msg: 'sort has an invalid value' });
  });
});
