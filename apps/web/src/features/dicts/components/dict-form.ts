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
  value: string;
  pid: number | null;
  orderNum: number | null;
}

export const toItemFormValues = (item: DictItem): DictItemFormValues => ({
  value: item.value,
  pid: item.pid,
  orderNum: item.orderNum,
});

export const newItemForm = (pid: number | null): DictItemFormValues => ({ value: '', pid, orderNum: 0 });

export const toItemCreateBody = (dictCode: string, values: DictItemFormValues): CreateDictItemBody => ({
  dictCode,
  value: values.value.trim(),
  pid: values.pid ?? null,
  orderNum: values.orderNum ?? 0,
});

export const toItemUpdateBody = (item: DictItem, values: DictItemFormValues): UpdateDictItemBody => ({
  id: item.id,
  ...toItemCreateBody(item.dictCode, values),
});
