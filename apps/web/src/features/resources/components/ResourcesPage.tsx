import { Card, Flex, Spin } from 'antd';
import { useState } from 'react';
import { ToolBar } from '@/components/tool-bar';
import { type Resource, useReloadResources, useResources } from '@/features/resources/api/resources.api';
import { t } from '@/lib/i18n';
import { ResourceForm } from './ResourceForm';
import { ResourceTree } from './ResourceTree';
import { newRootMenu, type ResourceTarget } from './resource-form';
import { useResourceActions } from './use-resource-actions';

// Bespoke rather than the list/dialog pair: a tree with a side form, edited in place (reference-ui §1.10).
export function ResourcesPage() {
  const resources = useResources();
  const reload = useReloadResources();
  // Each new target remounts the form with that target's initial values (also when it is the same node again).
  const [editor, setEditor] = useState<{ target: ResourceTarget; version: number }>({
    target: newRootMenu,
    version: 0,
  });
  const open = (target: ResourceTarget) => setEditor((current) => ({ target, version: current.version + 1 }));
  const selectedId = editor.target.kind === 'edit' ? editor.target.resource.id : null;

  const { remove } = useResourceActions(async (deleted: Resource) => {
    if (selectedId === deleted.id) open(newRootMenu);
    await reload();
  });

  const list = resources.data ?? [];
  return (
    <>
      <ToolBar />
      <Flex gap={16} align="flex-start">
        <Card
          title={t('resource.treeTitle')}
          size="small"
          style={{ flex: 1, minWidth: 0 }}
          styles={{ body: { padding: '8px 8px 12px' } }}
        >
          <Spin spinning={resources.isFetching}>
            {resources.data && (
              <ResourceTree
                resources={list}
                selectedId={selectedId}
                onEdit={(resource) => open({ kind: 'edit', resource })}
                onAdd={(type, parent) => open({ kind: 'create', type, pid: parent.id })}
                onDelete={remove}
              />
            )}
            {!resources.data && <div style={{ minHeight: 120 }} />}
          </Spin>
        </Card>
        <Card size="small" style={{ width: 430, flex: 'none', position: 'sticky', top: 66 }}>
          <ResourceForm
            key={editor.version}
            target={editor.target}
            resources={list}
            onSaved={async (saved) => {
              await reload();
              open({ kind: 'edit', resource: saved });
            }}
            onReset={() => open(newRootMenu)}
          />
        </Card>
      </Flex>
    </>
  );
}
