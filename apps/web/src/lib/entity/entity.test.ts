import { defineEntity, MOBILE_PATTERN, orgEntity, TELEPHONE_PATTERN } from '@gatehouse/contract';
import { Type } from 'typebox';
import { afterEach, describe, expect, it } from 'vitest';
import {
  declaredFieldLabel,
  fieldLabel,
  inputLimits,
  listColumnOf,
  patternText,
  rulesOf,
  sheetHeaders,
} from '@/lib/entity';
import { setTextLocale } from '@/lib/i18n';

/** An entity of the descriptor's shape whose facts differ from the organisation's: what is derived must follow. */
const shop = defineEntity({
  name: 'shop',
  table: 'shop',
  fields: {
    title: {
      column: 'title',
      label: { 'zh-CN': '店名', 'en-US': 'Shop name' },
      answer: Type.String(),
      input: Type.String({ minLength: 2, maxLength: 12 }),
      list: { width: 123 },
    },
    code: {
      column: 'code',
      label: { 'zh-CN': '店铺编码', 'en-US': 'Shop code' },
      answer: Type.Union([Type.String(), Type.Null()]),
      input: Type.Union([Type.String({ maxLength: 8, pattern: '^[0-9]*$' }), Type.Null()]),
      list: { width: 90, hidden: true },
    },
    rank: {
      column: 'rank',
      label: { 'zh-CN': '名次', 'en-US': 'Rank' },
      answer: Type.Integer(),
      input: Type.Integer({ minimum: 1, maximum: 9 }),
    },
  },
});

/** The messages of a field's rules, in order. */
const messages = (rules: ReturnType<typeof rulesOf>) => rules.map((rule) => ('message' in rule ? rule.message : ''));

describe('entity descriptors on the web', () => {
  afterEach(() => setTextLocale('zh-CN'));

  it('labels a field in the page’s language', async () => {
    expect(fieldLabel(orgEntity, 'leader')).toBe(orgEntity.fields.leader.label['zh-CN']);
    expect(fieldLabel(shop, 'title')).toBe('店名');
    await setTextLocale('en-US');
    expect(fieldLabel(orgEntity, 'leader')).toBe(orgEntity.fields.leader.label['en-US']);
    expect(fieldLabel(shop, 'title')).toBe('Shop name');
  });

  it('makes a list column of a field’s list spec: its name as key, its label as title, width, hidden', () => {
    expect(listColumnOf(shop, 'title')).toEqual({ key: 'title', dataIndex: 'title', title: '店名', width: 123 });
    expect(listColumnOf(shop, 'code')).toEqual({
      key: 'code',
      dataIndex: 'code',
      title: '店铺编码',
      width: 90,
      defaultHidden: true,
    });
    expect(listColumnOf(shop, 'rank')).toEqual({ key: 'rank', dataIndex: 'rank', title: '名次' });
    expect(listColumnOf(orgEntity, 'phone')).toMatchObject({ title: '联系电话', width: 140, defaultHidden: true });
  });

  it('reads an input’s limits, through a nullable union', () => {
    expect(inputLimits(shop, 'title')).toEqual({ kind: 'string', nullable: false, minLength: 2, maxLength: 12 });
    expect(inputLimits(shop, 'code')).toEqual({ kind: 'string', nullable: true, maxLength: 8, pattern: '^[0-9]*$' });
    expect(inputLimits(shop, 'rank')).toEqual({ kind: 'number', nullable: false, minimum: 1, maximum: 9 });
    // Not writable, or more than one kind of value (状态: 0/1 or a boolean): nothing a text rule checks.
    expect(inputLimits(orgEntity, 'createTime')).toEqual({ kind: 'other', nullable: false });
    expect(inputLimits(orgEntity, 'state').kind).toBe('other');
  });

  it('makes rules of the input’s limits, each message naming the field', async () => {
    const title = rulesOf(shop, 'title');
    expect(title).toMatchObject([{ required: true, whitespace: true }, { min: 2 }, { max: 12 }]);
    expect(messages(title)).toEqual(['请输入店名', '店名不能少于 2 个字符', '店名不能超过 12 个字符']);
    const code = rulesOf(shop, 'code');
    expect(code).toMatchObject([{ max: 8 }, { pattern: /^[0-9]*$/ }]);
    expect(messages(code)).toEqual(['店铺编码不能超过 8 个字符', '店铺编码格式不正确']);
    // A number is required only when the screen says so (a form may fill it in itself).
    expect(rulesOf(shop, 'rank')).toMatchObject([{ type: 'number', min: 1, max: 9, message: '名次应在 1 到 9 之间' }]);
    expect(messages(rulesOf(shop, 'rank', { required: true }))[0]).toBe('请输入名次');
    await setTextLocale('en-US');
    expect(messages(rulesOf(shop, 'title'))).toEqual([
      'Shop name is required',
      'Shop name: at least 2 characters',
      'Shop name: at most 12 characters',
    ]);
  });

  it('checks a text as it is sent: trimmed (blank spaces are no value a pattern refuses)', () => {
    const rules = rulesOf(shop, 'code') as Array<{ transform?: (value: unknown) => unknown; pattern?: RegExp }>;
    for (const rule of rules) expect(rule.transform?.(' 12 ')).toBe('12');
    const pattern = rules.find((rule) => rule.pattern);
    expect(pattern?.pattern?.test(String(pattern.transform?.('   ')))).toBe(true);
    expect(pattern?.pattern?.test(String(pattern.transform?.(' 1a ')))).toBe(false);
  });

  it('follows the descriptor: another limit or label in a copy gives another rule and message', () => {
    const leader = orgEntity.fields.leader;
    const copy = defineEntity({
      ...orgEntity,
      fields: {
        ...orgEntity.fields,
        leader: {
          ...leader,
          label: { 'zh-CN': '主管', 'en-US': 'Manager' },
          input: Type.Union([Type.String({ maxLength: 7 }), Type.Null()]),
        },
      },
    });
    expect(rulesOf(orgEntity, 'leader')).toMatchObject([{ max: 50, message: '负责人不能超过 50 个字符' }]);
    expect(rulesOf(copy, 'leader')).toMatchObject([{ max: 7, message: '主管不能超过 7 个字符' }]);
  });

  it('rules of the organisation: 名称 required, 机构编码 and 联系电话 explained by their patterns', async () => {
    expect(messages(rulesOf(orgEntity, 'name'))).toEqual(['请输入名称', '名称不能超过 100 个字符']);
    expect(messages(rulesOf(orgEntity, 'orgCode'))).toEqual([
      '机构编码不能超过 64 个字符',
      '机构编码只能包含字母、数字、- 和 _',
    ]);
    const phone = rulesOf(orgEntity, 'phone');
    expect(messages(phone)).toEqual([
      '联系电话不能超过 30 个字符',
      '联系电话应为手机号或带区号的固定电话，如 010-12345678',
    ]);
    const pattern = phone.flatMap((rule) => ('pattern' in rule && rule.pattern ? [rule.pattern] : []))[0];
    expect(['010-12345678', '13800138000'].every((text) => pattern?.test(text))).toBe(true);
    expect(pattern?.test('12345')).toBe(false);
    expect(messages(rulesOf(orgEntity, 'sort'))).toEqual(['显示排序应在 0 到 9999 之间']);
    await setTextLocale('en-US');
    expect(messages(rulesOf(orgEntity, 'orgCode'))[1]).toBe('Organization code: letters, digits, - and _ only');
  });

  it('explains every pattern of the organisation’s inputs (an unknown one is only “malformed”)', () => {
    const patterns = Object.keys(orgEntity.fields).flatMap((key) => {
      const { pattern } = inputLimits(orgEntity, key as keyof typeof orgEntity.fields);
      return pattern ? [pattern] : [];
    });
    expect(patterns.length).toBeGreaterThan(1);
    for (const pattern of patterns) expect(patternText(pattern)).not.toBe('pattern');
    expect(patternText(`${TELEPHONE_PATTERN}|^$`)).toBe('pattern.telephone');
    expect(patternText(MOBILE_PATTERN)).toBe('pattern');
  });

  it('names the sheet’s columns by their headers, and a declared entity’s fields by name', async () => {
    expect(sheetHeaders(orgEntity)).toMatchObject({ path: '组织路径', name: '名称', regionName: '所在地区' });
    expect(declaredFieldLabel('org', 'pid')).toBe('上级组织');
    expect(declaredFieldLabel('org', 'toString')).toBeUndefined();
    expect(declaredFieldLabel('nothing', 'pid')).toBeUndefined();
    expect(declaredFieldLabel(null, 'pid')).toBeUndefined();
    await setTextLocale('en-US');
    expect(sheetHeaders(orgEntity)).toMatchObject({ path: 'Path', name: 'Name' });
    expect(declaredFieldLabel('org', 'pid')).toBe('Parent');
  });
});
