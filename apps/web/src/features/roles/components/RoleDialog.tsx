import { DATA_SCOPES, routes } from '@gatehouse/contract';
import { Form, Input, Radio, Switch, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { FormDialog } from '@/components/form-dialog';
import { useListMutation } from '@/components/list-kit';
import { ORG_PICKER_NAMES_SHOWN, OrgPicker } from '@/components/org-picker';
import { type IsGrantable, ResourceTree } from '@/components/resource-tree';
import {
  createRole,
  loadOrgs,
  type Role,
  roleKeys,
  updateRole,
  useOrgNames,
  usePermissionTreeResources,
} from '@/features/roles/api/roles.api';
import { t } from '@/lib/i18n';
import { canCall, useSession } from '@/stores/session';
import {
  emptyRoleForm,
  isAlwaysHeld,
  type RoleFormValues,
  toCreateRoleBody,
  toRoleFormValues,
  toUpdateRoleBody,
} from './role-form';

/** `role` undefined = create. */
export interface RoleDialogTarget {
  role?: Role;
}

export interface RoleDialogProps {
  target: RoleDialogTarget | null;
  onClose: () => void;
  onSaved: () => void;
}

/** The form's name: its element id and the prefix of its field ids. */
const FORM_ID = 'roleDialog';

/**
 * '权限信息' dialog. It stays open until the server accepts the save, so a refusal (a duplicate name, a
 * resource the account may not grant) can be corrected without re-ticking the whole tree.
 */
export function RoleDialog({ target, onClose, onSaved }: RoleDialogProps) {
  return (
    <FormDialog title={t('role.dialogTitle')} width={760} formId={FORM_ID} target={target} onClose={onClose}>
      {(shown, setSaving) => (
        <RoleForm key={shown.role?.id ?? 'new'} role={shown.role} onSaving={setSaving} onSaved={onSaved} />
      )}
    </FormDialog>
  );
}

interface RoleFormProps {
  role: Role | undefined;
  onSaving: (saving: boolean) => void;
  onSaved: () => void;
}

function RoleForm({ role, onSaving, onSaved }: RoleFormProps) {
  const [form] = Form.useForm<RoleFormValues>();
  // Stays open until the server accepts: a refusal has been toasted by the http client and the input is kept.
  const saving = useListMutation({
    mutationFn: (values: RoleFormValues) =>
      role ? updateRole(toUpdateRoleBody(role, values)) : createRole(toCreateRoleBody(values)),
    queryKey: roleKeys.all,
    success: role ? 'common.edited' : 'common.created',
    onSuccess: onSaved,
  });
  // The dialog's 确 定 spins while the write is in flight.
  useEffect(() => onSaving(saving.isPending), [onSaving, saving.isPending]);
  const tree = usePermissionTreeResources();
  const permissions = useSession((state) => state.permissions);
  // Nobody grants what they do not hold (the server refuses it too): the rest of the tree is shown disabled.
  const isGrantable = useMemo<IsGrantable>(() => {
    const held = new Set(permissions.map((p) => p.id));
    return (resource) => held.has(resource.id);
  }, [permissions]);

  const save = (values: RoleFormValues) => void saving.run(values);
  const dataScope = Form.useWatch('dataScope', form) ?? (role ? toRoleFormValues(role) : emptyRoleForm).dataScope;
  const orgNames = useOrgNames(role?.scopeOrgIds ?? [], ORG_PICKER_NAMES_SHOWN);
  // 自定义 is chosen in the organisation tree, which an account without 组织列表 cannot open.
  const mayPickOrgs = canCall(permissions, routes.listOrgs);

  return (
    <Form<RoleFormValues>
      name={FORM_ID}
      form={form}
      // Wide enough for the longest label in either language (需要双因素认证, Permissions).
      labelCol={{ flex: '112px' }}
      wrapperCol={{ flex: 'auto' }}
      initialValues={role ? toRoleFormValues(role) : emptyRoleForm}
      onFinish={save}
      style={{ marginTop: 16 }}
    >
      <Form.Item
        label={t('role.fieldName')}
        name="name"
        rules={[
          { required: true, whitespace: true, message: t('role.nameRequired') },
          { max: 100, message: t('role.nameLength') },
        ]}
      >
        <Input maxLength={100} autoComplete="off" />
      </Form.Item>
      <Form.Item label={t('role.fieldRemark')} name="remark" rules={[{ max: 255, message: t('role.remarkLength') }]}>
        <Input.TextArea maxLength={255} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
      <Form.Item
        label={t('roles.scope.field')}
        name="dataScope"
        extra={role?.builtin ? t('roles.scope.builtin') : undefined}
      >
        <Radio.Group vertical disabled={role?.builtin}>
          {DATA_SCOPES.map((scope) => {
            const unreachable = scope === 'custom' && !mayPickOrgs && dataScope !== 'custom';
            return (
              <Radio
                key={scope}
                value={scope}
                disabled={unreachable}
                title={unreachable ? t('roles.scope.customNeedsOrgs') : undefined}
              >
                {t(`roles.scope.name.${scope}`)}
                <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
                  {t(`roles.scope.hint.${scope}`)}
                </Typography.Text>
              </Radio>
            );
          })}
        </Radio.Group>
      </Form.Item>
      {dataScope === 'custom' && (
        <Form.Item
          label={t('roles.scope.orgs')}
          name="scopeOrgIds"
          required
          extra={t('roles.scope.orgsHint')}
          rules={[
            {
              validator: (_rule, value: number[] | undefined) =>
                value?.length ? Promise.resolve() : Promise.reject(new Error(t('roles.scope.orgsRequired'))),
            },
          ]}
        >
          <OrgPicker multiple loadOrgs={loadOrgs} labels={orgNames} allowClear disabled={!mayPickOrgs} />
        </Form.Item>
      )}
      <Form.Item
        label={t('roles.secondFactor.field')}
        name="requireSecondFactor"
        valuePropName="checked"
        extra={t('roles.secondFactor.hint')}
      >
        <Switch />
      </Form.Item>
      <Form.Item
        label={t('role.fieldResources')}
        name="resources"
        required
        extra={<span data-testid="role-implied-note">{t('role.impliedNote')}</span>}
        rules={[
          {
            validator: (_rule, value: number[] | undefined) =>
              value?.length ? Promise.resolve() : Promise.reject(new Error(t('role.resourcesRequired'))),
          },
        ]}
      >
        <ResourceTree
          resources={tree.resources}
          loading={tree.loading}
          isGrantable={isGrantable}
          alwaysOn={isAlwaysHeld}
          height="46vh"
        />
      </Form.Item>
    </Form>
  );
}
