import { DICT_ITEM_KEY_MAX, DICT_ITEM_VALUE_MAX, DICT_TAG_COLORS, type DictTagColor } from '@gatehouse/contract';
import { Form, Input, InputNumber, Radio, Select, Tag } from 'antd';
import { useEffect, useMemo } from 'react';
import { DictCascader, DictTag, subtreeIds } from '@/components/dict-controls';
import { FormDialog } from '@/components/form-dialog';
import { useListMutation } from '@/components/list-kit';
import { createDictItem, type DictItem, dictKeys, updateDictItem } from '@/features/dicts/api/dicts.api';
import { t } from '@/lib/i18n';
import { tx } from '../texts';
import {
  type DictItemFormValues,
  newItemForm,
  toItemCreateBody,
  toItemFormValues,
  toItemUpdateBody,
} from './dict-form';

/** Edit `item`, or add an item under `pid` (null = top level) to `dictCode`. */
export type DictItemDialogTarget = { dictCode: string; item: DictItem } | { dictCode: string; pid: number | null };

const FORM_ID = 'dictItemDialog';

/**
 * 添加字典数据 / 修改字典数据 dialog; its 上级 field is a DictCascader over the very dictionary being maintained (its
 * disabled items too: they may hold items).; the label shows as its tag.
 */
export function DictItemDialog({
  target,
  items,
  onClose,
  onSaved,
}: {
  target: DictItemDialogTarget | null;
  items: DictItem[];
  onClose: () => void;
  onSaved: () => unknown;
}) {
  return (
    <FormDialog
      title={(shown) => t('item' in shown ? 'dict.itemDialogEdit' : 'dict.itemDialogAdd')}
      width={600}
      formId={FORM_ID}
      target={target}
      onClose={onClose}
    >
      {(shown, setSaving) => (
        <DictItemForm
          key={'item' in shown ? shown.item.id : `new-${shown.pid}`}
          target={shown}
          items={items}
          onSaving={setSaving}
          onSaved={onSaved}
        />
      )}
    </FormDialog>
  );
}

function DictItemForm({
  target,
  items,
  onSaving,
  onSaved,
}: {
  target: DictItemDialogTarget;
  items: DictItem[];
  onSaving: (saving: boolean) => void;
  onSaved: () => unknown;
}) {
  const item = 'item' in target ? target.item : undefined;
  const [form] = Form.useForm<DictItemFormValues>();
  const saving = useListMutation({
    mutationFn: (values: DictItemFormValues) =>
      item ? updateDictItem(toItemUpdateBody(item, values)) : createDictItem(toItemCreateBody(target.dictCode, values)),
    queryKey: dictKeys.items(target.dictCode),
    form,
    success: item ? 'common.edited' : 'common.created',
    onSuccess: onSaved,
  });
  // The dialog's 确 定 spins while the write is in flight.
  useEffect(() => onSaving(saving.isPending), [onSaving, saving.isPending]);
  // An item cannot move below itself or its own subtree (the server refuses it too).
  const blocked = useMemo(() => (item ? subtreeIds(items, item.id) : undefined), [items, item]);

  const save = (values: DictItemFormValues) => void saving.run(values);

  return (
    <Form<DictItemFormValues>
      form={form}
      name={FORM_ID}
      labelCol={{ flex: '80px' }}
      wrapperCol={{ flex: 'auto' }}
      initialValues={item ? toItemFormValues(item) : newItemForm('pid' in target ? target.pid : null)}
      onFinish={save}
      style={{ marginTop: 16 }}
    >
      <Form.Item
        label={t('dict.fieldValue')}
        name="value"
        rules={[
          { required: true, whitespace: true, message: t('dict.valueRequired') },
          { max: DICT_ITEM_VALUE_MAX, message: t('dict.length100') },
        ]}
      >
        <Input maxLength={DICT_ITEM_VALUE_MAX} autoComplete="off" />
      </Form.Item>
      <Form.Item
        label={tx('item.keyValue')}
        name="keyValue"
        rules={[{ max: DICT_ITEM_KEY_MAX, message: tx('item.length100') }]}
      >
        <Input maxLength={DICT_ITEM_KEY_MAX} autoComplete="off" placeholder={tx('item.keyValuePlaceholder')} />
      </Form.Item>
      <Form.Item label={t('dict.fieldParent')} name="pid">
        <DictCascader
          dictCode={target.dictCode}
          disabledIds={blocked}
          offerDisabled
          placeholder={t('dict.parentPlaceholder')}
          style={{ width: '100%' }}
        />
      </Form.Item>
      <Form.Item label={t('dict.fieldOrderNum')} name="orderNum">
        <InputNumber min={0} max={1_000_000} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item label={tx('item.state')} name="state" extra={tx('item.stateHelp')}>
        <Radio.Group
          options={[
            { value: true, label: t('common.enabled') },
            { value: false, label: t('common.disabled') },
          ]}
        />
      </Form.Item>
      <Form.Item label={tx('item.tagColor')}>
        <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
          <Form.Item name="tagColor" noStyle>
            <Select<DictTagColor>
              aria-label={tx('item.tagColor')}
              allowClear
              // Eighteen colours: all rendered, none scrolled out of reach by the virtual list.
              virtual={false}
              placeholder={tx('item.tagColorPlaceholder')}
              options={DICT_TAG_COLORS.map((color) => ({ value: color, label: tx(`color.${color}`) }))}
              optionRender={(option) => <ColorTag color={option.value as DictTagColor} />}
              labelRender={({ value }) => <ColorTag color={value as DictTagColor} />}
              style={{ flex: 1 }}
            />
          </Form.Item>
          {/* How the item will show: its label in the colour chosen. */}
          <Form.Item
            noStyle
            shouldUpdate={(before, after) => before.value !== after.value || before.tagColor !== after.tagColor}
          >
            {({ getFieldValue }) => {
              const label = String(getFieldValue('value') ?? '').trim();
              return (
                <span data-testid="dict-item-preview">
                  {label && <DictTag item={{ value: label, tagColor: getFieldValue('tagColor') ?? null }} />}
                </span>
              );
            }}
          </Form.Item>
        </div>
      </Form.Item>
    </Form>
  );
}

/** A colour of the closed list as the tag it gives, named in the page's language. */
function ColorTag({ color }: { color: DictTagColor }) {
  return (
    <Tag color={color} style={{ marginInlineEnd: 0 }}>
      {tx(`color.${color}`)}
    </Tag>
  );
}
