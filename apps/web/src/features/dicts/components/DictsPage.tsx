import { DICT_SORTS, routes } from '@gatehouse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { useState } from 'react';
import { Can } from '@/components/can';
import { useConfirmDelete } from '@/components/confirm-delete';
import {
  type FilterCodecs,
  type ListColumn,
  ListPage,
  useActionsColumn,
  useListMutation,
  useListQuery,
} from '@/components/list-kit';
import {
  type Dict,
  type DictListQuery,
  deleteDict,
  dictKeys,
  listDictItems,
  listDicts,
} from '@/features/dicts/api/dicts.api';
import { t } from '@/lib/i18n';
import { canCall, useSession } from '@/stores/session';
import { DictDialog, type DictDialogTarget } from './DictDialog';
import { DictItemsDrawer } from './DictItemsDrawer';

const filterCodecs: FilterCodecs<DictListQuery> = { dictName: 'text' };
const dictId = (dict: Dict) => dict.id;
/** A dictionary as the confirmations name it: 性别（gender）. */
const dictLabel = (dict: Dict) => `${dict.dictName}（${dict.dictCode}）`;

/** 字典管理 (/system/Dict): the list kit over GET /dict/s, with the items drawer. */
export function DictsPage() {
  const list = useListQuery<DictListQuery, Dict>({
    queryKey: dictKeys.all,
    filters: filterCodecs,
    sorts: DICT_SORTS,
    fetchPage: listDicts,
  });
  const [dialog, setDialog] = useState<DictDialogTarget | null>(null);
  const [maintained, setMaintained] = useState<Dict | null>(null);
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const confirmDelete = useConfirmDelete();
  const permissions = useSession((state) => state.permissions);
  const removal = useListMutation({
    mutationFn: (dict: Dict) => deleteDict(dict.id),
    queryKey: dictKeys.all,
    success: 'common.deleted',
  });
  // The server refuses a dictionary that still has items (it never takes them silently), so 删除 first counts
  // them: an empty one is confirmed by name, one with items is not offered for deletion but for emptying.
  const inspect = useMutation({
    mutationFn: (dict: Dict) =>
      queryClient.fetchQuery({
        queryKey: dictKeys.items(dict.dictCode),
        queryFn: ({ signal }) => listDictItems(dict.dictCode, signal),
        staleTime: 0,
      }),
  });
  const mayMaintain = canCall(permissions, routes.listDictItems);

  const remove = async (dict: Dict) => {
    let count: number;
    try {
      count = (await inspect.mutateAsync(dict)).length;
    } catch {
      return; // The http client has said why.
    }
    if (count === 0) {
      confirmDelete({
        question: 'dict.deleteConfirm',
        name: dictLabel(dict),
        detail: t('dict.deleteNoItems'),
        run: () => removal.run(dict),
      });
      return;
    }
    const blocked = {
      title: t('dict.deleteBlockedTitle', { name: dictLabel(dict) }),
      content: t('dict.deleteBlocked', { count }),
    };
    if (!mayMaintain) {
      modal.warning({ ...blocked, okText: t('dict.close') });
      return;
    }
    modal.confirm({
      ...blocked,
      okText: t('dict.openItems'),
      cancelText: t('dict.close'),
      onOk: () => setMaintained(dict),
    });
  };

  const actionsColumn = useActionsColumn<Dict>({
    title: t('dict.colActions'),
    actions: [
      { key: 'edit', label: t('common.edit'), routes: routes.updateDict, onClick: (dict) => setDialog({ dict }) },
      { key: 'maintain', label: t('dict.maintain'), routes: routes.listDictItems, onClick: setMaintained },
      {
        key: 'delete',
        label: t('common.delete'),
        routes: routes.deleteDict,
        danger: true,
        loading: (dict) => inspect.isPending && inspect.variables?.id === dict.id,
        onClick: (dict) => void remove(dict),
      },
    ],
  });
  const columns: ListColumn<Dict, (typeof DICT_SORTS)[number]>[] = [
    {
      title: t('dict.colIndex'),
      key: 'index',
      align: 'center',
      width: 70,
      render: (_value, _dict, index) => (list.query.p - 1) * list.query.pageSize + index + 1,
    },
    { title: t('dict.colName'), key: 'dictName', dataIndex: 'dictName', sortField: 'dictName', width: 200 },
    { title: t('dict.colCode'), key: 'dictCode', dataIndex: 'dictCode', sortField: 'dictCode', width: 200 },
    // The default columns fit beside the collapsed menu at 1024 px; a long remark is cut with … and whole on hover.
    { title: t('dict.colRemark'), key: 'remark', dataIndex: 'remark', width: 230 },
  ];
  if (actionsColumn) columns.push(actionsColumn);

  return (
    <>
      <ListPage<DictListQuery, Dict>
        list={list}
        table="dicts"
        label={t('dict.listLabel')}
        totalTestId="dict-total"
        rowKey={dictId}
        columns={columns}
        exporter={{
          route: routes.exportDicts,
          fallbackName: 'dictionaries',
          columns: { dictName: 'dictName', dictCode: 'dictCode', remark: 'remark' },
          // One row per item: the item's cells after the dictionary's.
          extraColumns: ['value', 'parentValue', 'orderNum'],
        }}
        actions={
          <Can routes={routes.createDict}>
            <Button type="primary" onClick={() => setDialog({})}>
              {t('common.add')}
            </Button>
          </Can>
        }
        search={{
          id: 'dictSearch',
          fields: [{ kind: 'text', name: 'dictName', label: t('dict.searchName'), maxLength: 100 }],
        }}
      />
      <DictDialog target={dialog} onClose={() => setDialog(null)} onSaved={() => setDialog(null)} />
      <DictItemsDrawer dict={maintained} onClose={() => setMaintained(null)} />
    </>
  );
}
