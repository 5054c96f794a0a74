// @vitest-environment node
// The mock's rows from a descriptor (entity-rows.ts), on a descriptor of every kind of field and filter.
import { defineEntity, Timestamp } from '@gatehouse/contract';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import {
  answeredFields,
  listFilter,
  newRow,
  refuseTaken,
  sheetExportColumns,
  sortColumns,
  writtenFields,
} from './entity-rows';
import { MockError } from './handle';
import { sortRows } from './handlers/sorting';

const text = (maxLength: number) => Type.Union([Type.String({ maxLength }), Type.Null()]);
const thing = defineEntity({
  name: 'thing',
  table: 'thing',
  fields: {
    id: { column: 'id', label: { 'zh-CN': '编号', 'en-US': 'ID' }, answer: Type.Integer() },
    code: {
      column: 'code',
      label: { 'zh-CN': '编码', 'en-US': 'Code' },
      answer: Type.String(),
      input: Type.String({ maxLength: 20 }),
      sheet: { width: 10 },
      filter: 'prefix',
      searched: true,
      sortable: true,
      unique: true,
    },
    name: {
      column: 'name',
      label: { 'zh-CN': '名称', 'en-US': 'Name' },
      answer: Type.String(),
      input: Type.String({ maxLength: 20 }),
      filter: 'contains',
      searched: true,
    },
    tag: {
      column: 'tag',
      label: { 'zh-CN': '标记', 'en-US': 'Tag' },
      answer: text(20),
      input: text(20),
      sheet: { width: 10, key: 'tagName', label: { 'zh-CN': '标记名', 'en-US': 'Tag name' } },
      filter: 'exact',
      sortable: true,
      unique: true,
    },
    weight: {
      column: 'weight',
      label: { 'zh-CN': '权重', 'en-US': 'Weight' },
      answer: Type.Integer(),
      input: Type.Integer(),
      form: 'number',
    },
    state: {
      column: 'state',
      label: { 'zh-CN': '状态', 'en-US': 'Status' },
      answer: Type.Boolean(),
      input: Type.Union([Type.Literal(0), Type.Literal(1)]),
      sheet: { width: 10 },
      codec: 'flag',
      filter: 'state',
    },
    createTime: {
      column: 'create_time',
      label: { 'zh-CN': '创建时间', 'en-US': 'Created' },
      answer: Timestamp,
      sheet: { width: 20, type: 'date', readOnly: true },
      codec: 'time',
      filter: 'range',
      sortable: true,
    },
    secret: { column: 'secret', label: { 'zh-CN': '密文', 'en-US': 'Secret' } },
  },
});

type Thing = { id: number } & Record<string, unknown>;
const rows: Thing[] = [
  { id: 1, code: 'AB-1', name: 'Alpha', tag: 'x', weight: 0, state: true, createTime: 1_000 },
  { id: 2, code: 'AB-2', name: 'beta', tag: null, weight: 0, state: false, createTime: 2_000 },
  { id: 3, code: 'CD-3', name: 'Gamma', tag: 'y', weight: 0, state: true, createTime: 3_000 },
];
const ids = (query: Record<string, unknown>) => rows.filter(listFilter(thing, query)).map((row) => row.id);
const refusal = (act: () => unknown) => {
  try {
    act();
  } catch (error) {
    return error instanceof MockError ? { msg: error.message, field: error.field } : error;
  }
  return null;
};

describe('rows from a descriptor', () => {
  it('defaults a new row’s answered fields: a flag enabled, a time now, a number box 0, else null', () => {
    const row = newRow(thing);
    expect(Object.keys(row)).toEqual(['id', 'code', 'name', 'tag', 'weight', 'state', 'createTime']);
    expect(row).toMatchObject({ code: null, tag: null, weight: 0, state: true });
    expect(row.createTime).toBeGreaterThan(Date.now() - 1_000);
  });

  it('writes what a body gives (text trimmed, blank null, a flag a boolean) and refuses a required blank', () => {
    expect(writtenFields(thing, { code: ' A ', tag: '  ', state: 0, other: 'x' }, ['code'])).toEqual({
      code: 'A',
      tag: null,
      state: false,
    });
    expect(refusal(() => writtenFields(thing, { code: ' ' }, ['code']))).toEqual({
      msg: '编码不能为空白',
      field: 'code',
    });
  });

  it('refuses a unique value another row holds, naming the field, but not the row’s own', () => {
    expect(refusal(() => refuseTaken(thing, rows, { code: 'AB-1' }))).toEqual({
      msg: '编码“AB-1”已存在',
      field: 'code',
    });
    expect(refusal(() => refuseTaken(thing, rows, { tag: 'y' }, 1))).toEqual({ msg: '标记“y”已存在', field: 'tag' });
    expect(refusal(() => refuseTaken(thing, rows, { code: 'AB-1', tag: 'x' }, 1))).toBeNull();
    expect(refusal(() => refuseTaken(thing, rows, { tag: null }))).toBeNull();
  });

  it('filters by each kind and finds the keyword in a searched field, ignoring case', () => {
    expect(ids({ code: ' AB ' })).toEqual([1, 2]);
    expect(ids({ code: 'ab' })).toEqual([]);
    expect(ids({ name: 'AMM' })).toEqual([3]);
    expect(ids({ tag: 'x' })).toEqual([1]);
    expect(ids({ tag: '' })).toEqual([1, 2, 3]);
    expect(ids({ state: 0 })).toEqual([2]);
    expect(ids({ startTime: 2_000, endTime: new Date(3_000).toISOString() })).toEqual([2, 3]);
    expect(ids({ keyword: ' ALP ' })).toEqual([1]);
    expect(ids({ keyword: 'cd', state: 1 })).toEqual([3]);
    // Not searched: the tag.
    expect(ids({ keyword: 'y' })).toEqual([]);
  });

  it('sorts by the sortable fields, a row without a value last ascending and first descending', () => {
    const columns = sortColumns<Thing>(thing);
    expect(Object.keys(columns)).toEqual(['code', 'tag', 'createTime']);
    expect(sortRows(rows, { sort: 'tag' }, columns).map((row) => row.id)).toEqual([1, 3, 2]);
    expect(sortRows(rows, { sort: 'tag', order: 'desc' }, columns).map((row) => row.id)).toEqual([2, 3, 1]);
    expect(sortRows(rows, { sort: 'createTime' }, columns).map((row) => row.id)).toEqual([3, 2, 1]);
  });

  it('exports the sheet columns: their keys and headers, a flag as its word, a time as a date', () => {
    const columns = sheetExportColumns<Thing>(thing, { tagName: (row) => `#${row.tag}` });
    expect(columns.map(([key, header]) => [key, header])).toEqual([
      ['code', '编码'],
      ['tagName', '标记名'],
      ['state', '状态'],
      ['createTime', '创建时间'],
    ]);
    expect(columns.map(([, , cell]) => cell(rows[1] as Thing))).toEqual(['AB-2', '#null', '禁用', new Date(2_000)]);
  });

  it('answers every answered field, null where the row holds none', () => {
    const row: Thing = { id: 9, code: 'Z', secret: 's' };
    expect(answeredFields(thing, row)).toEqual({
      id: 9,
      code: 'Z',
      name: null,
      tag: null,
      weight: null,
      state: null,
      createTime: null,
    });
  });
});
