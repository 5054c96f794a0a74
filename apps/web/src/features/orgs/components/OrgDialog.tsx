import { orgEntity } from '@gatehouse/contract';
import { Form, Input, InputNumber, Switch } from 'antd';
import { useEffect } from 'react';
import { FormDialog } from '@/components/form-dialog';
import { useListMutation } from '@/components/list-kit';
import { OrgPicker } from '@/components/org-picker';
import { RegionCascader } from '@/components/region-cascader';
import { createOrg, loadOrgs, type Org, updateOrg } from '@/features/orgs/api/orgs.api';
import { type FieldOf, fieldLabel, inputLimits, rulesOf } from '@/lib/entity';
import { t } from '@/lib/i18n';
import { regionSource } from '@/lib/regions';
import {
  initialOrgValues,
  type OrgDialogTarget,
  type OrgFormValues,
  toCreateOrgBody,
  toUpdateOrgBody,
} from './org-form';

/** What the dialog was opened for, with the parent's name for the 上级组织 field. */
export type OrgDialogState = OrgDialogTarget & { parentName?: string | null };

export interface OrgDialogProps {
  target: OrgDialogState | null;
  onClose: () => void;
  /** `before` is the edited org as it was (null when created); `after` as the server answered. */
  onSaved: (before: Org | null, after: Org) => void;
}

/** The form's name: its element id and the prefix of its field ids. */
const FORM_ID = 'orgDialog';

/** A field's label and rules as the organisation's descriptor declares them (its input's limits and pattern). */
const label = (key: FieldOf<typeof orgEntity>) => fieldLabel(orgEntity, key);
const rules = (key: FieldOf<typeof orgEntity>) => rulesOf(orgEntity, key);
const limits = (key: FieldOf<typeof orgEntity>) => inputLimits(orgEntity, key);

/**
 * The 添加组织 / 修改组织 dialog. It stays open until the server accepts the save, so a refusal (shown as a toast by the
 * http client, e.g. a move under its own subtree) can be corrected without retyping.
 */
export function OrgDialog({ target, onClose, onSaved }: OrgDialogProps) {
  return (
    <FormDialog
      title={(shown) => t(shown.mode === 'edit' ? 'org.dialogEdit' : 'org.dialogAdd')}
      width={800}
      formId={FORM_ID}
      target={target}
      onClose={onClose}
    >
      {(shown, setSaving) => (
        <OrgForm
          key={shown.mode === 'edit' ? `edit-${shown.org.id}` : `new-${shown.parent?.id ?? 'root'}`}
          target={shown}
          onSaving={setSaving}
          onSaved={onSaved}
        />
      )}
    </FormDialog>
  );
}

interface OrgFormProps {
  target: OrgDialogState;
  onSaving: (saving: boolean) => void;
  onSaved: OrgDialogProps['onSaved'];
}

function OrgForm({ target, onSaving, onSaved }: OrgFormProps) {
  const [form] = Form.useForm<OrgFormValues>();
  const before = target.mode === 'edit' ? target.org : null;
  // Stays open until the server accepts: a refusal has been toasted by the http client and the input is kept.
  const saving = useListMutation({
    mutationFn: (values: OrgFormValues) =>
      before ? updateOrg(toUpdateOrgBody(before, values)) : createOrg(toCreateOrgBody(values)),
    // The tree is not a query: onSaved re-loads the levels the write changed.
    queryKey: null,
    form,
    success: before ? 'common.edited' : 'common.created',
    onSuccess: (saved) => onSaved(before, saved),
  });
  // The dialog's 确 定 spins while the write is in flight.
  useEffect(() => onSaving(saving.isPending), [onSaving, saving.isPending]);
  const save = (values: OrgFormValues) => void saving.run(values);
  // 全称 shows the name it defaults to while it is left empty.
  const name = Form.useWatch('name', form);

  return (
    <Form<OrgFormValues>
      name={FORM_ID}
      form={form}
      labelCol={{ flex: '150px' }}
      wrapperCol={{ flex: 'auto' }}
      initialValues={initialOrgValues(target)}
      onFinish={save}
      style={{ marginTop: 16 }}
    >
      <Form.Item label={label('name')} name="name" rules={rules('name')}>
        <Input maxLength={limits('name').maxLength} autoComplete="off" />
      </Form.Item>
      <Form.Item label={label('fullName')} name="fullName" rules={rules('fullName')}>
        <Input
          maxLength={limits('fullName').maxLength}
          autoComplete="off"
          placeholder={name?.trim() || t('org.fullNameDefault')}
        />
      </Form.Item>
      <Form.Item label={label('orgCode')} name="orgCode" extra={t('org.orgCodeHint')} rules={rules('orgCode')}>
        <Input maxLength={limits('orgCode').maxLength} autoComplete="off" />
      </Form.Item>
      <Form.Item label={label('regionId')} name="regionId">
        <RegionCascader source={regionSource} aria-label={label('regionId')} />
      </Form.Item>
      <Form.Item label={label('sort')} name="sort" extra={t('org.sortHint')} rules={rules('sort')}>
        <InputNumber min={limits('sort').minimum} max={limits('sort').maximum} precision={0} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item label={label('leader')} name="leader" rules={rules('leader')}>
        <Input maxLength={limits('leader').maxLength} autoComplete="off" />
      </Form.Item>
      <Form.Item label={label('phone')} name="phone" rules={rules('phone')}>
        <Input maxLength={limits('phone').maxLength} autoComplete="off" inputMode="tel" />
      </Form.Item>
      <Form.Item label={label('state')} name="state" valuePropName="checked" extra={t('org.stateHint')}>
        <Switch checkedChildren={t('common.enabled')} unCheckedChildren={t('common.disabled')} />
      </Form.Item>
      <Form.Item label={label('pid')} name="pid" extra={target.mode === 'edit' ? t('org.parentHint') : undefined}>
        <OrgPicker
          loadOrgs={loadOrgs}
          label={target.parentName}
          allowClear
          placeholder={t('org.parentNone')}
          excludeSubtreeOf={target.mode === 'edit' ? target.org.id : undefined}
        />
      </Form.Item>
    </Form>
  );
}
