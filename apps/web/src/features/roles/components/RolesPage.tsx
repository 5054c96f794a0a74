import { routes } from '@gatehouse/contract';
import { Button, Space, Table, type TableColumnsType, Tag, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Can } from '@/components/can';
import { useConfirmDelete } from '@/components/confirm-delete';
import { ToolBar } from '@/components/tool-bar';
import { deleteRole, type Role, useReloadRoles, useRoleList } from '@/features/roles/api/roles.api';
import { t } from '@/lib/i18n';
import { canCall, useSession } from '@/stores/session';
import { RoleDialog, type RoleDialogTarget } from './RoleDialog';

/**
 * Why the role cannot be edited or deleted: it is built in, or it holds permissions the caller lacks (the server's
 * dominance rule, told by `assignable`); null when it can.
 */
const lockOf = (role: Role): string | null =>
  role.builtin ? t('role.builtinLocked') : role.assignable ? null : t('role.notAssignable');

/** A locked role's buttons stay visible but disabled, with the reason on hover. */
function Locked({ role, children }: { role: Role; children: ReactNode }) {
  const reason = lockOf(role);
  return reason ? <Tooltip title={reason}>{children}</Tooltip> : children;
}

/**
 * 角色管理 (reference-ui §1.9): every role (no pages), with how many accounts hold it. Bespoke rather than the
 * list pair: no search and no pagination, and the dialog is built around the permission tree.
 */
export function RolesPage() {
  const list = useRoleList();
  const reload = useReloadRoles();
  const [dialog, setDialog] = useState<RoleDialogTarget | null>(null);
  const confirmDelete = useConfirmDelete();
  const permissions = useSession((state) => state.permissions);

  const remove = (role: Role) =>
    confirmDelete(
      () => deleteRole(role.id),
      () => reload(),
    );

  const columns: TableColumnsType<Role> = [
    {
      title: t('role.colName'),
      dataIndex: 'name',
      key: 'name',
      align: 'center',
      render: (name: string, role) => (
        <Space size={6}>
          <span>{name}</span>
          {role.builtin && <Tag color="gold">{t('role.builtinTag')}</Tag>}
        </Space>
      ),
    },
    { title: t('role.colRemark'), dataIndex: 'remark', key: 'remark', align: 'center' },
    { title: t('role.colAccountCount'), dataIndex: 'accountCount', key: 'accountCount', align: 'center', width: 100 },
  ];

  // An account holding none of the row actions gets no empty 操作 column.
  if ([routes.updateRole, routes.deleteRole].some((route) => canCall(permissions, route))) {
    columns.push({
      title: t('role.colActions'),
      key: 'actions',
      align: 'center',
      width: 300,
      render: (_value, role) => (
        <Space>
          <Can routes={routes.updateRole}>
            <Locked role={role}>
              <Button size="small" disabled={lockOf(role) !== null} onClick={() => setDialog({ role })}>
                {t('common.edit')}
              </Button>
            </Locked>
          </Can>
          <Can routes={routes.deleteRole}>
            <Locked role={role}>
              <Button size="small" danger disabled={lockOf(role) !== null} onClick={() => remove(role)}>
                {t('common.delete')}
              </Button>
            </Locked>
          </Can>
        </Space>
      ),
    });
  }

  return (
    <>
      <ToolBar>
        <Can routes={routes.createRole}>
          <Button type="primary" onClick={() => setDialog({})}>
            {t('common.add')}
          </Button>
        </Can>
      </ToolBar>
      <Table<Role>
        rowKey="id"
        size="middle"
        bordered
        columns={columns}
        dataSource={list.data ?? []}
        loading={list.isFetching}
        pagination={false}
      />
      <RoleDialog
        target={dialog}
        onClose={() => setDialog(null)}
        onSaved={() => {
          setDialog(null);
          void reload();
        }}
      />
    </>
  );
}
