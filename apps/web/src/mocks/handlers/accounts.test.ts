// @vitest-environment node
// The accounts mock serves every field of the account's descriptor (contract accounts.entity.ts) by what the
// descriptor says of it. Each test walks the descriptor, so a field added there is tested here without a line.
import {
  ACCOUNT_SHEET_COLUMNS,
  ACCOUNT_SORTS,
  accountEntity,
  type FieldSpec,
  routes,
  sheetColumns,
} from '@gatehouse/contract';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { mockClient } from '@/mocks/mock-client';
import type { StoredAccount } from '@/mocks/store';

const fields = Object.entries(accountEntity.fields) as Array<[string, FieldSpec]>;
const label = (spec: FieldSpec) => spec.label['zh-CN'];
const fieldValue = (account: object, key: string) => (account as Record<string, unknown>)[key];
const required = (routes.createAccount.body as { required?: string[] }).required ?? [];
const body = (accountNumber: string) => ({
  accountNumber,
  accountName: '测试账号',
  password: 'Sample#2026',
  state: 1 as const,
  orgId: 2,
});

/** The longest text a field's input takes (its union's text member's), if it says. */
function textMax(spec: FieldSpec): number | undefined {
  const input = spec.input as { maxLength?: number; anyOf?: Array<{ maxLength?: number }> } | undefined;
  return input?.maxLength ?? input?.anyOf?.find((member) => member.maxLength !== undefined)?.maxLength;
}

/** A seeded account holding a text in the field, and that text. */
function seededText(accounts: readonly StoredAccount[], key: string): [StoredAccount, string] | undefined {
  const account = accounts.find(
    (a) => typeof fieldValue(a, key) === 'string' && (fieldValue(a, key) as string).length > 2,
  );
  return account && [account, fieldValue(account, key) as string];
}

/** Null after every value ascending, as sortRows orders (and PostgreSQL). */
const inOrder = (a: unknown, b: unknown) =>
  a === null ? b === null : b === null || (a as string | number) <= (b as string | number);

describe('the accounts mock, from the descriptor', () => {
  it('answers every answered field of the descriptor, a new account the defaults of those it does not write', async () => {
    const { data } = mockClient();
    const page = await data(routes.listAccounts, { query: { p: 1, pageSize: 100 } });
    const created = await data(routes.createAccount, { body: body('from.descriptor') });
    for (const row of [...page.list, created]) {
      for (const [key, spec] of fields) {
        if (!spec.answer) continue;
        expect(Value.Check(spec.answer, fieldValue(row, key)), `${key} of ${row.accountNumber}`).toBe(true);
      }
    }
    for (const [key, spec] of fields) {
      if (spec.answer && !spec.input && !spec.codec && key !== 'id') expect(fieldValue(created, key), key).toBeNull();
    }
    expect(created.state).toBe(true);
    expect(created.createTime).toBeGreaterThan(Date.now() - 60_000);
  });

  it('refuses what the contract’s limits refuse, in the server’s words, naming the field', async () => {
    const { call } = mockClient();
    for (const [key, spec] of fields) {
      const max = textMax(spec);
      if (max === undefined) continue;
      const answer = await call(routes.createAccount, { body: { ...body('too.long'), [key]: 'a'.repeat(max + 1) } });
      expect(answer, key).toMatchObject({
        status: 400,
        body: { code: 400, msg: `${label(spec)}长度不能超过 ${max} 个字符`, field: key },
      });
    }
  });

  it('refuses a required text written blank, naming the field', async () => {
    const { call } = mockClient();
    for (const [key, spec] of fields) {
      if (!spec.input || !required.includes(key) || textMax(spec) === undefined) continue;
      const answer = await call(routes.createAccount, { body: { ...body('blank'), [key]: '   ' } });
      expect(answer.body, key).toEqual({ code: 400, msg: `${label(spec)}不能为空白`, field: key });
    }
  });

  it('stores blank optional text as null and keeps on an edit what the body leaves out', async () => {
    const { data } = mockClient();
    const created = await data(routes.createAccount, { body: { ...body('keeps'), avatar: ' /a.png ' } });
    expect(created.avatar).toBe('/a.png');
    const edited = await data(routes.updateAccount, { body: { ...body('keeps'), id: created.id } });
    expect(edited.avatar).toBe('/a.png');
    const cleared = await data(routes.updateAccount, { body: { ...body('keeps'), id: created.id, avatar: '  ' } });
    expect(cleared.avatar).toBeNull();
  });

  it('refuses a unique field’s value another account holds, naming the field', async () => {
    const { store, call, data } = mockClient();
    const mine = await data(routes.createAccount, { body: body('unique.me') });
    for (const [key, spec] of fields) {
      if (!spec.unique || !spec.input) continue;
      const held = seededText(store.accounts, key);
      if (!held) continue;
      const [, value] = held;
      const created = await call(routes.createAccount, { body: { ...body('unique.other'), [key]: value } });
      expect(created.body, key).toEqual({ code: 400, msg: `${label(spec)}“${value}”已存在`, field: key });
      const edited = await call(routes.updateAccount, { body: { ...body('unique.me'), id: mine.id, [key]: value } });
      expect(edited.body, key).toEqual({ code: 400, msg: `${label(spec)}“${value}”已存在`, field: key });
    }
  });

  it('filters by every filter the descriptor declares, by its kind', async () => {
    const { store, data } = mockClient();
    const list = async (query: Record<string, unknown>) =>
      (await data(routes.listAccounts, { query: { p: 1, pageSize: 100, ...query } })).list;
    for (const [key, spec] of fields) {
      if (spec.filter === 'state') {
        for (const state of [0, 1]) {
          const rows = await list({ [key]: state });
          expect(rows.length, key).toBe(store.accounts.filter((a) => Boolean(fieldValue(a, key)) === !!state).length);
        }
      } else if (spec.filter === 'range') {
        const times = store.accounts.map((a) => fieldValue(a, key) as number).sort((a, b) => a - b);
        const [from, to] = [times[3], times[times.length - 4]] as [number, number];
        const rows = await list({ startTime: from, endTime: new Date(to).toISOString() });
        expect(
          rows.every((row) => (fieldValue(row, key) as number) >= from && (fieldValue(row, key) as number) <= to),
        ).toBe(true);
        expect(rows.length).toBe(times.filter((at) => at >= from && at <= to).length);
      } else if (spec.filter) {
        const held = seededText(store.accounts, key);
        if (!held) continue;
        const [account, value] = held;
        const term =
          spec.filter === 'prefix' ? value.slice(0, 2) : spec.filter === 'contains' ? value.slice(1, -1) : value;
        const rows = await list({ [key]: ` ${term} ` });
        expect(
          rows.map((row) => row.id),
          key,
        ).toContain(account.id);
        const kept = (text: unknown) =>
          typeof text === 'string' &&
          (spec.filter === 'prefix'
            ? text.startsWith(term)
            : spec.filter === 'contains'
              ? text.toLowerCase().includes(term.toLowerCase())
              : text === term);
        expect(
          rows.every((row) => kept(fieldValue(row, key))),
          key,
        ).toBe(true);
        expect(rows.length, key).toBe(store.accounts.filter((a) => kept(fieldValue(a, key))).length);
      }
    }
  });

  it('finds the keyword in any part of every searched field, ignoring case', async () => {
    const { store, data } = mockClient();
    const searched = fields.flatMap(([key, spec]) => (spec.searched ? [key] : []));
    expect(searched.length).toBeGreaterThan(0);
    for (const key of searched) {
      const held = seededText(store.accounts, key);
      if (!held) continue;
      const [account, value] = held;
      const keyword = value.slice(1, -1).toUpperCase();
      const { list } = await data(routes.listAccounts, { query: { p: 1, pageSize: 100, keyword } });
      expect(
        list.map((row) => row.id),
        key,
      ).toContain(account.id);
      const found = (row: object) =>
        searched.some((k) =>
          String(fieldValue(row, k) ?? '')
            .toLowerCase()
            .includes(keyword.toLowerCase()),
        );
      expect(list.every(found), key).toBe(true);
    }
  });

  it('sorts by every sortable field, both ways, ties by id', async () => {
    const { data } = mockClient();
    expect(ACCOUNT_SORTS).toEqual([...fields.flatMap(([key, spec]) => (spec.sortable ? [key] : [])), 'orgName']);
    for (const sort of ACCOUNT_SORTS) {
      for (const order of ['asc', 'desc'] as const) {
        const { list } = await data(routes.listAccounts, { query: { p: 1, pageSize: 100, sort, order } });
        const values = list.map((row) =>
          sort === 'orgName' ? `${row.orgName}\u0000${row.orgId}` : fieldValue(row, sort),
        );
        for (let i = 1; i < list.length; i++) {
          const [a, b] = order === 'asc' ? [values[i - 1], values[i]] : [values[i], values[i - 1]];
          expect(inOrder(a, b), `${sort} ${order} at ${i}`).toBe(true);
        }
      }
    }
  });

  it('exports the descriptor’s sheet columns, headed by their labels', async () => {
    const { call } = mockClient();
    const answer = await call(routes.exportAccounts, { query: { format: 'csv' } });
    expect(answer.status).toBe(200);
    const [head] = String(answer.body)
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(head?.split(',')).toEqual(sheetColumns(accountEntity).map((column) => column.header['zh-CN']));
    expect(sheetColumns(accountEntity).map((column) => column.key)).toEqual([...ACCOUNT_SHEET_COLUMNS]);
    for (const key of ACCOUNT_SHEET_COLUMNS) {
      const one = await call(routes.exportAccounts, { query: { format: 'csv', columns: key, accountNumber: 'admin' } });
      expect(String(one.body).replace(/\r\n$/, '').split('\r\n'), key).toHaveLength(2);
    }
  });
});
