import { routes } from '@gatehouse/contract';
import { Button, Input, Space, Tag, Tooltip } from 'antd';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Can } from '@/components/can';
import { type DataColumn, DataTable } from '@/components/data-table';
// Module paths rather than the folders' index files: those also export antd Table and Form based parts (the paged
// table, the org tree table), which would come with this screen's first load (docs/frontend-budgets.md).
import { ListTotal } from '@/components/list-search/ListTotal';
import { SearchField, SearchForm } from '@/components/list-search/SearchForm';
import { OrgPicker } from '@/components/org-picker/OrgPicker';
import { Pagination } from '@/components/pagination';
import { ToolBar } from '@/components/tool-bar';
import { appConfig } from '@/config/app-config';
import {
  type Account,
  type AccountListQuery,
  loadOrgs,
  useAccountList,
  useReloadAccounts,
} from '@/features/accounts/api/accounts.api';
import { formatDateTime } from '@/lib/format/date';
import { t } from '@/lib/i18n';
import { canCall, useCan, useSession } from '@/stores/session';
import type { AccountDialogTarget } from './AccountDialog';
import { useAccountActions } from './use-account-actions';
import { useIdentitySwitch } from './use-identity-switch';

/**
 * The add/edit dialog (its form, the avatar uploader) is a chunk of its own, fetched when it first opens rather
 * than with the list (docs/frontend-budgets.md).
 */
const AccountDialog = lazy(() => import('./AccountDialog').then((m) => ({ default: m.AccountDialog })));

/**
 * Why the caller may not act on the account (the server's dominance rule, told by the row's `manageable`), or
 * null when it may.
 */
const refusalOf = (account: Account): string | null =>
  account.manageable ? null : t(account.builtin ? 'account.builtinOnlySelf' : 'account.notManageable');

/** A refused row's buttons stay visible but disabled, with the reason on hover. */
function Refused({ reason, children }: { reason: string | null; children: ReactNode }) {
  return reason ? <Tooltip title={reason}>{children}</Tooltip> : children;
}

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
  // What the search form holds; applied to the query by 查询.
  const [filters, setFilters] = useState<Filters>(noFilters);
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

  const onSearch = () =>
    search({
      ...query,
      p: 1,
      accountNumber: filters.accountNumber.trim(),
      accountName: filters.accountName.trim(),
      orgId: filters.orgId ?? undefined,
    });

  const onReset = () => {
    setFilters(noFilters);
    search({ p: 1, pageSize: appConfig.defaultPageSize, ...noFilters });
  };

  const columns: DataColumn<Account>[] = [
    { title: t('account.colAccountNumber'), key: 'accountNumber', align: 'center' },
    { title: t('account.colAccountName'), key: 'accountName', align: 'center' },
    { title: t('account.colOrg'), key: 'orgName', align: 'center' },
    { title: t('account.colRole'), key: 'roleName', align: 'center' },
    {
      title: t('account.colState'),
      key: 'state',
      align: 'center',
      width: 90,
      render: ({ state }) =>
        state ? (
          <Tag color="green">{t('account.stateEnabled')}</Tag>
        ) : (
          <Tag color="red">{t('account.stateDisabled')}</Tag>
        ),
    },
    {
      title: t('account.colCreateTime'),
      key: 'createTime',
      align: 'center',
      width: 160,
      render: ({ createTime }) => formatDateTime(createTime),
    },
  ];

  if (rowActions) {
    columns.push({
      title: t('account.colActions'),
      key: 'actions',
      align: 'center',
      width: 380,
      render: (account) => {
        const refusal = refusalOf(account);
        return (
          <Space wrap style={{ justifyContent: 'center' }}>
            <Can routes={routes.updateAccount}>
              <Refused reason={refusal}>
                <Button size="small" disabled={!!refusal} onClick={() => setDialog({ account })}>
                  {t('common.edit')}
                </Button>
              </Refused>
            </Can>
            <Can routes={routes.resetAccountPassword}>
              <Refused reason={refusal}>
                <Button
                  size="small"
                  color="orange"
                  variant="outlined"
                  disabled={!!refusal}
                  onClick={() => resetPassword(account)}
                >
                  {t('account.resetPassword')}
                </Button>
              </Refused>
            </Can>
            <Can routes={routes.deleteAccount}>
              <Refused reason={refusal}>
                <Button
                  size="small"
                  danger
                  disabled={!!refusal || account.builtin || account.id === me?.id}
                  onClick={() => remove(account)}
                >
                  {t('common.delete')}
                </Button>
              </Refused>
            </Can>
            {/* A disabled account cannot be acted as (the server refuses it too). */}
            {account.id !== me?.id && account.state && (
              <Can routes={routes.switchIdentity}>
                <Refused reason={refusal}>
                  <Button
                    size="small"
                    color="primary"
                    variant="outlined"
                    disabled={!!refusal}
                    onClick={() => switchTo(account)}
                  >
                    {t('account.switchIdentity')}
                  </Button>
                </Refused>
              </Can>
            )}
          </Space>
        );
      },
    });
  }

  const textFilters = [
    { field: 'accountNumber', label: t('account.searchAccountNumber') },
    { field: 'accountName', label: t('account.searchAccountName') },
  ] as const;

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
      <SearchForm id="accountSearch" onSearch={onSearch} onReset={onReset}>
        {textFilters.map(({ field, label }) => (
          <SearchField key={field} label={label} htmlFor={`accountSearch_${field}`}>
            <Input
              id={`accountSearch_${field}`}
              allowClear
              maxLength={100}
              value={filters[field]}
              onChange={(event) => setFilters((current) => ({ ...current, [field]: event.target.value }))}
            />
          </SearchField>
        ))}
        {mayFilterByOrg && (
          <SearchField label={t('account.searchOrg')} htmlFor="accountSearch_orgId">
            <OrgPicker
              id="accountSearch_orgId"
              value={filters.orgId}
              onChange={(orgId) => setFilters((current) => ({ ...current, orgId }))}
              loadOrgs={loadOrgs}
              allowClear
              placeholder={t('account.searchOrgPlaceholder')}
              style={{ width: 200 }}
            />
          </SearchField>
        )}
      </SearchForm>
      <ListTotal testId="account-total">{t('account.totalCount', { count: page?.totalCount ?? 0 })}</ListTotal>
      <DataTable<Account>
        label={t('account.listLabel')}
        rowKey={(account) => account.id}
        columns={columns}
        rows={page?.list ?? []}
        loading={list.isFetching}
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
