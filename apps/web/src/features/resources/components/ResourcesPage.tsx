import { Button, Card, Empty, Flex, Spin, theme } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { TableToolBar } from '@/components/list-kit';
import { ToolBar } from '@/components/tool-bar';
import { explainResource, type Resource, useResources } from '@/features/resources/api/resources.api';
import { isRefused } from '@/lib/http';
import { t } from '@/lib/i18n';
import { ResourceForm } from './ResourceForm';
import { ResourceTree } from './ResourceTree';
import { newRootMenu, type ResourceTarget } from './resource-form';
import { useResourceActions } from './use-resource-actions';

/** 授权说明 (components/authz-explain): its drawer is fetched when it first opens. */
const ResourceExplanationDrawer = lazy(() =>
  import('@/components/authz-explain/ResourceExplanationDrawer').then((m) => ({
    default: m.ResourceExplanationDrawer,
  })),
);

/**
 * 资源管理 (reference UI §1.10): a tree with a side form, edited in place. Bespoke rather than a kit table: the tree
 * is virtual (10,000+ resources; only the rows in view are in the DOM, which e2e/frontend-perf.ts checks), so it
 * keeps antd Tree and takes the kit parts that fit — 刷新 and 全屏, the failed state with 重试, one-line rows, the
 * actions kept at the right, named delete confirmations.
 */
export function ResourcesPage() {
  const resources = useResources();
  const { token } = theme.useToken();
  const [fullScreen, setFullScreen] = useState(false);
  // Each new target remounts the form with that target's initial values (also when it is the same node again).
  const [editor, setEditor] = useState<{ target: ResourceTarget; version: number }>({
    target: newRootMenu,
    version: 0,
  });
  const open = (target: ResourceTarget) => setEditor((current) => ({ target, version: current.version + 1 }));
  const selectedId = editor.target.kind === 'edit' ? editor.target.resource.id : null;
  const list = resources.data ?? [];
  // The resource whose 授权说明 is open; the drawer, once mounted, stays so its closing animates.
  const [explained, setExplained] = useState<Resource | null>(null);
  const [explainMounted, setExplainMounted] = useState(false);
  if (explained && !explainMounted) setExplainMounted(true);

  const { remove } = useResourceActions(list, (deleted) => {
    if (selectedId === deleted.id) open(newRootMenu);
  });

  useEffect(() => {
    if (!fullScreen) return;
    const leave = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setFullScreen(false);
    };
    document.addEventListener('keydown', leave);
    return () => document.removeEventListener('keydown', leave);
  }, [fullScreen]);

  const failure = resources.error ? resources.error.message || t('list.loadFailed') : null;

  return (
    <>
      <ToolBar />
      <Flex
        gap={16}
        align="flex-start"
        data-testid="list-card"
        style={
          fullScreen
            ? { position: 'fixed', inset: 0, zIndex: 1000, background: token.colorBgLayout, padding: 16 }
            : undefined
        }
      >
        <Card
          title={t('resource.treeTitle')}
          size="small"
          extra={
            <TableToolBar
              onRefresh={() => void resources.refetch()}
              refreshing={resources.isFetching}
              fullScreen={fullScreen}
              onFullScreenChange={setFullScreen}
            />
          }
          style={{ flex: 1, minWidth: 0 }}
          styles={{ body: { padding: '8px 8px 12px' } }}
        >
          <Spin spinning={resources.isFetching}>
            {failure && resources.data && (
              <div role="alert" data-testid="list-failed" style={{ color: token.colorError, margin: '0 8px 8px' }}>
                {t('list.loadFailedReason', { reason: failure })}{' '}
                {!isRefused(resources.error) && (
                  <Button size="small" onClick={() => void resources.refetch()}>
                    {t('list.retry')}
                  </Button>
                )}
              </div>
            )}
            {resources.data && (
              <ResourceTree
                resources={list}
                selectedId={selectedId}
                onEdit={(resource) => open({ kind: 'edit', resource })}
                onAdd={(type, parent) => open({ kind: 'create', type, pid: parent.id })}
                onDelete={remove}
                onExplain={setExplained}
              />
            )}
            {!resources.data && failure && (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={
                  <span role="alert" data-testid="list-failed">
                    {t('list.loadFailedReason', { reason: failure })}
                  </span>
                }
              >
                {!isRefused(resources.error) && (
                  <Button type="primary" onClick={() => void resources.refetch()} loading={resources.isFetching}>
                    {t('list.retry')}
                  </Button>
                )}
              </Empty>
            )}
            {!resources.data && !failure && <div style={{ minHeight: 120 }} />}
          </Spin>
        </Card>
        <Card size="small" style={{ width: 430, flex: 'none', position: 'sticky', top: 66 }}>
          <ResourceForm
            key={editor.version}
            target={editor.target}
            resources={list}
            onSaved={(saved) => open({ kind: 'edit', resource: saved })}
            onReset={() => open(newRootMenu)}
          />
        </Card>
      </Flex>
      {explainMounted && (
        <Suspense fallback={null}>
          <ResourceExplanationDrawer
            resourceId={explained?.id ?? null}
            load={explainResource}
            onClose={() => setExplained(null)}
          />
        </Suspense>
      )}
    </>
  );
}
