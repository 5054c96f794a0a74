import { Type } from 'typebox';
import { Compile } from 'typebox/compile';
import { describe, expect, it } from 'vitest';
import {
  answerProperties,
  auditedFields,
  defineEntity,
  inputProperties,
  labelOf,
  sheetColumns,
  storedColumns,
} from './entity.js';
import { orgEntity } from './orgs.entity.js';
import { Org } from './orgs.js';

const sample = defineEntity({
  name: 'sample',
  table: 'sample',
  fields: {
    id: { column: 'id', label: { 'zh-CN': '编号', 'en-US': 'ID' }, answer: Type.Integer() },
    code: {
      column: 'sample_code',
      label: { 'zh-CN': '编码', 'en-US': 'Code' },
      answer: Type.String(),
      input: Type.String({ minLength: 1, maxLength: 8 }),
      sheet: { width: 12 },
      audited: true,
    },
    parent: {
      column: 'pid',
      label: { 'zh-CN': '上级', 'en-US': 'Parent' },
      answer: Type.Union([Type.Integer(), Type.Null()]),
      input: Type.Union([Type.Integer(), Type.Null()]),
      sheet: { key: 'path', width: 30, label: { 'zh-CN': '路径', 'en-US': 'Path' } },
    },
    made: {
      column: 'create_time',
      label: { 'zh-CN': '创建时间', 'en-US': 'Created' },
      answer: Type.Integer(),
      sheet: { width: 20, type: 'date', readOnly: true },
    },
    shown: { label: { 'zh-CN': '显示', 'en-US': 'Shown' }, answer: Type.Boolean() },
  },
});

describe('entity descriptors', () => {
  it('derive the answer, and the write body titled with the zh-CN label, required only where asked', () => {
    expect(Object.keys(answerProperties(sample))).toEqual(['id', 'code', 'parent', 'made', 'shown']);
    const body = Type.Object(inputProperties(sample, ['code']), { additionalProperties: false });
    expect(Object.keys(body.properties)).toEqual(['code', 'parent']);
    expect(body.required).toEqual(['code']);
    const titleOf = (schema: unknown) => (schema as { title?: string }).title;
    expect(titleOf(body.properties.code)).toBe('编码');
    expect(titleOf(body.properties.parent)).toBe('上级');
    const check = Compile(body);
    expect(check.Check({ code: 'a1' })).toBe(true);
    expect(check.Check({ code: 'a1', parent: null })).toBe(true);
    expect(check.Check({ parent: 3 })).toBe(false);
    expect(check.Check({ code: 'too-long-code' })).toBe(false);
    // The descriptor's own schema is not changed by the title.
    expect((sample.fields.code.input as { title?: string }).title).toBeUndefined();
  });

  it('derive the stored columns, the audited fields, labels and sheet columns', () => {
    expect(storedColumns(sample)).toEqual(['id', 'sample_code', 'pid', 'create_time']);
    expect(auditedFields(sample)).toEqual([{ key: 'code', column: 'sample_code' }]);
    expect(labelOf(sample, 'parent', 'en-US')).toBe('Parent');
    expect(sheetColumns(sample)).toEqual([
      { key: 'code', header: { 'zh-CN': '编码', 'en-US': 'Code' }, width: 12, template: true, readOnly: false },
      { key: 'path', header: { 'zh-CN': '路径', 'en-US': 'Path' }, width: 30, template: true, readOnly: false },
      {
        key: 'made',
        header: { 'zh-CN': '创建时间', 'en-US': 'Created' },
        width: 20,
        type: 'date',
        template: false,
        readOnly: true,
      },
    ]);
  });

  it('give the organisation its sheet in the export’s order and its answer with the derived fields', () => {
    expect(sheetColumns(orgEntity).map((column) => column.key)).toEqual([
      'path',
      'name',
      'fullName',
      'orgCode',
      'regionName',
      'sort',
      'leader',
      'phone',
      'state',
      'createTime',
    ]);
    expect(
      sheetColumns(orgEntity)
        .filter((column) => column.template)
        .map((column) => column.key),
    ).toEqual(['path', 'fullName', 'orgCode', 'regionName', 'sort', 'leader', 'phone']);
    expect(Object.keys(Org.properties)).toEqual([
      ...Object.keys(orgEntity.fields),
      'hasChildren',
      'regionName',
      'inScope',
      'ancestors',
    ]);
  });
});
