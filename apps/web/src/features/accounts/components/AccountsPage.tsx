import { routes } from '@gatehouse/contract';
import { Button, Form, Input, Space, Table, type TableColumnsType, Tag } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { Can } from '../../../components/can';
import { ListTotal, SearchActions } from '../../../components/list-search';
import { OrgPicker } from '../../../components/org-picker';
import { Pagination } from '../../../components/pagination';
import { ToolBar } from '../../../components/tool-bar';
import { appConfig } from '../../../config/app-config';
import { formatDateTime } from '../../../lib/format/date';
import { t } from '../../../lib/i18n';
import { canCall, useCan, useSession } from '../../../stores/session';
import { type Account, type AccountListQuery, loadOrgs, useAccountList, useReloadAccounts } from '../api/accounts.api';
import type { AccountDialogTarget } from './AccountDialog';
import { useAccountActions } from './use-account-actions';
import { useIdentitySwitch } from './use-identity-switch';

/**
 * The add/edit dialog (its form, the avatar uploader) is a chunk of its own, fetched when it first opens rather
 * than with the list (docs/frontend-budgets.md).
 */
const AccountDialog = lazy(() => import('./AccountDialog').then((m) => ({ default: m.AccountDialog })));

interface Filters {
  accountNumber: string;
  accountName: string;
  /** Organisation subtree; the server lists the accounts in it and below it. */
  orgId?: number | null;
}

const noFilters = { accountNumber: '', accountName: '' };

// Bespoke rather than a generic CRUD table: it is the first list screen; the shared pair is extracted
// when the second one (organisations, dictionaries) arrives.
export function AccountsPage() {
  const [searchForm] = Form.useForm<Filters>();
  const [query, setQuery] = useState<AccountListQuery>({ p: 1, pageSize: appConfig.defaultPageSize, ...noFilters });
  const [dialog, setDialog] = useState<AccountDialogTarget | null>(null);
  // Mounted from its first opening on, so later closings still animate.
  const [dialogMounted, setDialogMounted] = useState(false);
  if (dialog && !dialogMounted) setDialogMounted(true);
  const list = useAccountList(query);
  const reload = useReloadAccounts();
  const { remove, resetPassword } = useAccountActions(reload);
  const { switchTo } = useIdentitySwitch();
  const me = useSession((state) => state.user);
  const permissions = useSession((state) => state.permissions);
  // The filter's picker lists organisations; without that permission it could only answer 403.
  const mayFilterByOrg = useCan(routes.listOrgs);
  // An account holding none of the row actions gets no empty 操作 column.
  const rowActions = [
    routes.updateAccount,
    routes.resetAccountPassword,
    routes.deleteAccount,
    routes.switchIdentity,
  ].some((route) => canCall(permissions, route));

  const search = (next: AccountListQuery) => {
    if (JSON.stringify(next) === JSON.stringify(query)) void list.refetch();
    else setQuery(next);
  };

  const onSearch = (values: Filters) =>
    search({
      ...query,
      p: 1,
      accountNumber: values.accountNumber?.trim() ?? '',
      accountName: values.accountName?.trim() ?? '',
      orgId: values.orgId ?? undefined,
    });

  const onReset = () => {
    searchForm.resetFields();
    search({ p: 1, pageSize: appConfig.defaultPageSize, ...noFilters });
  };

  const columns: TableColumnsType<Account> = [
    { title: t('account.colAccountNumber'), dataIndex: 'accountNumber', key: 'accountNumber', align: 'center' },
    { title: t('account.colAccountName'), dataIndex: 'accountName', key: 'accountName', align: 'center' },
    { title: t('account.colOrg'), dataIndex: 'orgName', key: 'orgName', align: 'center' },
    { title: t('account.colRole'), dataIndex: 'roleName', key: 'roleName', align: 'center' },
    {
      title: t('account.colState'),
      dataIndex: 'state',
      key: 'state',
      align: 'center',
      width: 90,
      render: (state: boolean) =>
        state ? (
          <Tag color="green">{t('account.stateEnabled')}</Tag>
        ) : (
          <Tag color="red">{t('account.stateDisabled')}</Tag>
        ),
    },
    {
      title: t('account.colCreateTime'),
      dataIndex: 'createTime',
      key: 'createTime',
      align: 'center',
      width: 160,
      render: (value: string) => formatDateTime(value),
    },
  ];

  if (rowActions) {
    columns.push({
      title: t('account.colActions'),
      key: 'actions',
      align: 'center',
      width: 380,
      render: (_value, account) => (
        <Space wrap style={{ justifyContent: 'center' }}>
          <Can routes={routes.updateAccount}>
            <Button size="small" onClick={() => setDialog({ account })}>
              {t('common.edit')}
            </Button>
          </Can>
          <Can routes={routes.resetAccountPassword}>
            <Button size="small" color="orange" variant="outlined" onClick={() => resetPassword(account)}>
              {t('account.resetPassword')}
            </Button>
          </Can>
          <Can routes={routes.deleteAccount}>
            <Button
              size="small"
              danger
              disabled={account.builtin || account.id === me?.id}
              onClick={() => remove(account)}
            >
              {t('common.delete')}
            </Button>
          </Can>
          {/* A disabled account cannot be acted as (the server refuses it too). */}
          {account.id !== me?.id && account.state && (
            <Can routes={routes.switchIdentity}>
              <Button size="small" color="primary" variant="outlined" onClick={() => switchTo(account)}>
                {t('account.switchIdentity')}
              </Button>
            </Can>
          )}
        </Space>
      ),
    });
  }

  const page = list.data;
  return (
    <>
      <ToolBar>
        <Can routes={routes.createAccount}>
          <Button type="primary" onClick={() => setDialog({})}>
            {t('common.add')}
          </Button>
        </Can>
      </ToolBar>
      <Form
        form={searchForm}
        name="accountSearch"
        layout="inline"
        initialValues={noFilters}
        onFinish={onSearch}
        style={{ rowGap: 12 }}
      >
        <Form.Item label={t('account.searchAccountNumber')} name="accountNumber">
          <Input allowClear maxLength={100} />
        </Form.Item>
        <Form.Item label={t('account.searchAccountName')} name="accountName">
          <Input allowClear maxLength={100} />
        </Form.Item>
        {mayFilterByOrg && (
          <Form.Item label={t('account.searchOrg')} name="orgId">
            <OrgPicker
              loadOrgs={loadOrgs}
              allowClear
              placeholder={t('account.searchOrgPlaceholder')}
              style={{ width: 200 }}
            />
          </Form.Item>
        )}
        <SearchActions onReset={onReset} />
      </Form>
      <ListTotal testId="account-total">{t('account.totalCount', { count: page?.totalCount ?? 0 })}</ListTotal>
      <Table<Account>
        rowKey="id"
        size="middle"
        bordered
        columns={columns}
        dataSource={page?.list ?? []}
        loading={list.isFetching}
        pagination={false}
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
      {dialogMounted && (
        <Suspense fallback={null}>
          <AccountDialog
            target={dialog}
            onClose={() => setDialog(null)}
            onSaved={() => {
              setDialog(null);
              void reload();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
