import { crudRouteTitle } from '@gatehouse/contract';
import { Form, Input, InputNumber, Switch } from 'antd';
import { useEffect } from 'react';
import { FormDialog } from '@/components/form-dialog';
import { useListMutation } from '@/components/list-kit';
import { type CrudRow, type CrudTarget, crudApi, crudKeys } from '@/features/entity-crud/api/crud.api';
import {
  bodyValues,
  controlOf,
  emptyValues,
  fieldLabel,
  formValues,
  inputLimits,
  rulesOf,
  writableFields,
} from '@/lib/entity';
import { currentLocale, t } from '@/lib/i18n';

/** The dialog's values: each writable field's control value (a switch's boolean, a number or null, a text). */
type CrudFormValues = Record<string, unknown>;

/** `row` undefined = create. */
export interface CrudDialogTarget {
  row?: CrudRow;
}

const FORM_ID = 'crudDialog';

/** A whole number (its box takes no decimals). */
const isInteger = (entity: CrudTarget['entity'], key: string) =>
  (entity.fields[key]?.input as { type?: unknown } | undefined)?.type === 'integer';

/**
 * 添加岗位 / 修改岗位 (titled from what one row is called): an item per writable field of the descriptor, its control
 * and rules from the field's input schema. It stays open until the server accepts, so a refusal (a duplicate of a
 * unique field, shown under that field) can be corrected.
 */
export function CrudDialog({
  target,
  shown: dialog,
  onClose,
}: {
  target: CrudTarget;
  shown: CrudDialogTarget | null;
  onClose: () => void;
}) {
  return (
    <FormDialog
      title={(shown) => crudRouteTitle(target.crud, shown.row ? 'update' : 'create', currentLocale())}
      width={600}
      formId={FORM_ID}
      target={dialog}
      onClose={onClose}
    >
      {(shown, setSaving) => (
        <CrudForm key={shown.row?.id ?? 'new'} target={target} row={shown.row} onSaving={setSaving} onSaved={onClose} />
      )}
    </FormDialog>
  );
}

function CrudForm({
  target,
  row,
  onSaving,
  onSaved,
}: {
  target: CrudTarget;
  row: CrudRow | undefined;
  onSaving: (saving: boolean) => void;
  onSaved: () => void;
}) {
  const { entity, crud } = target;
  const [form] = Form.useForm<CrudFormValues>();
  const api = crudApi(crud);
  const saving = useListMutation({
    mutationFn: (values: CrudFormValues) =>
      row ? api.update({ id: row.id, ...bodyValues(entity, values) }) : api.create(bodyValues(entity, values)),
    queryKey: crudKeys(crud).all,
    // A refusal naming a field of the body (a duplicate 岗位编码) is shown under it.
    form,
    success: row ? 'common.edited' : 'common.created',
    onSuccess: onSaved,
  });
  // The dialog's 确 定 spins while the write is in flight.
  useEffect(() => onSaving(saving.isPending), [onSaving, saving.isPending]);
  const required = crud.required as readonly string[];

  return (
    <Form<CrudFormValues>
      form={form}
      name={FORM_ID}
      labelCol={{ flex: '100px' }}
      wrapperCol={{ flex: 'auto' }}
      initialValues={row ? formValues(entity, row) : emptyValues(entity)}
      onFinish={(values) => void saving.run(values)}
      style={{ marginTop: 16 }}
    >
      {writableFields(entity).map((key) => {
        const label = fieldLabel(entity, key);
        const limits = inputLimits(entity, key);
        const control = controlOf(entity, key);
        const rules = rulesOf(entity, key, { required: required.includes(key) });
        if (control === 'switch') {
          return (
            <Form.Item key={key} label={label} name={key} valuePropName="checked">
              <Switch checkedChildren={t('common.enabled')} unCheckedChildren={t('common.disabled')} />
            </Form.Item>
          );
        }
        return (
          <Form.Item key={key} label={label} name={key} rules={rules}>
            {control === 'number' ? (
              <InputNumber
                min={limits.minimum}
                max={limits.maximum}
                precision={isInteger(entity, key) ? 0 : undefined}
                style={{ width: 160 }}
              />
            ) : control === 'textarea' ? (
              <Input.TextArea maxLength={limits.maxLength} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
            ) : (
              <Input maxLength={limits.maxLength} autoComplete="off" />
            )}
          </Form.Item>
        );
      })}
    </Form>
  );
}
