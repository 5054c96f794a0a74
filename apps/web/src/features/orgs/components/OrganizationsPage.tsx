import { orgEntity, routes } from '@gatehouse/contract';
import { Alert, Button, Tooltip, Typography } from 'antd';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Can } from '@/components/can';
import { useConfirmDelete } from '@/components/confirm-delete';
import { RowActionsCell, useListMutation, useRowActions } from '@/components/list-kit';
import type { LoadOrgs } from '@/components/org-picker';
import { ToolBar } from '@/components/tool-bar';
import { deleteOrg, loadOrg, loadOrgs, type Org } from '@/features/orgs/api/orgs.api';
import { sheetHeaders } from '@/lib/entity';
import { t } from '@/lib/i18n';
import { OrgDialog, type OrgDialogState } from './OrgDialog';
import { OrgTreeTable, type OrgTreeTableHandle } from './OrgTreeTable';
import { levelsToReload } from './org-form';

/** 导入 (components/import-wizard): a chunk of its own, fetched when it first opens. */
const ImportWizard = lazy(() => import('@/components/import-wizard').then((m) => ({ default: m.ImportWizard })));

/** A row of the tree with its parent (the edit dialog names it). */
interface OrgRow {
  org: Org;
  parent: Org | null;
}

/** 导出: every organisation in the caller's scope, depth-first; the tree's 名称 column is the path and the name. */
const ORG_EXPORT = {
  route: routes.exportOrgs,
  fallbackName: 'organizations',
  columns: {
    name: ['path', 'name'],
    fullName: 'fullName',
    orgCode: 'orgCode',
    sort: 'sort',
    state: 'state',
    leader: 'leader',
    phone: 'phone',
    createTime: 'createTime',
  },
  extraColumns: ['regionName'],
} as const;

/**
 * 组织管理 (reference UI §1.8): the lazy tree table with 添加根节点 / 编辑 / 添加下级 / 删除, in the list kit's table
 * parts. Not a kit list query: a lazily loaded tree has no pages, and after a change only the affected levels are
 * re-loaded (not a query key), so the branches the user opened stay open. With `?id=` in the address (the command
 * palette's link) the tree's only root is that organisation, with 显示全部组织 to leave it.
 */
export function OrganizationsPage() {
  const tree = useRef<OrgTreeTableHandle>(null);
  const [dialog, setDialog] = useState<OrgDialogState | null>(null);
  const confirmDelete = useConfirmDelete();
  const [params, setParams] = useSearchParams();
  const idParam = Number(params.get('id'));
  const focusId = Number.isSafeInteger(idParam) && idParam > 0 ? idParam : undefined;
  // The organisation the address names: undefined until loaded, null when there is none.
  const [focused, setFocused] = useState<Org | null | undefined>(undefined);
  // A root shown only as the path to the caller's data scope: the caller may not write at the top level, so
  // 添加根节点 (which the server would refuse) is not offered.
  const [rootsOutOfScope, setRootsOutOfScope] = useState(false);
  const [importing, setImporting] = useState(false);
  const [importMounted, setImportMounted] = useState(false);
  if (importing && !importMounted) setImportMounted(true);
  const load = useMemo<LoadOrgs>(
    () =>
      focusId === undefined
        ? async (query) => {
            const found = await loadOrgs(query);
            if (query?.pid === undefined) setRootsOutOfScope(found.some((org) => org.inScope === false));
            return found;
          }
        : async (query) => {
            if (query?.pid !== undefined) return loadOrgs(query);
            const found = await loadOrg(focusId);
            setFocused(found[0] ?? null);
            return found;
          },
    [focusId],
  );
  const showAll = () =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete('id');
      return next;
    });
  const reloadLevels = async (levels: Array<number | null>, expand?: number | null) => {
    for (const level of levels) await tree.current?.reload(level, { expand: level !== null && level === expand });
  };

  const removal = useListMutation({
    mutationFn: (org: Org) => deleteOrg(org.id),
    // The tree is not a query: the deleted organisation's level is re-loaded instead.
    queryKey: null,
    success: 'common.deleted',
    onSuccess: (_answer, org) => reloadLevels([org.pid]),
  });
  const remove = (org: Org) =>
    confirmDelete({ question: 'org.deleteConfirm', name: org.name, run: () => removal.run(org) });
  // The row's actions (list-kit links: one colour for all but 删除). The server refuses to delete an organisation
  // with sub-organisations (or accounts): the first is known from the row, so its 删除 is disabled with the reason.
  const actions = useRowActions<OrgRow>([
    {
      key: 'edit',
      label: t('common.edit'),
      routes: routes.updateOrg,
      onClick: ({ org, parent }) => setDialog({ mode: 'edit', org, parentName: parent?.name }),
    },
    {
      key: 'addChild',
      label: t('org.addChild'),
      routes: routes.createOrg,
      // The server takes nothing new under a disabled organisation.
      refusal: ({ org }) => (org.state ? null : t('org.addChildDisabled')),
      onClick: ({ org }) => setDialog({ mode: 'create', parent: org, parentName: org.name }),
    },
    {
      key: 'delete',
      label: t('common.delete'),
      routes: routes.deleteOrg,
      danger: true,
      refusal: ({ org }) => (org.hasChildren ? t('org.deleteHasChildren') : null),
      onClick: ({ org }) => remove(org),
    },
  ]);

  return (
    <>
      <ToolBar>
        <Can routes={[routes.previewOrgImport, routes.commitOrgImport]}>
          <Button onClick={() => setImporting(true)}>{t('org.import')}</Button>
        </Can>
        {!rootsOutOfScope && (
          <Can routes={routes.createOrg}>
            <Button type="primary" onClick={() => setDialog({ mode: 'create', parent: null })}>
              {t('org.addRoot')}
            </Button>
          </Can>
        )}
      </ToolBar>
      {focusId !== undefined && focused !== undefined && (
        <Alert
          type={focused ? 'info' : 'warning'}
          showIcon
          style={{ marginBottom: 12 }}
          title={focused ? t('org.focused', { name: focused.name }) : t('org.focusMissing')}
          action={
            <Button size="small" onClick={showAll}>
              {t('org.showAll')}
            </Button>
          }
        />
      )}
      {importMounted && (
        <Suspense fallback={null}>
          <ImportWizard
            open={importing}
            onClose={() => {
              setImporting(false);
              // The tree is not a query: its top level is re-loaded to show what the import added.
              void reloadLevels([null]);
            }}
            kind={{
              title: t('org.importTitle'),
              template: routes.orgImportTemplate,
              templateName: 'organization-import-template',
              preview: routes.previewOrgImport,
              commit: routes.commitOrgImport,
              queryKey: ['orgs'],
              // A refused row names its column by the sheet's header, as the organisation's descriptor declares it.
              columnLabels: sheetHeaders(orgEntity),
            }}
          />
        </Suspense>
      )}
      <OrgTreeTable
        ref={tree}
        loadOrgs={load}
        kit={{ name: 'orgs', label: t('org.listLabel'), exporter: ORG_EXPORT }}
        actionsWidth={actions?.width}
        renderActions={
          actions
            ? (org, parent) =>
                // Outside the caller's data scope: only the path down to what is in it, nothing to do on it.
                org.inScope === false ? (
                  <Tooltip title={t('scope.outside')}>
                    <Typography.Text type="secondary">{t('scope.pathOnly')}</Typography.Text>
                  </Tooltip>
                ) : (
                  <RowActionsCell row={{ org, parent }} links={actions.links} more={actions.more} />
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
