import { routes } from '@gatehouse/contract';
import { Button, Flex, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { viewAsAddress } from '@/components/authz-explain';
import { Can } from '@/components/can';
import { useConfirmDelete } from '@/components/confirm-delete';
import {
  type FilterCodecs,
  type ListColumn,
  ListPage,
  useActionsColumn,
  useListMutation,
  useListQuery,
} from '@/components/list-kit';
import { deleteRole, listRoles, type Role, type RoleListQuery, roleKeys } from '@/features/roles/api/roles.api';
import { t } from '@/lib/i18n';
import { RoleDialog, type RoleDialogTarget } from './RoleDialog';

/**
 * Why the role cannot be edited or deleted: it is built in, or it holds permissions the caller lacks (the server's
 * dominance rule, told by `assignable`); null when it can.
 */
const lockOf = (role: Role): string | null =>
  role.builtin ? t('role.builtinLocked') : role.assignable ? null : t('role.notAssignable');

/** 数据权限 in the list: the scope's name, a 自定义 one with how many organisations it names. */
const scopeOf = (role: Role): string =>
  role.dataScope === 'custom'
    ? t('roles.scope.customCount', { count: role.scopeOrgIds.length })
    : t(`roles.scope.name.${role.dataScope}`);

const filterCodecs: FilterCodecs<RoleListQuery> = { name: 'text' };
const roleId = (role: Role) => role.id;

/** One line for a long name, its built-in tag kept in view beside it. */
function RoleName({ role }: { role: Role }) {
  return (
    <Flex align="center" gap={6} style={{ minWidth: 0 }}>
      <Tooltip title={role.name} placement="topLeft">
        <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{role.name}</span>
      </Tooltip>
      {role.builtin && (
        <Tag color="gold" style={{ flex: 'none', marginInlineEnd: 0 }}>
          {t('role.builtinTag')}
        </Tag>
      )}
      {/* 需要双因素认证: a tag beside the name (as 内置), the list's columns unchanged. */}
      {role.requireSecondFactor && (
        <Tooltip title={t('roles.secondFactor.tagTitle')}>
          <Tag color="blue" data-testid="role-second-factor" style={{ flex: 'none', marginInlineEnd: 0 }}>
            {t('roles.secondFactor.tag')}
          </Tag>
        </Tooltip>
      )}
    </Flex>
  );
}

/**
 * 角色管理 (reference UI §1.9): the list kit over GET /role/s, which answers every role; the name filter (also the
 * command palette's way to show one role) and the pages are made in the browser.
 */
export function RolesPage() {
  const list = useListQuery<RoleListQuery, Role>({
    queryKey: roleKeys.all,
    filters: filterCodecs,
    fetchPage: listRoles,
  });
  const [dialog, setDialog] = useState<RoleDialogTarget | null>(null);
  const navigate = useNavigate();
  const confirmDelete = useConfirmDelete();
  const removal = useListMutation({
    mutationFn: (role: Role) => deleteRole(role.id),
    queryKey: roleKeys.all,
    success: 'common.deleted',
  });

  // A role still held is refused by the server; the confirmation says so before the click.
  const remove = (role: Role) =>
    confirmDelete({
      question: 'role.deleteConfirm',
      name: role.name,
      detail: role.accountCount > 0 ? t('role.deleteHeld', { count: role.accountCount }) : undefined,
      run: () => removal.run(role),
    });

  const actionsColumn = useActionsColumn<Role>({
    title: t('role.colActions'),
    actions: [
      {
        key: 'edit',
        label: t('common.edit'),
        routes: routes.updateRole,
        refusal: lockOf,
        onClick: (role) => setDialog({ role }),
      },
      {
        key: 'delete',
        label: t('common.delete'),
        routes: routes.deleteRole,
        danger: true,
        refusal: lockOf,
        onClick: remove,
      },
      // 权限预览: what a holder of the role sees (the server refuses a role wider than the caller).
      {
        key: 'preview',
        label: t('roles.preview'),
        routes: routes.viewAs,
        refusal: (role) => (role.assignable ? null : t('role.notAssignable')),
        onClick: (role) => navigate(viewAsAddress({ roleId: role.id })),
      },
    ],
  });
  const columns: ListColumn<Role>[] = [
    {
      title: t('role.colName'),
      key: 'name',
      dataIndex: 'name',
      width: 200,
      ellipsis: false,
      hideable: false,
      render: (_name: string, role) => <RoleName role={role} />,
    },
    // The default columns fit beside the collapsed menu at 1024 px; a long remark is cut with … and whole on hover.
    { title: t('role.colRemark'), key: 'remark', dataIndex: 'remark', width: 260 },
    {
      title: t('roles.scope.col'),
      key: 'dataScope',
      dataIndex: 'dataScope',
      width: 160,
      render: (_scope: Role['dataScope'], role) => scopeOf(role),
    },
    { title: t('role.colAccountCount'), key: 'accountCount', dataIndex: 'accountCount', align: 'center', width: 100 },
  ];

  if (actionsColumn) columns.push(actionsColumn);

  return (
    <>
      <ListPage<RoleListQuery, Role>
        list={list}
        table="roles"
        label={t('role.listLabel')}
        totalTestId="role-total"
        rowKey={roleId}
        columns={columns}
        search={{ id: 'roleSearch', fields: [{ kind: 'text', name: 'name', label: t('role.searchName') }] }}
        exporter={{
          route: routes.exportRoles,
          fallbackName: 'roles',
          columns: { name: 'name', remark: 'remark', dataScope: 'dataScope', accountCount: 'accountCount' },
          // 需要双因素认证 (a tag by the name), the permissions and the creation time are not columns of the list; the
          // list's one filter is the name.
          extraColumns: ['requireSecondFactor', 'resources', 'createTime'],
          exportQuery: (query) => ({ name: query.name }),
        }}
        actions={
          <Can routes={routes.createRole}>
            <Button type="primary" onClick={() => setDialog({})}>
              {t('common.add')}
            </Button>
          </Can>
        }
      />
      <RoleDialog target={dialog} onClose={() => setDialog(null)} onSaved={() => setDialog(null)} />
    </>
  );
}
