import { routes } from '@gatehouse/contract';
import { Button, Empty, Flex, Space, Tag, Tooltip, Tree, type TreeDataNode, Typography } from 'antd';
import { type MouseEvent, useEffect, useMemo, useRef, useState } from 'react';
import { Can } from '../../../components/can';
import { buildResourceTree, METHOD_COLORS, parentIds, type ResourceNode } from '../../../components/resource-tree';
import { t } from '../../../lib/i18n';
import type { Resource } from '../api/resources.api';

export interface ResourceTreeProps {
  resources: Resource[];
  selectedId: number | null;
  onEdit: (resource: Resource) => void;
  onAdd: (type: 0 | 1, parent: Resource) => void;
  onDelete: (resource: Resource) => void;
}

/** The whole permission tree, all expanded; a node's buttons act on it (reference-ui §1.10). */
export function ResourceTree({ resources, selectedId, onEdit, onAdd, onDelete }: ResourceTreeProps) {
  const model = useMemo(() => buildResourceTree(resources), [resources]);
  const tree = model.roots;
  const expandable = useMemo(() => parentIds(model), [model]);
  const [expanded, setExpanded] = useState<number[]>(expandable);
  // Nodes that gain children later (a new child menu) open too; ones the user collapsed stay collapsed.
  const known = useRef(new Set(expandable));
  useEffect(() => {
    const added = expandable.filter((id) => !known.current.has(id));
    for (const id of added) known.current.add(id);
    if (added.length) setExpanded((current) => [...current, ...added]);
  }, [expandable]);

  const treeData = useMemo(() => {
    const toData = (node: ResourceNode): TreeDataNode => ({
      key: node.resource.id,
      title: node.resource.name,
      children: node.children.map(toData),
    });
    return tree.map(toData);
  }, [tree]);
  const byId = useMemo(() => new Map(resources.map((r) => [r.id, r])), [resources]);

  if (resources.length === 0) return <Empty description={t('resource.treeEmpty')} />;

  return (
    <Tree
      blockNode
      showLine
      treeData={treeData}
      expandedKeys={expanded}
      onExpand={(keys) => setExpanded(keys as number[])}
      selectedKeys={selectedId === null ? [] : [selectedId]}
      onSelect={(_keys, info) => {
        const resource = byId.get(info.node.key as number);
        if (resource) onEdit(resource);
      }}
      titleRender={(data) => {
        const resource = byId.get(data.key as number);
        return resource ? (
          <ResourceTitle resource={resource} onEdit={onEdit} onAdd={onAdd} onDelete={onDelete} />
        ) : null;
      }}
    />
  );
}

/** Keeps a button's click from also selecting the node it sits on. */
const only = (action: () => void) => (event: MouseEvent) => {
  event.stopPropagation();
  action();
};

function ResourceTitle({
  resource,
  onEdit,
  onAdd,
  onDelete,
}: { resource: Resource } & Pick<ResourceTreeProps, 'onEdit' | 'onAdd' | 'onDelete'>) {
  const method = resource.method?.toLowerCase() ?? '';
  return (
    <Flex align="center" justify="space-between" gap={8} data-testid={`resource-${resource.id}`}>
      <Flex align="center" gap={6} wrap style={{ minWidth: 0 }}>
        {resource.type === 1 && (
          <Tag color={METHOD_COLORS[method] ?? 'default'} style={{ marginInlineEnd: 0, fontFamily: 'monospace' }}>
            {method.toUpperCase()}
          </Tag>
        )}
        <Typography.Text strong={resource.type === 0}>{resource.name}</Typography.Text>
        {resource.type === 0 && resource.route && <Tag style={{ color: '#8c8c8c' }}>{resource.route}</Tag>}
        {resource.type === 1 && resource.url && (
          <Tag style={{ color: '#8c8c8c', fontFamily: 'monospace' }}>{resource.url}</Tag>
        )}
        {resource.builtin && (
          <Tag color="default" bordered={false}>
            {t('resource.builtin')}
          </Tag>
        )}
      </Flex>
      <Space size={0} style={{ flex: 'none' }}>
        <Can routes={routes.updateResource}>
          <Button type="link" size="small" onClick={only(() => onEdit(resource))}>
            {t('common.edit')}
          </Button>
        </Can>
        {resource.type === 0 && (
          <Can routes={routes.createResource}>
            <Button type="link" size="small" onClick={only(() => onAdd(0, resource))}>
              {t('resource.addChildMenu')}
            </Button>
            <Button type="link" size="small" onClick={only(() => onAdd(1, resource))}>
              {t('resource.addApi')}
            </Button>
          </Can>
        )}
        <Can routes={routes.deleteResource}>
          <Tooltip title={resource.builtin ? t('resource.builtinNoDelete') : undefined}>
            <Button
              type="link"
              size="small"
              danger
              disabled={resource.builtin}
              onClick={only(() => onDelete(resource))}
            >
              {t('common.delete')}
            </Button>
          </Tooltip>
        </Can>
      </Space>
    </Flex>
  );
}
