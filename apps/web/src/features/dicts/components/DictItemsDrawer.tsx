import { routes } from '@gatehouse/contract';
import { Button, Drawer, Space, Table, type TableColumnsType } from 'antd';
import { type Key, useEffect, useMemo, useRef, useState } from 'react';
import { Can } from '@/components/can';
import { useConfirmDelete } from '@/components/confirm-delete';
import { buildTree, type TreeNode } from '@/components/dict-controls';
import {
  type Dict,
  type DictItem,
  deleteDictItem,
  useDictItemList,
  useReloadDictItems,
} from '@/features/dicts/api/dicts.api';
import { t } from '@/lib/i18n';
import { DictItemDialog, type DictItemDialogTarget } from './DictItemDialog';

interface ItemRow extends DictItem {
  children?: ItemRow[];
}

const toRow = (node: TreeNode<DictItem>): ItemRow => ({
  ...node.item,
  children: node.children.length ? node.children.map(toRow) : undefined,
});

/** '字典数据维护': the items of one dictionary as a tree table, all expanded (reference-ui §1.12). */
export function DictItemsDrawer({ dict, onClose }: { dict: Dict | null; onClose: () => void }) {
  // Keep the last dictionary while the drawer slides out, so its content does not vanish first.
  const lastDict = useRef(dict);
  if (dict) lastDict.current = dict;
  const shown = dict ?? lastDict.current;
  const items = useDictItemList(dict?.dictCode);
  const reloadItems = useReloadDictItems();
  const confirmDelete = useConfirmDelete();
  const [dialog, setDialog] = useState<DictItemDialogTarget | null>(null);
  const list = items.data ?? [];
  const reload = () => (shown ? reloadItems(shown.dictCode) : undefined);

  return (
    <Drawer
      title={shown ? t('dict.drawerTitle', { dictName: shown.dictName }) : ''}
      open={dict !== null}
      size={900}
      destroyOnHidden
      onClose={onClose}
      extra={
        shown && (
          <Can routes={routes.createDictItem}>
            <Button type="primary" onClick={() => setDialog({ dictCode: shown.dictCode, pid: null })}>
              {t('dict.addItem')}
            </Button>
          </Can>
        )
      }
    >
      {shown && (
        <DictItemsTable
          items={list}
          loading={items.isFetching}
          onEdit={(item) => setDialog({ dictCode: shown.dictCode, item })}
          onAddChild={(parent) => setDialog({ dictCode: shown.dictCode, pid: parent.id })}
          onDelete={(item) => confirmDelete(() => deleteDictItem(item.id), reload)}
        />
      )}
      <DictItemDialog
        target={dialog}
        items={list}
        onClose={() => setDialog(null)}
        onSaved={async () => {
          await reload();
          setDialog(null);
        }}
      />
    </Drawer>
  );
}

interface DictItemsTableProps {
  items: DictItem[];
  loading: boolean;
  onEdit: (item: DictItem) => void;
  onAddChild: (parent: DictItem) => void;
  onDelete: (item: DictItem) => void;
}

function DictItemsTable({ items, loading, onEdit, onAddChild, onDelete }: DictItemsTableProps) {
  const rows = useMemo(() => buildTree(items).map(toRow), [items]);
  const parents = useMemo(
    () => [...new Set(items.map((item) => item.pid).filter((pid): pid is number => pid !== null))],
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

  const columns: TableColumnsType<ItemRow> = [
    { title: t('dict.colValue'), dataIndex: 'value', key: 'value' },
    { title: t('dict.colOrderNum'), dataIndex: 'orderNum', key: 'orderNum', align: 'center', width: 90 },
    {
      title: t('dict.colActions'),
      key: 'actions',
      align: 'center',
      width: 280,
      render: (_value, row) => (
        <Space>
          <Can routes={routes.updateDictItem}>
            <Button size="small" onClick={() => onEdit(row)}>
              {t('common.edit')}
            </Button>
          </Can>
          <Can routes={routes.createDictItem}>
            <Button size="small" color="orange" variant="outlined" onClick={() => onAddChild(row)}>
              {t('dict.addChild')}
            </Button>
          </Can>
          <Can routes={routes.deleteDictItem}>
            <Button size="small" danger onClick={() => onDelete(row)}>
              {t('common.delete')}
            </Button>
          </Can>
        </Space>
      ),
    },
  ];

  return (
    <Table<ItemRow>
      rowKey="id"
      size="middle"
      bordered
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={false}
      expandable={{ expandedRowKeys: expanded, onExpandedRowsChange: setExpanded }}
      locale={{ emptyText: t('dict.itemsEmpty') }}
    />
  );
}
