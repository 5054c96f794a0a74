import { routes } from '@gatehouse/contract';
import { Button, Drawer, Space, Tag } from 'antd';
import { type Key, lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Can } from '@/components/can';
import { useConfirmDelete } from '@/components/confirm-delete';
import { buildTree, DictTag, type TreeNode } from '@/components/dict-controls';
import {
  type ListColumn,
  ListTable,
  useActionsColumn,
  useBulkAction,
  useListMutation,
  useRowSelection,
} from '@/components/list-kit';
import {
  batchDeleteDictItems,
  type Dict,
  type DictItem,
  deleteDictItem,
  dictKeys,
  useDictItemList,
} from '@/features/dicts/api/dicts.api';
import { t } from '@/lib/i18n';
import { useCan } from '@/stores/session';
import { tx } from '../texts';
import { DictItemDialog, type DictItemDialogTarget } from './DictItemDialog';

/** 导入 (components/import-wizard): a chunk of its own, fetched when it first opens. */
const ImportWizard = lazy(() => import('@/components/import-wizard').then((m) => ({ default: m.ImportWizard })));

interface ItemRow extends DictItem {
  children?: ItemRow[];
}

const toRow = (node: TreeNode<DictItem>): ItemRow => ({
  ...node.item,
  children: node.children.length ? node.children.map(toRow) : undefined,
});

const itemId = (item: DictItem) => item.id;
const itemName = (item: DictItem) => item.value;

/** How many items sit below `id` (children, their children, …). */
const descendantCount = (items: readonly DictItem[], id: number): number =>
  items.filter((item) => item.pid === id).reduce((sum, child) => sum + 1 + descendantCount(items, child.id), 0);

/** '字典数据维护': the items of one dictionary as a tree table, all expanded (reference UI §1.12). */
export function DictItemsDrawer({ dict, onClose }: { dict: Dict | null; onClose: () => void }) {
  // Keep the last dictionary while the drawer slides out, so its content does not vanish first.
  const lastDict = useRef(dict);
  if (dict) lastDict.current = dict;
  const shown = dict ?? lastDict.current;
  const [dialog, setDialog] = useState<DictItemDialogTarget | null>(null);
  const items = useDictItemList(dict?.dictCode);
  const [importing, setImporting] = useState(false);
  const [importMounted, setImportMounted] = useState(false);
  if (importing && !importMounted) setImportMounted(true);

  return (
    <Drawer
      title={shown ? t('dict.drawerTitle', { dictName: shown.dictName }) : ''}
      open={dict !== null}
      size={900}
      destroyOnHidden
      onClose={onClose}
      extra={
        shown && (
          <Space>
            <Can routes={[routes.previewDictItemImport, routes.commitDictItemImport]}>
              <Button onClick={() => setImporting(true)}>{t('dict.importItems')}</Button>
            </Can>
            <Can routes={routes.createDictItem}>
              <Button type="primary" onClick={() => setDialog({ dictCode: shown.dictCode, pid: null })}>
                {t('dict.addItem')}
              </Button>
            </Can>
          </Space>
        )
      }
    >
      {shown && (
        <DictItemsTable
          key={shown.dictCode}
          dictCode={shown.dictCode}
          items={items.data}
          fetching={items.isFetching}
          error={items.error}
          onRefresh={() => items.refetch()}
          onEdit={(item) => setDialog({ dictCode: shown.dictCode, item })}
          onAddChild={(parent) => setDialog({ dictCode: shown.dictCode, pid: parent.id })}
        />
      )}
      {importMounted && (
        <Suspense fallback={null}>
          <ImportWizard
            open={importing}
            onClose={() => setImporting(false)}
            kind={{
              title: t('dict.importItemsTitle'),
              template: routes.dictItemImportTemplate,
              templateName: 'dictionary-item-import-template',
              preview: routes.previewDictItemImport,
              commit: routes.commitDictItemImport,
              // Every dictionary's items (a file may hold several dictionaries) and the list below them.
              queryKey: dictKeys.all,
              columnLabels: {
                dictCode: t('dict.importColCode'),
                value: t('dict.importColValue'),
                keyValue: tx('item.keyValue'),
                parentValue: t('dict.importColParent'),
                orderNum: t('dict.importColOrder'),
                state: tx('item.state'),
                tagColor: tx('item.tagColor'),
              },
            }}
          />
        </Suspense>
      )}
      <DictItemDialog
        target={dialog}
        items={items.data ?? []}
        onClose={() => setDialog(null)}
        onSaved={() => setDialog(null)}
      />
    </Drawer>
  );
}

interface DictItemsTableProps {
  dictCode: string;
  items: DictItem[] | undefined;
  fetching: boolean;
  error: Error | null;
  onRefresh: () => unknown;
  onEdit: (item: DictItem) => void;
  onAddChild: (parent: DictItem) => void;
}

/** The kit's table parts over the whole tree (items are not paged): selection, bulk 删除, named confirmations. */
function DictItemsTable({ dictCode, items, fetching, error, onRefresh, onEdit, onAddChild }: DictItemsTableProps) {
  const rows = useMemo(() => (items ? buildTree(items).map(toRow) : undefined), [items]);
  const parents = useMemo(
    () => [...new Set((items ?? []).map((item) => item.pid).filter((pid): pid is number => pid !== null))],
    [items],
  );
  // All expanded, including parents that gain their first child later; a row the user collapsed stays so.
  const [expanded, setExpanded] = useState<readonly Key[]>([]);
  const known = useRef(new Set<number>());
  useEffect(() => {
    const added = parents.filter((id) => !known.current.has(id));
    for (const id of added) known.current.add(id);
    if (added.length) setExpanded((current) => [...current, ...added]);
  }, [parents]);

  const queryKey = dictKeys.items(dictCode);
  const confirmDelete = useConfirmDelete();
  const removal = useListMutation({
    mutationFn: (item: DictItem) => deleteDictItem(item.id),
    queryKey,
    success: 'common.deleted',
  });
  const remove = (item: DictItem) => {
    const below = descendantCount(items ?? [], item.id);
    confirmDelete({
      question: 'dict.deleteItemConfirm',
      name: item.value,
      // The server refuses an item with children; said before the click.
      detail: below > 0 ? t('dict.deleteItemChildren', { count: below }) : undefined,
      run: () => removal.run(item),
    });
  };

  // Each row is chosen on its own (antd's checkStrictly): a parent goes only with every child selected too, and
  // the server's refusal names the one that did not.
  const selection = useRowSelection(itemId);
  const bulkDelete = useBulkAction({
    selection,
    mutationFn: batchDeleteDictItems,
    action: 'list.actionDelete',
    nameOf: itemName,
    confirm: (count) => t('dict.bulkDeleteConfirm', { count }),
    danger: true,
    queryKey,
  });
  const mayBulkDelete = useCan(routes.batchDeleteDictItems);

  const actionsColumn = useActionsColumn<ItemRow>({
    title: t('dict.colActions'),
    actions: [
      { key: 'edit', label: t('common.edit'), routes: routes.updateDictItem, onClick: onEdit },
      { key: 'addChild', label: t('dict.addChild'), routes: routes.createDictItem, onClick: onAddChild },
      { key: 'delete', label: t('common.delete'), routes: routes.deleteDictItem, danger: true, onClick: remove },
    ],
  });
  const columns: ListColumn<ItemRow>[] = [
    {
      title: t('dict.colValue'),
      key: 'value',
      dataIndex: 'value',
      width: 240,
      hideable: false,
      ellipsis: false,
      // The label as it shows wherever the item is shown: a tag of its colour.
      render: (_value, item) => <DictTag item={item} />,
    },
    // Label, key value, order and state fit beside the 操作 column in the drawer (900 px) without scrolling.
    { title: tx('item.keyValue'), key: 'keyValue', dataIndex: 'keyValue', width: 150 },
    { title: t('dict.colOrderNum'), key: 'orderNum', dataIndex: 'orderNum', align: 'center', width: 70 },
    {
      title: tx('item.state'),
      key: 'state',
      dataIndex: 'state',
      align: 'center',
      width: 90,
      ellipsis: false,
      render: (_value, { state }) =>
        state ? <Tag color="green">{t('common.enabled')}</Tag> : <Tag color="red">{t('common.disabled')}</Tag>,
    },
  ];
  if (actionsColumn) columns.push(actionsColumn);

  return (
    <ListTable<ItemRow>
      table="dictItems"
      label={t('dict.itemsLabel')}
      totalTestId="dict-item-total"
      columns={columns}
      rowKey={itemId}
      rows={rows}
      total={items?.length}
      fetching={fetching}
      error={error}
      onRefresh={onRefresh}
      emptyText={t('dict.itemsEmpty')}
      inDrawer
      expandable={{ expandedRowKeys: expanded, onExpandedRowsChange: setExpanded }}
      selection={
        mayBulkDelete
          ? {
              state: selection,
              nameOf: itemName,
              actions: (
                <Button size="small" danger loading={bulkDelete.isPending} onClick={bulkDelete.run}>
                  {t('dict.bulkDelete')}
                </Button>
              ),
            }
          : undefined
      }
    />
  );
}
