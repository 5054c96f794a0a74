import { SearchOutlined } from '@ant-design/icons';
import {
  Button,
  Checkbox,
  Empty,
  Flex,
  Input,
  Spin,
  Switch,
  Tag,
  Tooltip,
  Tree,
  type TreeDataNode,
  Typography,
  theme,
} from 'antd';
import { useEffect, useId, useMemo, useState } from 'react';
import { useBoxHeight } from '@/lib/dom';
import { screenTexts, t } from '@/lib/i18n';
import {
  buildResourceTree,
  checkedFromSaved,
  everythingState,
  halfCheckedOf,
  hasGrantableInSubtree,
  type IsGrantable,
  type Linkage,
  linkageKeeps,
  parentIds,
  type Resource,
  type ResourceNode,
  savedIds,
  searchTree,
  setEverything,
  splitByKeyword,
  toggleNode,
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
  /** Told the 父子联动 setting in force, at first and on each change (the role editor's note follows it). */
  onLinkageChange?: (linkage: Linkage) => void;
}

/** The toolbar's texts travel with the tree's chunk, not in the catalogue /login loads. */
const tx = screenTexts(
  {
    expandAll: '展开/折叠',
    checkAll: '全选/全不选',
    linkage: '父子联动',
    linkageHint: '开启：勾选上级即勾选其全部下级，下级全部勾选时上级随之勾选。关闭：每项单独勾选，只保存勾选的项。',
  },
  {
    expandAll: 'Expand all',
    checkAll: 'Select all',
    linkage: 'Link parent & child',
    linkageHint:
      'On: ticking an item ticks everything below it, and an item whose children are all ticked is ticked too. Off: each item is ticked on its own, and only ticked items are saved.',
  },
);

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

/**
 * How one resource reads in the tree: its name first, then, quieter, what it stands for (a menu's route, an API
 * resource's method and url): the name is what an editor looks for, the raw address only tells two apart.
 */
function ResourceLabel({ resource, keyword }: { resource: Resource; keyword: string }) {
  const { token } = theme.useToken();
  const method = resource.type === 0 ? '' : (resource.method ?? '').toUpperCase();
  const address = resource.type === 0 ? resource.route : resource.url;
  return (
    <Flex align="baseline" gap={8} wrap component="span">
      <span>
        <Highlighted text={resource.name} keyword={keyword} />
      </span>
      {(method || address) && (
        <Typography.Text
          type="secondary"
          data-testid="resource-address"
          style={{ fontSize: token.fontSizeSM, fontFamily: token.fontFamilyCode }}
        >
          {method && <span>{method}</span>}
          {method && address && ' '}
          {address && <Highlighted text={address} keyword={keyword} />}
        </Typography.Text>
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
 * The permission tree (reference UI §1.9 picker mode, improved, and RuoYi's role dialog): every resource, fully
 * expanded; checkboxes with correct half-checked parents (computed in resource-tree-model so that resources the
 * account does not hold stay fixed); 批量选择 per node with children; a search box that keeps the ancestors of
 * matches visible; 展开/折叠, 全选/全不选 and 父子联动 above it.
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
  onLinkageChange,
}: ResourceTreeProps) {
  const model = useMemo(() => buildResourceTree(resources), [resources]);
  const [keyword, setKeyword] = useState('');
  const { token } = theme.useToken();
  const [boxRef, box] = useBoxHeight<HTMLDivElement>();
  const search = useMemo(() => searchTree(model, keyword), [model, keyword]);
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const parents = useMemo(() => parentIds(model), [model]);

  // 父子联动 is on unless the saved value says otherwise: a role holding what the linked tree cannot show (a menu
  // without anything below it) opens unlinked, so that nothing is dropped unseen. Settled at the first change.
  const [chosenLinkage, setChosenLinkage] = useState<Linkage | null>(null);
  const linkageId = useId();
  const keeps = useMemo(
    () => chosenLinkage !== null || linkageKeeps(model, value ?? [], isGrantable),
    [chosenLinkage, model, value, isGrantable],
  );
  const linkage: Linkage = chosenLinkage ?? (keeps ? 'linked' : 'unlinked');
  useEffect(() => onLinkageChange?.(linkage), [onLinkageChange, linkage]);

  const checked = useMemo(
    () => checkedFromSaved(model, value ?? [], isGrantable, linkage),
    [model, value, isGrantable, linkage],
  );
  const halfChecked = useMemo(
    () => (linkage === 'linked' ? halfCheckedOf(model, checked) : new Set<number>()),
    [model, checked, linkage],
  );
  const anyGrantable = useMemo(
    () => [...model.byId.values()].some((node) => isGrantable(node.resource)),
    [model, isGrantable],
  );
  const everythingChecked = useMemo(
    () => everythingState(model, checked, isGrantable, linkage),
    [model, checked, isGrantable, linkage],
  );

  const change = (next: Set<number>) => {
    setChosenLinkage(linkage);
    onChange?.(savedIds(model, next, isGrantable, linkage));
  };
  const toggle = (nodeId: number) =>
    change(
      linkage === 'linked'
        ? toggleSubtree(model, checked, nodeId, isGrantable)
        : toggleNode(model, checked, nodeId, isGrantable),
    );
  const batchSelect = (nodeId: number) => change(toggleSubtree(model, checked, nodeId, isGrantable, { linkage }));

  const toTreeData = (nodes: ResourceNode[]): TreeDataNode[] =>
    nodes
      .filter((node) => !search || search.visible.has(node.resource.id))
      .map((node) => {
        const { resource } = node;
        const grantable = isGrantable(resource);
        // A leaf has nothing to select in bulk: its checkbox is all there is.
        const batch = node.children.length > 0 && hasGrantableInSubtree(model, resource.id, isGrantable);
        return {
          key: resource.id,
          title: (
            <NodeTitle
              resource={resource}
              grantable={grantable}
              alwaysOn={alwaysOn(resource)}
              keyword={search ? keyword : ''}
              onBatchSelect={batch ? batchSelect : undefined}
            />
          ),
          disableCheckbox: !grantable,
          children: node.children.length ? toTreeData(node.children) : undefined,
        };
      });

  const treeData = toTreeData(model.roots);
  const expandedKeys = parents.filter((key) => search || !collapsed.has(key));
  const allExpanded = parents.every((key) => !collapsed.has(key));

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
      <Flex align="center" gap={16} wrap data-testid="resource-tree-toolbar">
        {/* While searching every match is open: there is nothing to fold. */}
        <Checkbox
          checked={allExpanded}
          disabled={!!search || parents.length === 0}
          onChange={(event) => setCollapsed(event.target.checked ? new Set() : new Set(parents))}
        >
          {tx('expandAll')}
        </Checkbox>
        <Checkbox
          checked={everythingChecked === 'all'}
          indeterminate={everythingChecked === 'some'}
          disabled={loading || !anyGrantable}
          onChange={(event) => change(setEverything(model, checked, event.target.checked, isGrantable, linkage))}
        >
          {tx('checkAll')}
        </Checkbox>
        <Tooltip title={tx('linkageHint')}>
          <Flex align="center" gap={8}>
            <Switch
              id={linkageId}
              size="small"
              checked={linkage === 'linked'}
              onChange={(on) => setChosenLinkage(on ? 'linked' : 'unlinked')}
            />
            <label htmlFor={linkageId} style={{ cursor: 'pointer' }}>
              {tx('linkage')}
            </label>
          </Flex>
        </Tooltip>
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
