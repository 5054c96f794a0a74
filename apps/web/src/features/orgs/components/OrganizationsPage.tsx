import { routes } from '@gatehouse/contract';
import { Button, Space } from 'antd';
import { useRef, useState } from 'react';
import { Can } from '@/components/can';
import { useConfirmDelete } from '@/components/confirm-delete';
import { OrgTreeTable, type OrgTreeTableHandle } from '@/components/org-picker';
import { ToolBar } from '@/components/tool-bar';
import { deleteOrg, loadOrgs, type Org } from '@/features/orgs/api/orgs.api';
import { t } from '@/lib/i18n';
import { canCall, useSession } from '@/stores/session';
import { OrgDialog, type OrgDialogState } from './OrgDialog';
import { levelsToReload } from './org-form';

/**
 * 组织管理 (reference-ui §1.8): the lazy tree table with 添加根节点 / 编辑 / 添加下级 / 删除. Bespoke rather than
 * the list pair: a lazily loaded tree has no pages. After a change only the affected levels are re-loaded, so
 * the branches the user opened stay open.
 */
export function OrganizationsPage() {
  const tree = useRef<OrgTreeTableHandle>(null);
  const [dialog, setDialog] = useState<OrgDialogState | null>(null);
  const confirmDelete = useConfirmDelete();
  const permissions = useSession((state) => state.permissions);
  // An account holding none of the row actions gets no empty 操作 column.
  const rowActions = [routes.updateOrg, routes.createOrg, routes.deleteOrg].some((route) =>
    canCall(permissions, route),
  );

  const reloadLevels = async (levels: Array<number | null>, expand?: number | null) => {
    for (const level of levels) await tree.current?.reload(level, { expand: level !== null && level === expand });
  };

  const remove = (org: Org) =>
    confirmDelete(
      () => deleteOrg(org.id),
      () => reloadLevels([org.pid]),
    );

  return (
    <>
      <ToolBar>
        <Can routes={routes.createOrg}>
          <Button type="primary" onClick={() => setDialog({ mode: 'create', parent: null })}>
            {t('org.addRoot')}
          </Button>
        </Can>
      </ToolBar>
      <OrgTreeTable
        ref={tree}
        loadOrgs={loadOrgs}
        actionsWidth={260}
        renderActions={
          rowActions
            ? (org, parent) => (
                <Space size={8}>
                  <Can routes={routes.updateOrg}>
                    <Button size="small" onClick={() => setDialog({ mode: 'edit', org, parentName: parent?.name })}>
                      {t('common.edit')}
                    </Button>
                  </Can>
                  <Can routes={routes.createOrg}>
                    <Button
                      size="small"
                      color="primary"
                      variant="outlined"
                      onClick={() => setDialog({ mode: 'create', parent: org, parentName: org.name })}
                    >
                      {t('org.addChild')}
                    </Button>
                  </Can>
                  <Can routes={routes.deleteOrg}>
                    <Button size="small" danger onClick={() => remove(org)}>
                      {t('common.delete')}
                    </Button>
                  </Can>
                </Space>
              )
            : undefined
        }
      />
      <OrgDialog
        target={dialog}
        onClose={() => setDialog(null)}
        onSaved={(before, after) => {
          setDialog(null);
          void reloadLevels(levelsToReload(before, after), before ? undefined : after.pid);
        }}
      />
    </>
  );
}
