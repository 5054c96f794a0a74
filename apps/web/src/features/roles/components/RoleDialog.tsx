import { DATA_SCOPES, routes } from '@gatehouse/contract';
import { Alert, App, Form, Input, Radio, Switch, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { FormDialog } from '@/components/form-dialog';
import { useListMutation } from '@/components/list-kit';
import { ORG_PICKER_NAMES_SHOWN, OrgPicker } from '@/components/org-picker';
import { type IsGrantable, type Linkage, type Resource, ResourceTree } from '@/components/resource-tree';
import {
  createRole,
  loadOrgs,
  type Role,
  roleKeys,
  updateRole,
  useOrgNames,
  usePermissionTreeResources,
} from '@/features/roles/api/roles.api';
import { screenTexts, t } from '@/lib/i18n';
import { canCall, useSession } from '@/stores/session';
import {
  emptyRoleForm,
  isAlwaysHeld,
  type RoleFormValues,
  toCreateRoleBody,
  toRoleFormValues,
  toUpdateRoleBody,
  type UnmetPrerequisite,
  unmetPrerequisites,
  withPrerequisites,
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
 * The 添加角色 / 修改角色 dialog. It stays open until the server accepts the save, so a refusal (a duplicate name, a
 * resource the account may not grant) can be corrected without re-ticking the whole tree.
 */
export function RoleDialog({ target, onClose, onSaved }: RoleDialogProps) {
  return (
    <FormDialog
      title={(shown) => t(shown.role ? 'role.dialogEdit' : 'role.dialogAdd')}
      width={760}
      formId={FORM_ID}
      target={target}
      onClose={onClose}
    >
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

/** The prerequisite texts travel with this dialog's chunk, not in the catalogue /login loads. */
const tx = screenTexts(
  {
    added: '勾选“{action}”时已一并勾选{needs}：没有它，持有该角色的账号打不开这个页面',
    missingTitle: '部分操作缺少前置权限',
    missing: '“{action}”需要{needs}，否则持有该角色的账号打开页面时会看到“无权访问”',
    saveAnyway: '仍然保存',
    back: '返回修改',
    impliedNoteUnlinked:
      '标有“无需授权”的菜单（首页、个人信息）和接口对每个已登录账号开放，无需勾选；父子联动关闭时只授予勾选的项，接口所在的菜单也要勾选。',
  },
  {
    added: 'Ticking “{action}” also ticked {needs}: without it, holders of this role cannot open the page',
    missingTitle: 'Some actions lack what they need',
    missing: '“{action}” needs {needs}; without it, holders of this role see “Access denied” on the page',
    saveAnyway: 'Save anyway',
    back: 'Go back',
    impliedNoteUnlinked:
      'The menus (Home, Profile) and APIs tagged “Always granted” are open to every signed-in account and need no grant; with parent & child unlinked, only ticked items are granted, so tick the menus above an API too.',
  },
);

/** The names of resources, quoted and joined (“账号列表”、“组织列表”). */
const quoted = (resources: readonly Resource[]) => resources.map((r) => `“${r.name}”`).join('、');

interface RoleResourcesProps {
  resources: readonly Resource[];
  loading: boolean;
  isGrantable: IsGrantable;
  onLinkageChange: (linkage: Linkage) => void;
  /** Set by Form.Item. */
  id?: string;
  value?: number[];
  onChange?: (ids: number[]) => void;
}

/**
 * The permission tree of the role editor: ticking an action brings along what it needs to be usable (its screen's
 * list, the contract route declared `screen`), and says so above the tree until the next change.
 */
function RoleResources({ resources, loading, isGrantable, onLinkageChange, id, value, onChange }: RoleResourcesProps) {
  const [brought, setBrought] = useState<UnmetPrerequisite[]>([]);
  return (
    <>
      {brought.length > 0 && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 8 }}
          data-testid="role-prerequisites-added"
          title={brought
            .map((unmet) => tx('added', { action: unmet.action.name, needs: quoted(unmet.needs) }))
            .join('；')}
        />
      )}
      <ResourceTree
        id={id}
        resources={resources}
        loading={loading}
        isGrantable={isGrantable}
        alwaysOn={isAlwaysHeld}
        height="46vh"
        onLinkageChange={onLinkageChange}
        value={value}
        onChange={(ids) => {
          const next = withPrerequisites(resources, value ?? [], ids, isGrantable);
          setBrought(next.added);
          onChange?.(next.ids);
        }}
      />
    </>
  );
}

function RoleForm({ role, onSaving, onSaved }: RoleFormProps) {
  const [form] = Form.useForm<RoleFormValues>();
  // Stays open until the server accepts: a refusal has been toasted by the http client and the input is kept.
  const saving = useListMutation({
    mutationFn: (values: RoleFormValues) =>
      role ? updateRole(toUpdateRoleBody(role, values)) : createRole(toCreateRoleBody(values)),
    queryKey: roleKeys.all,
    form,
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

  const { modal } = App.useApp();
  // A role whose actions lack their screens' lists would land its holders on 无权访问: asked before it is saved.
  const save = (values: RoleFormValues) => {
    const unmet = unmetPrerequisites(tree.resources, values.resources);
    if (unmet.length === 0) return void saving.run(values);
    modal.confirm({
      title: tx('missingTitle'),
      content: (
        <ul style={{ paddingInlineStart: 20, margin: 0 }} data-testid="role-prerequisites-missing">
          {unmet.map((item) => (
            <li key={item.action.id}>{tx('missing', { action: item.action.name, needs: quoted(item.needs) })}</li>
          ))}
        </ul>
      ),
      okText: tx('saveAnyway'),
      cancelText: tx('back'),
      onOk: () => void saving.run(values),
    });
  };
  const dataScope = Form.useWatch('dataScope', form) ?? (role ? toRoleFormValues(role) : emptyRoleForm).dataScope;
  const orgNames = useOrgNames(role?.scopeOrgIds ?? [], ORG_PICKER_NAMES_SHOWN);
  // 自定义 is chosen in the organisation tree, which an account without 组织列表 cannot open.
  const mayPickOrgs = canCall(permissions, routes.listOrgs);
  // Unlinked (父子联动 off), ticking an API no longer grants the menus above it: the note says so.
  const [linkage, setLinkage] = useState<Linkage>('linked');

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
        extra={
          <span data-testid="role-implied-note">
            {linkage === 'linked' ? t('role.impliedNote') : tx('impliedNoteUnlinked')}
          </span>
        }
        rules={[
          {
            validator: (_rule, value: number[] | undefined) =>
              value?.length ? Promise.resolve() : Promise.reject(new Error(t('role.resourcesRequired'))),
          },
        ]}
      >
        <RoleResources
          resources={tree.resources}
          loading={tree.loading}
          isGrantable={isGrantable}
          onLinkageChange={setLinkage}
        />
      </Form.Item>
    </Form>
  );
}
