import type { DictTagColor } from '@gatehouse/contract';
import type { CreateDictItemBody, Dict, DictBody, DictItem, UpdateDictItemBody } from '@/features/dicts/api/dicts.api';

/** dictCode: a letter first, then letters, digits, `_`, `.` or `-` (the contract's pattern). */
export const DICT_CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_.-]*$/;

export interface DictFormValues {
  dictName: string;
  dictCode: string;
  remark: string;
}

export const emptyDictForm: DictFormValues = { dictName: '', dictCode: '', remark: '' };

export const toDictFormValues = (dict: Dict): DictFormValues => ({
  dictName: dict.dictName,
  dictCode: dict.dictCode,
  remark: dict.remark ?? '',
});

const optional = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

export const toDictBody = (values: DictFormValues): DictBody => ({
  dictName: values.dictName.trim(),
  dictCode: values.dictCode.trim(),
  remark: optional(values.remark),
});

/** Editing keeps the code as created (it is read-only in the dialog and fixed on the server). */
export const toDictUpdateBody = (dict: Dict, values: DictFormValues) => ({
  id: dict.id,
  ...toDictBody(values),
  dictCode: dict.dictCode,
});

export interface DictItemFormValues {
  /** 数据标签: what is shown. */
  value: string;
  /** 数据键值: what is stored; empty means the same as the label. */
  keyValue: string;
  pid: number | null;
  orderNum: number | null;
  /** 状态: enabled. */
  state: boolean;
  /** 标签颜色; null (or cleared: undefined) for none. */
  tagColor?: DictTagColor | null;
}

export const toItemFormValues = (item: DictItem): DictItemFormValues => ({
  value: item.value,
  keyValue: item.keyValue,
  pid: item.pid,
  orderNum: item.orderNum,
  state: item.state,
  tagColor: item.tagColor,
});

export const newItemForm = (pid: number | null): DictItemFormValues => ({
  value: '',
  keyValue: '',
  pid,
  orderNum: 0,
  state: true,
  tagColor: null,
});

export const toItemCreateBody = (dictCode: string, values: DictItemFormValues): CreateDictItemBody => {
  const value = values.value.trim();
  return {
    dictCode,
    value,
    pid: values.pid ?? null,
    orderNum: values.orderNum ?? 0,
    // An empty key value is the label, as the server makes it when none is sent.
    keyValue: values.keyValue.trim() || value,
    state: values.state ? 1 : 0,
    tagColor: values.tagColor ?? null,
  };
};

export const toItemUpdateBody = (item: DictItem, values: DictItemFormValues): UpdateDictItemBody => ({
  id: item.id,
  ...toItemCreateBody(item.dictCode, values),
});
