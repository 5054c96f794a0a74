import { defineEntity, type SheetColumnSpec } from '@gatehouse/contract';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import {
  cellInput,
  codecChoices,
  importColumns,
  repeatedInFile,
  type SheetUnique,
  sheetUniqueFields,
  sheetValue,
  tableColumn,
  takenInTable,
  uniqueClashes,
  uniqueHolders,
  uniqueKeys,
} from './entity-sheets.js';
import { localeContext } from './i18n.js';

const code: SheetColumnSpec<'code' | 'made'> = {
  key: 'code',
  header: { 'zh-CN': '编码', 'en-US': 'Code' },
  width: 12,
  type: 'number',
  template: true,
  readOnly: false,
  aliases: ['代码', 'CODE'],
};
const made: SheetColumnSpec<'code' | 'made'> = {
  key: 'made',
  header: { 'zh-CN': '创建时间', 'en-US': 'Created' },
  width: 20,
  template: false,
  readOnly: true,
};

describe('sheets from descriptors', () => {
  it('read a column under every language’s header, then the earlier headers it had', () => {
    expect(importColumns([code, made], ['code'])).toEqual([
      { key: 'code', headers: ['编码', 'Code', '代码', 'CODE'], required: true, readOnly: false },
      { key: 'made', headers: ['创建时间', 'Created'], required: false, readOnly: true },
    ]);
  });

  it('write a column headed in the request’s language, with its width and kind', () => {
    const english = localeContext.run('en-US', () =>
      tableColumn<'code' | 'made', { code: number; made: string }>(code),
    );
    expect(english).toMatchObject({ key: 'code', header: 'Code', width: 12, type: 'number' });
    expect(english.value({ code: 7, made: '' })).toBe(7);
    const chinese = tableColumn<'code' | 'made', { code: number; made: string }>(made, { choices: ['a'] });
    expect(chinese).toMatchObject({ key: 'made', header: '创建时间', width: 20, choices: ['a'] });
  });
});

/** A descriptor of fields a sheet serves by their descriptor alone (no module's hook). */
const staff = defineEntity({
  name: 'staff',
  table: 'staff',
  fields: {
    id: { column: 'id', label: { 'zh-CN': '编号', 'en-US': 'ID' }, answer: Type.Integer() },
    badge: {
      column: 'badge',
      label: { 'zh-CN': '胸牌', 'en-US': 'Badge' },
      answer: Type.Union([Type.String(), Type.Null()]),
      input: Type.Union([Type.String({ maxLength: 8 }), Type.Null()]),
      sheet: { width: 10 },
      unique: true,
    },
    name: {
      column: 'name',
      label: { 'zh-CN': '姓名', 'en-US': 'Name' },
      answer: Type.String(),
      input: Type.String({ minLength: 1 }),
      sheet: { width: 10 },
    },
    seat: {
      column: 'seat',
      label: { 'zh-CN': '座位', 'en-US': 'Seat' },
      answer: Type.Integer(),
      input: Type.Integer(),
      sheet: { width: 6, type: 'number' },
      unique: true,
    },
    active: {
      column: 'active',
      label: { 'zh-CN': '在岗', 'en-US': 'On duty' },
      answer: Type.Boolean(),
      input: Type.Union([Type.Literal(0), Type.Literal(1), Type.Boolean()]),
      sheet: { width: 8 },
      codec: 'flag',
    },
    code: {
      column: 'code',
      label: { 'zh-CN': '工卡', 'en-US': 'Card' },
      answer: Type.String(),
      input: Type.String(),
      sheet: { width: 8 },
      unique: true,
    },
    joined: {
      column: 'joined',
      label: { 'zh-CN': '入职时间', 'en-US': 'Joined' },
      answer: Type.Integer(),
      sheet: { width: 20, type: 'date', readOnly: true },
      codec: 'time',
      unique: true,
    },
  },
});
const { badge, name, seat, active } = staff.fields;

describe('fields a sheet serves by their descriptor', () => {
  it('write a value by its codec: a flag in words of the request’s language, the rest as stored', () => {
    expect(sheetValue(active, 1)).toBe('启用');
    expect(localeContext.run('en-US', () => sheetValue(active, 0))).toBe('Disabled');
    expect(sheetValue(staff.fields.joined, '2026-01-02T03:04:05.000Z')).toBe('2026-01-02T03:04:05.000Z');
    expect(sheetValue(badge, null)).toBeNull();
    expect(sheetValue(badge, undefined)).toBeNull();
    expect(codecChoices(active)).toEqual(['启用', '禁用']);
    expect(codecChoices(badge)).toBeUndefined();
  });

  it('read a cell into the value a write body gives the field', () => {
    expect(cellInput(badge, '  B-1 ')).toEqual({ value: 'B-1' });
    // A blank clears a field that takes null; a text that does not is left to its schema (which refuses it).
    expect(cellInput(badge, '  ')).toEqual({ value: null });
    expect(cellInput(name, '')).toEqual({ value: '' });
    expect(cellInput(seat, '12')).toEqual({ value: 12 });
    expect(cellInput(seat, 'twelve')).toEqual({ value: 'twelve' });
    expect(cellInput(active, '禁用')).toEqual({ value: 0 });
    expect(cellInput(active, 'Enabled')).toEqual({ value: 1 });
    expect(cellInput(active, '停用')).toEqual({ value: 0 });
    expect(cellInput(active, '')).toEqual({ value: 1 });
    expect(cellInput(active, '也许')).toEqual({ refused: '在岗只能填写“启用”或“禁用”' });
    expect(localeContext.run('en-US', () => cellInput(active, 'maybe'))).toEqual({
      refused: 'On duty must be "Enabled" or "Disabled"',
    });
  });

  it('check the unique fields an import writes, but those a module checks itself', () => {
    // 工卡 has a hook here; 入职时间 is read-only (an import never writes it).
    const uniques = sheetUniqueFields(staff, ['code']);
    expect(uniques.map((u) => [u.key, u.sheetKey, u.column])).toEqual([
      ['badge', 'badge', 'badge'],
      ['seat', 'seat', 'seat'],
    ]);
    const [onBadge] = uniques as [SheetUnique];
    expect(repeatedInFile(onBadge, 'B-1', 2)).toBe('胸牌“B-1”与第 2 行重复');
    expect(takenInTable(onBadge, 'B-1')).toBe('胸牌“B-1”已存在');
    expect(localeContext.run('en-US', () => repeatedInFile(onBadge, 'B-1', 2))).toBe('Badge "B-1" repeats row 2');
    expect(localeContext.run('en-US', () => takenInTable(onBadge, 'B-1'))).toBe('Badge "B-1" is already taken');
    // A blank or null holds nothing; the key names the field, so two fields may hold the same text.
    expect(uniqueKeys(uniques, (key) => ({ badge: '7', seat: 7 })[key])).toEqual([
      { field: uniques[0], value: '7', key: 'badge\u00007' },
      { field: uniques[1], value: 7, key: 'seat\u00007' },
    ]);
    expect(uniqueKeys(uniques, (key) => ({ badge: null, seat: '' })[key])).toEqual([]);
  });

  it('read the holders of a file’s unique values in batches, and refuse a value another row holds', async () => {
    const uniques = sheetUniqueFields(staff, ['code']);
    const rows = Array.from({ length: 1_200 }, (_, i) => ({
      id: i + 1,
      badge: `B-${i}`,
      seat: i % 2 === 0 ? i : null,
    }));
    rows.push({ id: 0, badge: 'B-0', seat: null }); // a repeated value is asked for once
    // The table: row 5 holds B-3, row 9 holds seat 4.
    const stored = [
      { id: 5, badge: 'B-3', seat: 1_001 },
      { id: 9, badge: 'Z', seat: 4 },
    ];
    const statements: Array<{ column: string; values: readonly (string | number)[] }> = [];
    const holders = await uniqueHolders(
      uniques,
      rows,
      (row, key) => row[key as 'badge' | 'seat'],
      async (column, values) => {
        statements.push({ column, values });
        return stored
          .filter((s) => values.includes(s[column as 'badge' | 'seat']))
          .map((s) => ({ id: s.id, value: s[column as 'badge' | 'seat'] }));
      },
      500,
    );
    // 1,200 badges in three statements, 600 seats in two: never one per row.
    expect(statements.map((s) => [s.column, s.values.length])).toEqual([
      ['badge', 500],
      ['badge', 500],
      ['badge', 200],
      ['seat', 500],
      ['seat', 100],
    ]);
    expect(holders.get('badge')).toEqual(new Map([['B-3', 5]]));
    expect(holders.get('seat')).toEqual(new Map([['4', 9]]));
    const clashes = (values: Record<string, unknown>, ownId?: number) =>
      uniqueClashes(uniques, holders, (key) => values[key], ownId).map((c) => [c.field.key, c.message]);
    expect(clashes({ badge: 'B-3', seat: 4 })).toEqual([
      ['badge', '胸牌“B-3”已存在'],
      ['seat', '座位“4”已存在'],
    ]);
    // The row an upsert updates keeps its own value.
    expect(clashes({ badge: 'B-3', seat: 1 }, 5)).toEqual([]);
    expect(clashes({ badge: null, seat: 2 })).toEqual([]);
  });
});
