import { routes } from '@gatehouse/contract';
import { Button, Form, Input, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { Can } from '@/components/can';
import { useConfirmDelete } from '@/components/confirm-delete';
import { ListTotal, SearchActions } from '@/components/list-search';
import { Pagination } from '@/components/pagination';
import { ToolBar } from '@/components/tool-bar';
import { appConfig } from '@/config/app-config';
import { type Dict, type DictListQuery, deleteDict, useDictList, useReloadDicts } from '@/features/dicts/api/dicts.api';
import { t } from '@/lib/i18n';
import { DictDialog, type DictDialogTarget } from './DictDialog';
import { DictItemsDrawer } from './DictItemsDrawer';

interface Filters {
  dictName: string;
}

const firstPage = (): DictListQuery => ({ p: 1, pageSize: appConfig.defaultPageSize, dictName: '' });

// Bespoke like the account list (the shared CRUD pair is not extracted yet); adds the items drawer.
export function DictsPage() {
  const [searchForm] = Form.useForm<Filters>();
  const [query, setQuery] = useState<DictListQuery>(firstPage);
  const [dialog, setDialog] = useState<DictDialogTarget | null>(null);
  const [maintained, setMaintained] = useState<Dict | null>(null);
  const list = useDictList(query);
  const reload = useReloadDicts();
  const confirmDelete = useConfirmDelete();

  const search = (next: DictListQuery) => {
    if (JSON.stringify(next) === JSON.stringify(query)) void list.refetch();
    else setQuery(next);
  };

  const columns: TableColumnsType<Dict> = [
    {
      title: t('dict.colIndex'),
      key: 'index',
      align: 'center',
      width: 70,
      render: (_value, _dict, index) => (query.p - 1) * query.pageSize + index + 1,
    },
    { title: t('dict.colName'), dataIndex: 'dictName', key: 'dictName', align: 'center' },
    { title: t('dict.colCode'), dataIndex: 'dictCode', key: 'dictCode', align: 'center' },
    { title: t('dict.colRemark'), dataIndex: 'remark', key: 'remark', align: 'center', ellipsis: true },
    {
      title: t('dict.colActions'),
      key: 'actions',
      align: 'center',
      width: 300,
      render: (_value, dict) => (
        <Space>
          <Can routes={routes.updateDict}>
            <Button size="small" onClick={() => setDialog({ dict })}>
              {t('common.edit')}
            </Button>
          </Can>
          <Can routes={routes.listDictItems}>
            <Button size="small" color="orange" variant="outlined" onClick={() => setMaintained(dict)}>
              {t('dict.maintain')}
            </Button>
          </Can>
          <Can routes={routes.deleteDict}>
            <Button
              size="small"
              danger
              onClick={() =>
                confirmDelete(
                  () => deleteDict(dict.id),
                  () => reload(),
                )
              }
            >
              {t('common.delete')}
            </Button>
          </Can>
        </Space>
      ),
    },
  ];

  const page = list.data;
  return (
    <>
      <ToolBar>
        <Can routes={routes.createDict}>
          <Button type="primary" onClick={() => setDialog({})}>
            {t('common.add')}
          </Button>
        </Can>
      </ToolBar>
      <Form
        form={searchForm}
        name="dictSearch"
        layout="inline"
        initialValues={{ dictName: '' }}
        onFinish={(values: Filters) => search({ ...query, p: 1, dictName: values.dictName?.trim() ?? '' })}
        style={{ rowGap: 12 }}
      >
        <Form.Item label={t('dict.searchName')} name="dictName">
          <Input allowClear maxLength={100} />
        </Form.Item>
        <SearchActions
          onReset={() => {
            searchForm.resetFields();
            search(firstPage());
          }}
        />
      </Form>
      <ListTotal testId="dict-total">{t('dict.totalCount', { count: page?.totalCount ?? 0 })}</ListTotal>
      <Table<Dict>
        rowKey="id"
        size="middle"
        bordered
        columns={columns}
        dataSource={page?.list ?? []}
        loading={list.isFetching}
        pagination={false}
        locale={{ emptyText: t('dict.empty') }}
      />
      {page && (
        <Pagination
          current={query.p}
          pageSize={query.pageSize}
          total={page.totalCount}
          totalPage={page.totalPage}
          onChange={(p, pageSize) => setQuery((current) => ({ ...current, p, pageSize }))}
        />
      )}
      <DictDialog
        target={dialog}
        onClose={() => setDialog(null)}
        onSaved={() => {
          setDialog(null);
          void reload();
        }}
      />
      <DictItemsDrawer dict={maintained} onClose={() => setMaintained(null)} />
    </>
  );
}
