import { LinkOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Empty, Flex, Input, Spin, Tag, Tooltip, Tree, type TreeDataNode, Typography, theme } from 'antd';
import { useMemo, useState } from 'react';
import { useBoxHeight } from '@/lib/dom';
import { t } from '@/lib/i18n';
import {
  buildResourceTree,
  checkedFromSaved,
  halfCheckedOf,
  hasGrantableInSubtree,
  type IsGrantable,
  METHOD_COLORS,
  parentIds,
  type Resource,
  type ResourceNode,
  savedIds,
  searchTree,
  splitByKeyword,
  toggleSubtree,
} from './resource-tree-model';

export interface ResourceTreeProps {
  /** Every resource in adjacency form (GET /resources); the tree is built here. */
  resources: readonly Resource[];
  /** Saved resource ids (antd Form binds it); see `savedIds` for what a half-checked parent contributes. */
  value?: number[];
  onChange?: (ids: number[]) => void;
  /** Resources the account may grant; the others are shown disabled and keep their state. Default: all. */
  isGrantable?: IsGrantable;
  loading?: boolean;
  /** Set by antd Form.Item (the field label then names the search box). */
  id?: string;
  /**
   * Resources every signed-in account holds whatever is ticked (the role editor says which): tagged 无需授权 and
   * greyed, their checkboxes left as they are.
   */
  alwaysOn?: (resource: Resource) => boolean;
  /** Height of the scrolling tree box (any CSS length; the tree is virtual inside it); default 50vh. */
  height?: number | string;
}

const everything: IsGrantable = () => true;
const never = () => false;

function Highlighted({ text, keyword }: { text: string; keyword: string }) {
  return (
    <>
      {splitByKeyword(text, keyword).map((part, index) =>
        part.match ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one string, in order.
          <mark key={index} style={{ padding: 0, background: '#ffe58f' }}>
            {part.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one string, in order.
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}

/** How one resource reads in the tree: a menu with its route, an API resource with its method and url. */
function ResourceLabel({ resource, keyword }: { resource: Resource; keyword: string }) {
  if (resource.type === 0) {
    return (
      <Flex align="center" gap={6} wrap component="span">
        <span>
          <Highlighted text={resource.name} keyword={keyword} />
        </span>
        {resource.route && (
          <Tag icon={<LinkOutlined aria-hidden />} variant="filled" style={{ marginInlineEnd: 0 }}>
            <Highlighted text={resource.route} keyword={keyword} />
          </Tag>
        )}
      </Flex>
    );
  }
  const method = (resource.method ?? '').toUpperCase();
  return (
    <Flex align="center" gap={6} wrap component="span">
      {method && (
        <Tag
          color={METHOD_COLORS[method.toLowerCase()] ?? 'default'}
          style={{ marginInlineEnd: 0, fontFamily: 'monospace' }}
        >
          {method}
        </Tag>
      )}
      <span>
        <Highlighted text={resource.name} keyword={keyword} />
      </span>
      {resource.url && (
        <Tag variant="filled" style={{ marginInlineEnd: 0, color: '#666' }}>
          <Highlighted text={resource.url} keyword={keyword} />
        </Tag>
      )}
    </Flex>
  );
}

interface NodeTitleProps {
  resource: Resource;
  grantable: boolean;
  alwaysOn: boolean;
  keyword: string;
  /** Absent when nothing in the subtree can be changed. */
  onBatchSelect?: (id: number) => void;
}

function NodeTitle({ resource, grantable, alwaysOn, keyword, onBatchSelect }: NodeTitleProps) {
  const { token } = theme.useToken();
  const label = alwaysOn ? (
    <Flex align="center" gap={6} component="span" style={{ color: token.colorTextTertiary }}>
      <ResourceLabel resource={resource} keyword={keyword} />
      <Tooltip title={t('resourceTree.alwaysOnHint')}>
        <Tag variant="outlined" style={{ marginInlineEnd: 0, color: token.colorTextTertiary }}>
          {t('resourceTree.alwaysOn')}
        </Tag>
      </Tooltip>
    </Flex>
  ) : (
    <ResourceLabel resource={resource} keyword={keyword} />
  );
  return (
    <Flex align="center" justify="space-between" gap={8}>
      {grantable ? (
        label
      ) : (
        <Tooltip title={t('resourceTree.notHeld')}>
          <span style={{ opacity: 0.45 }}>{label}</span>
        </Tooltip>
      )}
      {onBatchSelect && (
        <Button
          type="text"
          size="small"
          style={{ color: '#257ff7', flex: 'none' }}
          onClick={(event) => {
            // The title itself toggles the checkbox (the tree is not selectable): do it once, not twice.
            event.stopPropagation();
            onBatchSelect(resource.id);
          }}
        >
          {t('resourceTree.batchSelect')}
        </Button>
      )}
    </Flex>
  );
}

/**
 * The permission tree (reference-ui §1.9 picker mode, improved): every resource, fully expanded; checkboxes with
 * correct half-checked parents (computed in resource-tree-model so that resources the account does not hold stay
 * fixed); 批量选择 per node; a search box that keeps the ancestors of matches visible.
 */
export function ResourceTree({
  resources,
  value,
  onChange,
  isGrantable = everything,
  alwaysOn = never,
  loading,
  id,
  height = '50vh',
}: ResourceTreeProps) {
  const model = useMemo(() => buildResourceTree(resources), [resources]);
  const [keyword, setKeyword] = useState('');
  const { token } = theme.useToken();
  const [boxRef, box] = useBoxHeight<HTMLDivElement>();
  const search = useMemo(() => searchTree(model, keyword), [model, keyword]);
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());

  const checked = useMemo(() => checkedFromSaved(model, value ?? [], isGrantable), [model, value, isGrantable]);
  const halfChecked = useMemo(() => halfCheckedOf(model, checked), [model, checked]);

  const toggle = (nodeId: number) =>
    onChange?.(savedIds(model, toggleSubtree(model, checked, nodeId, isGrantable), isGrantable));

  const toTreeData = (nodes: ResourceNode[]): TreeDataNode[] =>
    nodes
      .filter((node) => !search || search.visible.has(node.resource.id))
      .map((node) => {
        const { resource } = node;
        const grantable = isGrantable(resource);
        return {
          key: resource.id,
          title: (
            <NodeTitle
              resource={resource}
              grantable={grantable}
              alwaysOn={alwaysOn(resource)}
              keyword={search ? keyword : ''}
              onBatchSelect={hasGrantableInSubtree(model, resource.id, isGrantable) ? toggle : undefined}
            />
          ),
          disableCheckbox: !grantable,
          children: node.children.length ? toTreeData(node.children) : undefined,
        };
      });

  const treeData = toTreeData(model.roots);
  const expandedKeys = parentIds(model).filter((key) => search || !collapsed.has(key));

  return (
    <Flex vertical gap={8}>
      <Flex align="center" gap={12}>
        <Input
          id={id}
          allowClear
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
          placeholder={t('resourceTree.search')}
          prefix={<SearchOutlined aria-hidden style={{ color: '#999' }} />}
          style={{ flex: 1 }}
        />
        <Typography.Text type="secondary" style={{ flex: 'none' }} data-testid="resource-tree-count">
          {t('resourceTree.selectedCount', { count: value?.length ?? 0 })}
        </Typography.Text>
      </Flex>
      <div
        style={{
          height,
          minHeight: 240,
          overflow: 'auto',
          border: `1px solid ${token.colorBorder}`,
          borderRadius: 6,
          padding: '6px 4px',
        }}
      >
        {/* The box's pixel height makes the tree virtual: only the rows in view are in the DOM (10,000+ resources). */}
        <div ref={boxRef} style={{ height: '100%' }}>
          {loading ? (
            <Flex justify="center" style={{ padding: 40 }}>
              <Spin />
            </Flex>
          ) : !box.measured ? null : treeData.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={search ? t('resourceTree.noMatch') : undefined} />
          ) : (
            <Tree
              height={box.height}
              checkable
              checkStrictly
              blockNode
              selectable={false}
              treeData={treeData}
              checkedKeys={{ checked: [...checked], halfChecked: [...halfChecked] }}
              onCheck={(_keys, info) => toggle(Number(info.node.key))}
              expandedKeys={expandedKeys}
              onExpand={(_keys, info) => {
                if (search) return;
                const key = Number(info.node.key);
                setCollapsed((current) => {
                  const next = new Set(current);
                  if (info.expanded) next.delete(key);
                  else next.add(key);
                  return next;
                });
              }}
            />
          )}
        </div>
      </div>
    </Flex>
  );
}
