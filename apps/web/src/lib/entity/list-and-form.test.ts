import { accountEntity, defineEntity, type FieldSpec, StateInput, Timestamp } from '@gatehouse/contract';
import { Type } from 'typebox';
import { afterEach, describe, expect, it } from 'vitest';
import {
  bodyValues,
  choiceFilters,
  controlOf,
  emptyValues,
  exportColumns,
  fieldColumns,
  filterCodecsOf,
  formValues,
  fromScopedFilters,
  searchScopes,
  textFilters,
  timeSorts,
  toScopedFilters,
  writableFields,
} from '@/lib/entity';
import { setTextLocale } from '@/lib/i18n';

/** An entity of the descriptor's shape: what a list and a dialog derive must follow its declaration. */
const shop = defineEntity({
  name: 'shop',
  table: 'shop',
  fields: {
    id: { column: 'id', label: { 'zh-CN': '编号', 'en-US': 'ID' }, answer: Type.Integer() },
    code: {
      column: 'code',
      label: { 'zh-CN': '店铺编码', 'en-US': 'Shop code' },
      answer: Type.String(),
      input: Type.String({ minLength: 1, maxLength: 8 }),
      sheet: { width: 10 },
      list: { width: 90 },
      filter: 'prefix',
      searched: true,
      sortable: true,
    },
    title: {
      column: 'title',
      label: { 'zh-CN': '店名', 'en-US': 'Shop name' },
      answer: Type.String(),
      input: Type.String({ minLength: 1, maxLength: 12 }),
      sheet: { width: 12 },
      list: { width: 123 },
      searched: true,
    },
    tag: {
      column: 'tag',
      label: { 'zh-CN': '标签', 'en-US': 'Tag' },
      answer: Type.Union([Type.String(), Type.Null()]),
      input: Type.Union([Type.String({ maxLength: 20 }), Type.Null()]),
      list: { hidden: true },
      filter: 'exact',
    },
    ownerId: {
      column: 'owner_id',
      label: { 'zh-CN': '店主', 'en-US': 'Owner' },
      answer: Type.Integer(),
      input: Type.Integer({ minimum: 1 }),
      sheet: { key: 'ownerName', width: 10 },
    },
    rank: {
      column: 'rank',
      label: { 'zh-CN': '名次', 'en-US': 'Rank' },
      answer: Type.Union([Type.Integer(), Type.Null()]),
      input: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
    },
    note: {
      column: 'note',
      label: { 'zh-CN': '备注', 'en-US': 'Note' },
      answer: Type.Union([Type.String(), Type.Null()]),
      input: Type.Union([Type.String({ maxLength: 200 }), Type.Null()]),
      form: 'textarea',
      filter: 'contains',
    },
    state: {
      column: 'state',
      label: { 'zh-CN': '状态', 'en-US': 'Status' },
      answer: Type.Boolean(),
      input: StateInput,
      sheet: { width: 8 },
      list: { width: 80 },
      codec: 'flag',
      filter: 'state',
    },
    openedAt: {
      column: 'opened_at',
      label: { 'zh-CN': '开业时间', 'en-US': 'Opened' },
      answer: Timestamp,
      list: { width: 150 },
      codec: 'time',
      filter: 'range',
      sortable: true,
    },
  },
});

describe('a list from an entity’s descriptor', () => {
  afterEach(() => setTextLocale('zh-CN'));

  it('lists every field with a list spec in declaration order: label, width, hidden, server sort', async () => {
    expect(fieldColumns(shop, { sorts: ['code', 'openedAt'] })).toEqual([
      { field: 'code', key: 'code', dataIndex: 'code', title: '店铺编码', width: 90, sortField: 'code' },
      { field: 'title', key: 'title', dataIndex: 'title', title: '店名', width: 123 },
      { field: 'tag', key: 'tag', dataIndex: 'tag', title: '标签', defaultHidden: true },
      { field: 'state', key: 'state', dataIndex: 'state', title: '状态', width: 80 },
      {
        field: 'openedAt',
        key: 'openedAt',
        dataIndex: 'openedAt',
        title: '开业时间',
        width: 150,
        sortField: 'openedAt',
      },
    ]);
    // A sortable field the route does not sort by gets no sorter; a field the screen lists by name joins in its place.
    const columns = fieldColumns(shop, { sorts: [], also: ['ownerId'] });
    expect(columns.map((column) => column.field)).toEqual(['code', 'title', 'tag', 'ownerId', 'state', 'openedAt']);
    expect(columns.some((column) => column.sortField)).toBe(false);
    await setTextLocale('en-US');
    expect(fieldColumns(shop).map((column) => column.title)).toEqual([
      'Shop code',
      'Shop name',
      'Tag',
      'Status',
      'Opened',
    ]);
  });

  it('exports a column showing a field of the sheet under the sheet’s key; other columns are not exported', () => {
    const columns = [
      { key: 'code', field: 'code' },
      { key: 'ownerName', field: 'ownerId' },
      { key: 'tag', field: 'tag' },
      { key: 'actions' },
      { key: 'state', field: 'state' },
    ];
    expect(exportColumns(shop, columns)).toEqual({ code: 'code', ownerName: 'ownerName', state: 'state' });
  });

  it('the server’s default order of a sortable time is newest first', () => {
    expect(timeSorts(shop)).toEqual(['openedAt']);
  });

  it('derives the filters and how they travel in the URL', () => {
    expect(filterCodecsOf(shop)).toEqual({
      keyword: 'text',
      code: 'text',
      tag: 'text',
      note: 'text',
      state: 'bit',
      startTime: 'time',
      endTime: 'time',
    });
    expect(textFilters(shop)).toEqual([
      { key: 'code', kind: 'prefix', label: '店铺编码', maxLength: 8 },
      { key: 'tag', kind: 'exact', label: '标签', maxLength: 20 },
      { key: 'note', kind: 'contains', label: '备注', maxLength: 200 },
    ]);
    // A filter the route takes on a field declaring none joins where the field is declared.
    expect(textFilters(shop, { title: { kind: 'exact', maxLength: 5 } }).map((filter) => filter.key)).toEqual([
      'code',
      'title',
      'tag',
      'note',
    ]);
    expect(choiceFilters(shop)).toEqual([
      { kind: 'state', key: 'state', label: '状态' },
      { kind: 'range', key: 'openedAt', label: '开业时间', names: ['startTime', 'endTime'] },
    ]);
  });

  it('one search box: 全部 over the searched fields, then each text filter, its placeholder saying how it matches', async () => {
    expect(searchScopes(shop, textFilters(shop))).toEqual([
      { key: 'keyword', label: '全部', placeholder: '店铺编码或店名', maxLength: 100 },
      { key: 'code', label: '店铺编码', placeholder: '店铺编码的开头', maxLength: 8 },
      { key: 'tag', label: '标签', placeholder: '完整的标签', maxLength: 20 },
      { key: 'note', label: '备注', placeholder: '备注的任一部分', maxLength: 200 },
    ]);
    await setTextLocale('en-US');
    expect(searchScopes(shop, textFilters(shop)).map((scope) => scope.placeholder)).toEqual([
      'Shop code or Shop name',
      'Shop code: its beginning',
      'Tag: the whole value',
      'Note: any part',
    ]);
  });

  it('the box shows the scope applied and applies its text under the scope’s parameter, the other filters kept', () => {
    const scopes = searchScopes(shop, textFilters(shop));
    expect(toScopedFilters({ tag: 'A-1', state: 1 }, scopes)).toEqual({
      keyword: { scope: 'tag', text: 'A-1' },
      state: 1,
    });
    expect(toScopedFilters({ keyword: '东', state: 0 }, scopes)).toEqual({
      keyword: { scope: 'keyword', text: '东' },
      state: 0,
    });
    // One box shows one scope: the first applied in the scopes' order.
    expect(toScopedFilters({ note: 'x', code: 'c' }, scopes)).toEqual({ keyword: { scope: 'code', text: 'c' } });
    expect(toScopedFilters({ state: 1 }, scopes)).toEqual({ state: 1 });

    expect(fromScopedFilters({ keyword: { scope: 'tag', text: ' A-1 ' }, state: 1 }, scopes)).toEqual({
      tag: 'A-1',
      state: 1,
    });
    expect(fromScopedFilters({ keyword: { scope: 'keyword', text: '东' } }, scopes)).toEqual({ keyword: '东' });
    // Blank text filters nothing; an unknown scope neither; the scopes' parameters come only from the box.
    expect(fromScopedFilters({ keyword: { scope: 'code', text: '  ' }, state: 0 }, scopes)).toEqual({ state: 0 });
    expect(fromScopedFilters({ keyword: { scope: 'openedAt', text: 'x' } }, scopes)).toEqual({});
    expect(fromScopedFilters({ keyword: { scope: 'code', text: 'c' }, tag: 'old' }, scopes)).toEqual({ code: 'c' });
    // A plain text (a form that held no scope) searches the first scope.
    expect(fromScopedFilters({ keyword: 'c' }, scopes)).toEqual({ keyword: 'c' });
  });

  it('the account list: every text filter is a scope of its one box, 全部 naming every searched field', () => {
    const scopes = searchScopes(accountEntity, textFilters(accountEntity));
    const fields = Object.entries(accountEntity.fields) as Array<[string, FieldSpec]>;
    const declared = fields.flatMap(([key, field]) =>
      field.filter === 'prefix' || field.filter === 'contains' || field.filter === 'exact' ? [key] : [],
    );
    expect(scopes.map((scope) => scope.key)).toEqual(['keyword', ...declared]);
    for (const [, field] of fields.filter(([, field]) => field.searched)) {
      expect(scopes[0]?.placeholder).toContain(field.label['zh-CN']);
    }
  });
});

describe('a dialog from an entity’s descriptor', () => {
  it('edits the writable fields, each with its control', () => {
    expect(writableFields(shop)).toEqual(['code', 'title', 'tag', 'ownerId', 'rank', 'note', 'state']);
    expect(writableFields(shop).map((key) => controlOf(shop, key))).toEqual([
      'text',
      'text',
      'text',
      'number',
      'number',
      'textarea',
      'switch',
    ]);
  });

  it('a new row: texts empty, numbers empty, a flag on', () => {
    expect(emptyValues(shop)).toEqual({
      code: '',
      title: '',
      tag: '',
      ownerId: null,
      rank: null,
      note: '',
      state: true,
    });
  });

  it('fills from a row (none as an empty box) and writes back: trimmed, blank null where it may be, a flag 1/0', () => {
    const row = { id: 3, code: 'S1', title: '东店', tag: null, ownerId: 7, rank: null, note: 'n', state: false };
    const values = formValues(shop, row);
    expect(values).toEqual({ code: 'S1', title: '东店', tag: '', ownerId: 7, rank: null, note: 'n', state: false });
    expect(bodyValues(shop, { ...values, title: ' 西店 ', note: '  ', state: true })).toEqual({
      code: 'S1',
      title: '西店',
      tag: null,
      ownerId: 7,
      rank: null,
      note: null,
      state: 1,
    });
    // A required text left blank is sent blank (the server refuses it naming the field); a required number left
    // empty is left out; only the fields asked for are mapped.
    expect(bodyValues(shop, { ...values, code: ' ', ownerId: null })).toMatchObject({ code: '' });
    expect('ownerId' in bodyValues(shop, { ...values, ownerId: null })).toBe(false);
    expect(bodyValues(shop, values, ['title', 'state'])).toEqual({ title: '东店', state: 0 });
  });
});
