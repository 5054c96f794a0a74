import {
  ORG_CODE_MAX,
  ORG_CODE_PATTERN,
  ORG_LEADER_MAX,
  ORG_SORT_MAX,
  TELEPHONE_MAX,
  TELEPHONE_PATTERN,
} from '@gatehouse/contract';
import { Form, Input, InputNumber, Switch } from 'antd';
import { useEffect } from 'react';
import { FormDialog } from '@/components/form-dialog';
import { useListMutation } from '@/components/list-kit';
import { OrgPicker } from '@/components/org-picker';
import { RegionCascader } from '@/components/region-cascader';
import { createOrg, loadOrgs, type Org, updateOrg } from '@/features/orgs/api/orgs.api';
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
      <Form.Item
        label={t('org.fieldName')}
        name="name"
        rules={[
          { required: true, whitespace: true, message: t('org.nameRequired') },
          { max: 100, message: t('org.nameLength') },
        ]}
      >
        <Input maxLength={100} autoComplete="off" />
      </Form.Item>
      <Form.Item
        label={t('org.fieldFullName')}
        name="fullName"
        rules={[{ max: 255, message: t('org.fullNameLength') }]}
      >
        <Input maxLength={255} autoComplete="off" placeholder={name?.trim() || t('org.fullNameDefault')} />
      </Form.Item>
      <Form.Item
        label={t('org.fieldOrgCode')}
        name="orgCode"
        extra={t('org.orgCodeHint')}
        rules={[
          { max: ORG_CODE_MAX, message: t('org.orgCodeLength') },
          { pattern: new RegExp(ORG_CODE_PATTERN), message: t('org.orgCodeFormat') },
        ]}
      >
        <Input maxLength={ORG_CODE_MAX} autoComplete="off" />
      </Form.Item>
      <Form.Item label={t('org.fieldRegion')} name="regionId">
        <RegionCascader source={regionSource} aria-label={t('org.fieldRegion')} />
      </Form.Item>
      <Form.Item label={t('org.fieldSort')} name="sort" extra={t('org.sortHint')}>
        <InputNumber min={0} max={ORG_SORT_MAX} precision={0} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item
        label={t('org.fieldLeader')}
        name="leader"
        rules={[{ max: ORG_LEADER_MAX, message: t('org.leaderLength', { max: ORG_LEADER_MAX }) }]}
      >
        <Input maxLength={ORG_LEADER_MAX} autoComplete="off" />
      </Form.Item>
      <Form.Item
        label={t('org.fieldPhone')}
        name="phone"
        rules={[{ pattern: new RegExp(TELEPHONE_PATTERN), message: t('org.phoneFormat') }]}
      >
        <Input maxLength={TELEPHONE_MAX} autoComplete="off" inputMode="tel" />
      </Form.Item>
      <Form.Item label={t('org.fieldState')} name="state" valuePropName="checked" extra={t('org.stateHint')}>
        <Switch checkedChildren={t('common.enabled')} unCheckedChildren={t('common.disabled')} />
      </Form.Item>
      <Form.Item
        label={t('org.fieldParent')}
        name="pid"
        extra={target.mode === 'edit' ? t('org.parentHint') : undefined}
      >
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
