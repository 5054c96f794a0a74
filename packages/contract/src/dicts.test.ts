import type { Type } from 'typebox';
import { Compile } from 'typebox/compile';
import { describe, expect, it } from 'vitest';
import { dictEntity, dictItemEntity, dictSheetColumns } from './dicts.entity.js';
import { Dict, DictItem, dictRoutes } from './dicts.js';
import { auditedFields, sheetColumns, storedColumns } from './entity.js';

const titleOf = (schema: unknown) => (schema as { title?: string }).title;

describe('the dictionary descriptors', () => {
  it('give one sheet of both entities in the export’s order: the dictionary’s name, the item’s columns, its remark', () => {
    const sheet = dictSheetColumns();
    expect(sheet.map((column) => column.key)).toEqual([
      'dictName',
      'dictCode',
      'value',
      'keyValue',
      'parentValue',
      'orderNum',
      'state',
      'tagColor',
      'remark',
    ]);
    // The dictionary's columns are read, never applied, and left out of the template; the item's are the template.
    expect(sheet.filter((column) => column.readOnly).map((column) => column.key)).toEqual(['dictName', 'remark']);
    expect(sheet.filter((column) => column.template)).toEqual(sheetColumns(dictItemEntity));
    expect(sheet.map((column) => column.header['en-US'])).toEqual([
      'Dictionary name',
      'Dictionary type',
      'Label',
      'Key value',
      'Parent value',
      'Order',
      'Status',
      'Tag color',
      'Remark',
    ]);
    // Older sheets' headers, still read by an import.
    const aliases = Object.fromEntries(
      sheet.flatMap((column) => (column.aliases ? [[column.key, column.aliases]] : [])),
    );
    expect(aliases).toEqual({ dictCode: ['字典CODE', 'Dictionary CODE'], value: ['数据值', 'Value'] });
  });

  it('derive the answers, the stored and the audited columns', () => {
    expect(Object.keys(Dict.properties)).toEqual(['id', 'dictName', 'dictCode', 'remark']);
    expect(Object.keys(DictItem.properties)).toEqual([
      'id',
      'dictCode',
      'value',
      'keyValue',
      'pid',
      'orderNum',
      'state',
      'tagColor',
    ]);
    // The creation time is stored, not answered.
    expect(storedColumns(dictEntity)).toEqual(['id', 'dict_name', 'dict_code', 'remark', 'create_time']);
    expect(auditedFields(dictEntity).map((field) => field.key)).toEqual(['dictName', 'dictCode', 'remark']);
    expect(auditedFields(dictItemEntity).map((field) => field.column)).toEqual([
      'dict_code',
      'value',
      'key_value',
      'pid',
      'order_num',
      'state',
      'tag_color',
    ]);
  });

  it('derive the write bodies, each field titled with its zh-CN label', () => {
    const dict = dictRoutes.updateDict.body as ReturnType<typeof Type.Object>;
    expect(Object.keys(dict.properties)).toEqual(['id', 'dictName', 'dictCode', 'remark']);
    expect(dict.required).toEqual(['id', 'dictName', 'dictCode']);
    expect(['dictName', 'dictCode', 'remark'].map((key) => titleOf(dict.properties[key]))).toEqual([
      '字典名称',
      '字典类型',
      '备注',
    ]);
    const item = dictRoutes.createDictItem.body as ReturnType<typeof Type.Object>;
    expect(item.required).toEqual(['dictCode', 'value']);
    expect(Object.values(item.properties).map(titleOf)).toEqual([
      '字典类型',
      '数据标签',
      '数据键值',
      '上级数据',
      '序号',
      '状态',
      '标签颜色',
    ]);
    const check = Compile(item);
    expect(check.Check({ dictCode: 'sex', value: '男' })).toBe(true);
    expect(check.Check({ dictCode: 'sex', value: '男', orderNum: 1_000_001 })).toBe(false);
    expect(check.Check({ dictCode: 'sex', value: '男', tagColor: 'teal' })).toBe(false);
    expect(
      Compile(dictRoutes.createDict.body as ReturnType<typeof Type.Object>).Check({ dictName: 'a', dictCode: '1a' }),
    ).toBe(false);
    // The descriptor's own schemas keep no title.
    expect(titleOf(dictEntity.fields.dictName.input)).toBeUndefined();
  });
});
