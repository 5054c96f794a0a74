import { Form, Input } from 'antd';
import { useEffect } from 'react';
import { FormDialog } from '@/components/form-dialog';
import { useListMutation } from '@/components/list-kit';
import { createDict, type Dict, dictKeys, updateDict } from '@/features/dicts/api/dicts.api';
import { t } from '@/lib/i18n';
import {
  DICT_CODE_PATTERN,
  type DictFormValues,
  emptyDictForm,
  toDictBody,
  toDictFormValues,
  toDictUpdateBody,
} from './dict-form';

/** `dict` undefined = create. */
export interface DictDialogTarget {
  dict?: Dict;
}

const FORM_ID = 'dictDialog';

/** 添加字典 / 修改字典: stays open until the server accepts, so a refusal (duplicate CODE) can be corrected. */
export function DictDialog({
  target,
  onClose,
  onSaved,
}: {
  target: DictDialogTarget | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  return (
    <FormDialog
      title={(shown) => t(shown.dict ? 'dict.dialogEdit' : 'dict.dialogAdd')}
      width={600}
      formId={FORM_ID}
      target={target}
      onClose={onClose}
    >
      {(shown, setSaving) => (
        <DictForm key={shown.dict?.id ?? 'new'} dict={shown.dict} onSaving={setSaving} onSaved={onSaved} />
      )}
    </FormDialog>
  );
}

function DictForm({
  dict,
  onSaving,
  onSaved,
}: {
  dict: Dict | undefined;
  onSaving: (saving: boolean) => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<DictFormValues>();
  const saving = useListMutation({
    mutationFn: (values: DictFormValues) =>
      dict ? updateDict(toDictUpdateBody(dict, values)) : createDict(toDictBody(values)),
    queryKey: dictKeys.all,
    form,
    success: dict ? 'common.edited' : 'common.created',
    onSuccess: onSaved,
  });
  // The dialog's 确 定 spins while the write is in flight.
  useEffect(() => onSaving(saving.isPending), [onSaving, saving.isPending]);
  const save = (values: DictFormValues) => void saving.run(values);

  return (
    <Form<DictFormValues>
      form={form}
      name={FORM_ID}
      labelCol={{ flex: '80px' }}
      wrapperCol={{ flex: 'auto' }}
      initialValues={dict ? toDictFormValues(dict) : emptyDictForm}
      onFinish={save}
      style={{ marginTop: 16 }}
    >
      <Form.Item
        label={t('dict.fieldName')}
        name="dictName"
        rules={[
          { required: true, whitespace: true, message: t('dict.nameRequired') },
          { max: 100, message: t('dict.length100') },
        ]}
      >
        <Input maxLength={100} autoComplete="off" />
      </Form.Item>
      <Form.Item
        label={t('dict.fieldCode')}
        name="dictCode"
        extra={dict ? t('dict.codeFixed') : undefined}
        rules={
          dict
            ? []
            : [
                { required: true, whitespace: true, message: t('dict.codeRequired') },
                { max: 100, message: t('dict.length100') },
                { pattern: DICT_CODE_PATTERN, message: t('dict.codeFormat') },
              ]
        }
      >
        <Input maxLength={100} autoComplete="off" readOnly={Boolean(dict)} variant={dict ? 'filled' : undefined} />
      </Form.Item>
      <Form.Item label={t('dict.fieldRemark')} name="remark">
        <Input.TextArea maxLength={255} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
      </Form.Item>
    </Form>
  );
}
