import { describe, expect, it } from 'vitest';
import type { Dict, DictItem } from '@/features/dicts/api/dicts.api';
import {
  DICT_CODE_PATTERN,
  toDictBody,
  toDictUpdateBody,
  toItemCreateBody,
  toItemFormValues,
  toItemUpdateBody,
} from './dict-form';

describe('dictionary forms', () => {
  it('accepts codes that start with a letter and hold letters, digits, _ . -', () => {
    for (const ok of ['gender', 'sys.user_type-2', 'A1']) expect(DICT_CODE_PATTERN.test(ok)).toBe(true);
    for (const bad of ['1abc', '_x', 'a b', '性别', '']) expect(DICT_CODE_PATTERN.test(bad)).toBe(false);
  });

  it('trims, and an empty remark is null', () => {
    expect(toDictBody({ dictName: ' 性别 ', dictCode: ' gender ', remark: ' ' })).toEqual({
      dictName: '性别',
      dictCode: 'gender',
      remark: null,
    });
  });

  it('editing keeps the code as created', () => {
    const dict: Dict = { id: 4, dictName: '性别', dictCode: 'gender', remark: null };
    expect(toDictUpdateBody(dict, { dictName: '性别2', dictCode: 'changed', remark: '备注' })).toEqual({
      id: 4,
      dictName: '性别2',
      dictCode: 'gender',
      remark: '备注',
    });
  });

  it('items carry the dictionary code, their parent and order', () => {
    const form = { keyValue: '', state: true, tagColor: null };
    expect(toItemCreateBody('region', { value: ' 苏州 ', pid: 3, orderNum: null, ...form })).toEqual({
      dictCode: 'region',
      value: '苏州',
      pid: 3,
      orderNum: 0,
      keyValue: '苏州',
      state: 1,
      tagColor: null,
    });
    const item: DictItem = {
      id: 7,
      dictCode: 'region',
      value: '苏州',
      pid: 3,
      orderNum: 1,
      keyValue: 'SZ',
      state: true,
      tagColor: 'blue',
    };
    expect(toItemUpdateBody(item, { ...toItemFormValues(item), value: '苏州市', pid: null, orderNum: 2 })).toEqual({
      id: 7,
      dictCode: 'region',
      value: '苏州市',
      pid: null,
      orderNum: 2,
      keyValue: 'SZ',
      state: 1,
      tagColor: 'blue',
    });
  });

  it('items carry their key value (empty: the label), state and tag colour', () => {
    const values = { value: '已驳回', pid: null, orderNum: 3 };
    expect(
      toItemCreateBody('status', { ...values, keyValue: ' rejected ', state: false, tagColor: 'red' }),
    ).toMatchObject({ keyValue: 'rejected', state: 0, tagColor: 'red' });
    // A cleared colour select leaves the field undefined: sent as none.
    expect(toItemCreateBody('status', { ...values, keyValue: '  ', state: true, tagColor: undefined })).toMatchObject({
      keyValue: '已驳回',
      state: 1,
      tagColor: null,
    });
  });
});
