import { Form, Input } from 'antd';
import { useMemo } from 'react';
import { FormDialog, useSubmit } from '@/components/form-dialog';
import { type IsGrantable, ResourceTree } from '@/components/resource-tree';
import { createRole, type Role, updateRole, usePermissionTreeResources } from '@/features/roles/api/roles.api';
import { byLocale, t } from '@/lib/i18n';
import { useSession } from '@/stores/session';
import { emptyRoleForm, type RoleFormValues, toCreateRoleBody, toRoleFormValues, toUpdateRoleBody } from './role-form';

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
  const submit = useSubmit(onSaving);
  const tree = usePermissionTreeResources();
  const permissions = useSession((state) => state.permissions);
  // Nobody grants what they do not hold (the server refuses it too): the rest of the tree is shown disabled.
  const isGrantable = useMemo<IsGrantable>(() => {
    const held = new Set(permissions.map((p) => p.id));
    return (resource) => held.has(resource.id);
  }, [permissions]);

  const save = async (values: RoleFormValues) => {
    const saved = await submit(Boolean(role), () =>
      role ? updateRole(toUpdateRoleBody(role, values)) : createRole(toCreateRoleBody(values)),
    );
    if (saved) onSaved();
  };

  return (
    <Form<RoleFormValues>
      name={FORM_ID}
      form={form}
      labelCol={{ flex: byLocale({ 'zh-CN': '80px', 'en-US': '112px' }) }}
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
        label={t('role.fieldResources')}
        name="resources"
        required
        rules={[
          {
            validator: (_rule, value: number[] | undefined) =>
              value?.length ? Promise.resolve() : Promise.reject(new Error(t('role.resourcesRequired'))),
          },
        ]}
      >
        <ResourceTree resources={tree.resources} loading={tree.loading} isGrantable={isGrantable} height="46vh" />
      </Form.Item>
    </Form>
  );
}
