import { routes } from '@gatehouse/contract';
import { Button, Empty, type GetRef, Tag, Tooltip, Tree, type TreeDataNode } from 'antd';
import { type MouseEvent, memo, useEffect, useMemo, useRef, useState } from 'react';
import { MenuIcon } from '@/components/menu-icon';
import { buildResourceTree, METHOD_COLORS, parentIds, type ResourceNode } from '@/components/resource-tree';
import type { Resource } from '@/features/resources/api/resources.api';
import { useBoxHeight } from '@/lib/dom';
import { t } from '@/lib/i18n';
import { resourceTitle } from '@/lib/i18n/resource-title';
import { useCan } from '@/stores/session';

export interface ResourceTreeProps {
  resources: Resource[];
  selectedId: number | null;
  onEdit: (resource: Resource) => void;
  onAdd: (type: 0 | 1, parent: Resource) => void;
  onDelete: (resource: Resource) => void;
  /** 授权说明: who holds the resource. */
  onExplain: (resource: Resource) => void;
}

/** The whole permission tree, all expanded; a node's buttons act on it (reference UI §1.10). */
export function ResourceTree({ resources, selectedId, onEdit, onAdd, onDelete, onExplain }: ResourceTreeProps) {
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
      title: resourceTitle(node.resource),
      children: node.children.map(toData),
    });
    return tree.map(toData);
  }, [tree]);
  const byId = useMemo(() => new Map(resources.map((r) => [r.id, r])), [resources]);
  const [boxRef, box] = useBoxHeight<HTMLDivElement>();
  // The tree is virtual: the node being edited (a new one is selected after saving) is scrolled into view, or it
  // could sit outside the rendered window.
  const treeRef = useRef<GetRef<typeof Tree>>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: again when the data changes (a saved node arrives with the reload).
  useEffect(() => {
    if (selectedId !== null && box.measured) treeRef.current?.scrollTo({ key: selectedId, align: 'auto' });
  }, [selectedId, treeData, box.measured]);
  const canUpdate = useCan(routes.updateResource);
  const canCreate = useCan(routes.createResource);
  const canDelete = useCan(routes.deleteResource);
  const canExplain = useCan(routes.explainResource);
  const actions = useMemo(
    () => ({ canUpdate, canCreate, canDelete, canExplain }),
    [canUpdate, canCreate, canDelete, canExplain],
  );

  if (resources.length === 0) return <Empty description={t('resource.treeEmpty')} />;

  return (
    // A window-tall box whose pixel height makes the tree virtual: only the rows in view are in the DOM, so a
    // system with 10,000+ resources scrolls smoothly (docs/frontend-budgets.md).
    <div ref={boxRef} style={{ height: 'calc(100vh - 190px)', minHeight: 320 }}>
      {box.measured && (
        <Tree
          ref={treeRef}
          height={box.height}
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
              <ResourceTitle
                resource={resource}
                actions={actions}
                onEdit={onEdit}
                onAdd={onAdd}
                onDelete={onDelete}
                onExplain={onExplain}
              />
            ) : null;
          }}
        />
      )}
    </div>
  );
}

/** Keeps a button's click from also selecting the node it sits on. */
const only = (action: () => void) => (event: MouseEvent) => {
  event.stopPropagation();
  action();
};

/** What the signed-in account may do from a row (checked once per tree, not per row). */
interface RowActions {
  canUpdate: boolean;
  canCreate: boolean;
  canDelete: boolean;
  canExplain: boolean;
}

const row = { display: 'flex', alignItems: 'center', gap: 6, flexWrap: 'nowrap', minWidth: 0 } as const;
/** A long name, route or url is cut to one line (the row's native title holds it whole: no tooltip per row). */
const cut = {
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  minWidth: 0,
  flex: '0 1 auto',
} as const;
const keep = { flex: 'none', marginInlineEnd: 0 } as const;

/**
 * One row's title. Kept light and memoised: the virtual tree mounts rows as they scroll into view (10,000+
 * resources), rows already in view are not rendered again, and the tooltip exists only where it has something to
 * say. The buttons follow the explicit button → API map (reference UI §6) through `actions`.
 */
const ResourceTitle = memo(function ResourceTitle({
  resource,
  actions,
  onEdit,
  onAdd,
  onDelete,
  onExplain,
}: { resource: Resource; actions: RowActions } & Pick<
  ResourceTreeProps,
  'onEdit' | 'onAdd' | 'onDelete' | 'onExplain'
>) {
  const method = resource.method?.toLowerCase() ?? '';
  const path = resource.type === 0 ? resource.route : resource.url;
  // A built-in resource reads in the page's language; the name stored (and edited in the form) stays as it is.
  const name = resourceTitle(resource);
  return (
    <div style={{ ...row, justifyContent: 'space-between', gap: 8 }} data-testid={`resource-${resource.id}`}>
      <div style={{ ...row, overflow: 'hidden' }} title={path ? `${name} ${path}` : name}>
        {resource.type === 1 && (
          <Tag color={METHOD_COLORS[method] ?? 'default'} style={{ ...keep, fontFamily: 'monospace' }}>
            {method.toUpperCase()}
          </Tag>
        )}
        {resource.type === 0 && resource.icon && <MenuIcon name={resource.icon} style={keep} />}
        <span style={resource.type === 0 ? { ...cut, fontWeight: 600 } : cut}>{name}</span>
        {path && (
          <Tag style={{ ...cut, color: '#8c8c8c', ...(resource.type === 1 ? { fontFamily: 'monospace' } : {}) }}>
            {path}
          </Tag>
        )}
        {resource.builtin && (
          <Tag color="default" variant="filled" style={keep}>
            {t('resource.builtin')}
          </Tag>
        )}
      </div>
      <div style={{ display: 'flex', flex: 'none' }}>
        {actions.canExplain && (
          <Button type="link" size="small" onClick={only(() => onExplain(resource))}>
            {t('authz.resource.action')}
          </Button>
        )}
        {actions.canUpdate && (
          <Button type="link" size="small" onClick={only(() => onEdit(resource))}>
            {t('common.edit')}
          </Button>
        )}
        {resource.type === 0 && actions.canCreate && (
          <>
            <Button type="link" size="small" onClick={only(() => onAdd(0, resource))}>
              {t('resource.addChildMenu')}
            </Button>
            <Button type="link" size="small" onClick={only(() => onAdd(1, resource))}>
              {t('resource.addApi')}
            </Button>
          </>
        )}
        {actions.canDelete &&
          (resource.builtin ? (
            <Tooltip title={t('resource.builtinNoDelete')}>
              <Button type="link" size="small" danger disabled>
                {t('common.delete')}
              </Button>
            </Tooltip>
          ) : (
            <Button type="link" size="small" danger onClick={only(() => onDelete(resource))}>
              {t('common.delete')}
            </Button>
          ))}
      </div>
    </div>
  );
});
