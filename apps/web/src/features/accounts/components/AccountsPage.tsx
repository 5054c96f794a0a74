import { ACCOUNT_SORTS, routes } from '@gatehouse/contract';
import { Button, Space, Tag, Tooltip } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { type AccountExplanation, viewAsAddress } from '@/components/authz-explain';
import { Can } from '@/components/can';
import {
  type FilterCodecs,
  type ListColumn,
  ListPage,
  type SearchFieldSpec,
  useActionsColumn,
  useBulkAction,
  useListQuery,
  useRowSelection,
} from '@/components/list-kit';
import { OrgPicker } from '@/components/org-picker/OrgPicker';
import { ContactWithProof } from '@/components/verification/ContactWithProof';
import {
  type Account,
  type AccountListQuery,
  accountKeys,
  batchAccountState,
  batchDeleteAccounts,
  listAccounts,
  loadOrgs,
  useOrgName,
  usePendingApprovalCount,
  useRoles,
} from '@/features/accounts/api/accounts.api';
import { formatDateTime } from '@/lib/format/date';
import { call } from '@/lib/http';
import { screenTexts, t } from '@/lib/i18n';
import { useCan, useSession } from '@/stores/session';
import type { AccountDialogTarget } from './AccountDialog';
import { accountLabel, useAccountActions } from './use-account-actions';
import { useIdentitySwitch } from './use-identity-switch';

/**
 * The add/edit dialog (its form, the avatar uploader) is a chunk of its own, fetched when it first opens rather
 * than with the list (docs/frontend-budgets.md).
 */
const AccountDialog = lazy(() => import('./AccountDialog').then((m) => ({ default: m.AccountDialog })));
/** 导入 (components/import-wizard): a chunk of its own, fetched when it first opens. */
const ImportWizard = lazy(() => import('@/components/import-wizard').then((m) => ({ default: m.ImportWizard })));
/** 权限说明 (components/authz-explain), fetched when it first opens too. */
const AccountExplanationDrawer = lazy(() =>
  import('@/components/authz-explain/AccountExplanationDrawer').then((m) => ({ default: m.AccountExplanationDrawer })),
);

/** GET /authz/explain/account, handed to the 权限说明 drawer (a component talks no HTTP of its own). */
const explainAccount = (id: number, signal: AbortSignal) => call(routes.explainAccount, { query: { id }, signal });

/**
 * Why the caller may not act on the account (the server's dominance rule, told by the row's `manageable`), or
 * null when it may.
 */
const refusalOf = (account: Account): string | null =>
  account.manageable ? null : t(account.builtin ? 'account.builtinOnlySelf' : 'account.notManageable');

/** The rarer filters' own texts travel with this screen's chunk, not in the catalogue /login loads. */
const tx = screenTexts(
  { contactVerified: '手机号验证', emailVerified: '邮箱验证', verified: '已验证' },
  { contactVerified: 'Mobile verified', emailVerified: 'E-mail verified', verified: 'Verified' },
);

const filterCodecs: FilterCodecs<AccountListQuery> = {
  keyword: 'text',
  accountNumber: 'text',
  accountName: 'text',
  contactNumber: 'text',
  orgId: 'int',
  pendingApproval: 'int',
  state: 'bit',
  roleId: 'int',
  postId: 'int',
  startTime: 'time',
  endTime: 'time',
  secondFactor: 'bit',
  contactVerified: 'bit',
  emailVerified: 'bit',
};
const accountId = (account: Account) => account.id;
/** The list's columns → the account sheet's (contract ACCOUNT_SHEET_COLUMNS): an export writes the visible ones. */
const EXPORT_COLUMNS = {
  accountNumber: 'accountNumber',
  accountName: 'accountName',
  orgName: 'orgPath',
  roleName: 'roleName',
  contactNumber: 'contactNumber',
  email: 'email',
  state: 'state',
  createTime: 'createTime',
} as const;

/** 账号管理 (/user/Account): the list kit over GET /account/s, with bulk delete and enable/disable. */
/** The 所属组织 filter: a value restored from the URL is an id, shown by its organisation's name. */
function OrgFilter(control: { id: string; value?: number | null; onChange: (value: number | null) => void }) {
  const name = useOrgName(control.value);
  return (
    <OrgPicker
      {...control}
      label={name}
      loadOrgs={loadOrgs}
      allowClear
      placeholder={t('account.searchOrgPlaceholder')}
      style={{ width: 200 }}
    />
  );
}

export function AccountsPage() {
  const list = useListQuery<AccountListQuery, Account>({
    queryKey: accountKeys.all,
    filters: filterCodecs,
    sorts: ACCOUNT_SORTS,
    fetchPage: listAccounts,
  });
  const [dialog, setDialog] = useState<AccountDialogTarget | null>(null);
  // Mounted from its first opening on, so later closings still animate.
  const [dialogMounted, setDialogMounted] = useState(false);
  if (dialog && !dialogMounted) setDialogMounted(true);
  // The account whose 权限说明 is open; the drawer, once mounted, stays so its closing animates.
  const [explained, setExplained] = useState<Account | null>(null);
  const [explainMounted, setExplainMounted] = useState(false);
  if (explained && !explainMounted) setExplainMounted(true);
  const [importing, setImporting] = useState(false);
  const [importMounted, setImportMounted] = useState(false);
  if (importing && !importMounted) setImportMounted(true);
  const navigate = useNavigate();
  const { remove, resetPassword, resetSecondFactor } = useAccountActions();
  const { switchTo } = useIdentitySwitch();
  const me = useSession((state) => state.user);
  // The filter's picker lists organisations; without that permission it could only answer 403.
  const mayFilterByOrg = useCan(routes.listOrgs);
  // The 角色 filter lists the roles; without that permission it is left out.
  const mayFilterByRole = useCan(routes.listRoles);
  const roles = useRoles(mayFilterByRole);
  const mayBulkDelete = useCan(routes.batchDeleteAccounts);
  const mayBulkState = useCan(routes.batchAccountState);
  const mayExport = useCan(routes.exportAccounts);
  // 权限预览 (a screen of its own): from the 权限说明 drawer as the account or its role, or from the tool bar.
  const mayPreview = useCan(routes.viewAs);
  // REGISTRATION=approval: the self-registered accounts waiting (a button that filters to them, shown while any wait).
  const pendingCount = usePendingApprovalCount();
  const pendingOnly = list.filters.pendingApproval === 1;
  // Rows the caller may not manage cannot be selected (the reason shows on the checkbox); the built-in admin and
  // yourself can, and the server refuses them with its own reason, which the result message names.
  const selection = useRowSelection(accountId);
  const bulk = { selection, nameOf: accountLabel, queryKey: accountKeys.all };
  const bulkDelete = useBulkAction({
    ...bulk,
    mutationFn: batchDeleteAccounts,
    action: 'list.actionDelete',
    confirm: (count) => t('account.bulkDeleteConfirm', { count }),
    danger: true,
  });
  const bulkEnable = useBulkAction({
    ...bulk,
    mutationFn: (ids) => batchAccountState(ids, true),
    action: 'list.actionEnable',
    confirm: (count) => t('account.bulkEnableConfirm', { count }),
  });
  const bulkDisable = useBulkAction({
    ...bulk,
    mutationFn: (ids) => batchAccountState(ids, false),
    action: 'list.actionDisable',
    confirm: (count) => t('account.bulkDisableConfirm', { count }),
    danger: true,
  });

  type Filters = Omit<AccountListQuery, 'p' | 'pageSize' | 'sort' | 'order'>;
  const yesNo = (yes: string, no: string) => [
    { label: yes, value: 1 },
    { label: no, value: 0 },
  ];
  const verified = yesNo(tx('verified'), t('verify.unverified'));
  const searchFields: SearchFieldSpec<Filters>[] = [
    // Any part of the account number, name, mobile or e-mail (the server's contains search).
    {
      kind: 'text',
      name: 'keyword',
      label: t('account.searchKeyword'),
      placeholder: t('account.searchKeywordPlaceholder'),
      maxLength: 100,
    },
    { kind: 'text', name: 'accountNumber', label: t('account.searchAccountNumber'), maxLength: 100 },
  ];
  if (mayFilterByOrg) {
    searchFields.push({
      kind: 'custom',
      name: 'orgId',
      label: t('account.searchOrg'),
      render: (control) => <OrgFilter {...control} />,
    });
  }
  searchFields.push({
    kind: 'select',
    name: 'state',
    label: t('account.colState'),
    options: yesNo(t('common.enabled'), t('common.disabled')),
    width: 120,
  });
  if (mayFilterByRole) {
    searchFields.push({
      kind: 'select',
      name: 'roleId',
      label: t('account.colRole'),
      options: (roles.data ?? []).map((role) => ({ label: role.name, value: role.id })),
    });
  }
  // The rarer filters, shown once the form is expanded (展开).
  const advanced: SearchFieldSpec<Filters>[] = [
    { kind: 'text', name: 'accountName', label: t('account.searchAccountName'), maxLength: 100 },
    // The whole number (the server matches it however it was stored: bare, +86 or 0086 before it).
    { kind: 'text', name: 'contactNumber', label: t('account.searchContactNumber'), maxLength: 20 },
    { kind: 'dateRange', names: ['startTime', 'endTime'], label: t('account.colCreateTime'), width: 260 },
    {
      kind: 'select',
      name: 'secondFactor',
      label: t('account.colSecondFactor'),
      options: yesNo(t('account.secondFactorOn'), t('account.secondFactorOff')),
      width: 120,
    },
    {
      kind: 'select',
      name: 'contactVerified',
      label: tx('contactVerified'),
      options: verified,
      width: 120,
    },
    { kind: 'select', name: 'emailVerified', label: tx('emailVerified'), options: verified, width: 120 },
  ];
  for (const field of advanced) searchFields.push({ ...field, advanced: true });

  // The row's actions, most used first: 编辑, 重置密码 and 删除 are links, the rest under 更多 ▾ (list-kit).
  const actionsColumn = useActionsColumn<Account>({
    title: t('account.colActions'),
    actions: [
      {
        key: 'edit',
        label: t('common.edit'),
        routes: routes.updateAccount,
        refusal: refusalOf,
        onClick: (account) => setDialog({ account }),
      },
      {
        key: 'resetPassword',
        label: t('account.resetPassword'),
        routes: routes.resetAccountPassword,
        refusal: refusalOf,
        onClick: resetPassword,
      },
      {
        key: 'delete',
        label: t('common.delete'),
        routes: routes.deleteAccount,
        danger: true,
        refusal: (account) =>
          refusalOf(account) ??
          (account.builtin
            ? t('account.builtinUndeletable')
            : account.id === me?.id
              ? t('account.selfUndeletable')
              : null),
        onClick: remove,
      },
      // The server explains only an account within the caller's reach (dominance rule and data scope).
      {
        key: 'explain',
        label: t('authz.explain.action'),
        routes: routes.explainAccount,
        refusal: refusalOf,
        onClick: setExplained,
      },
      // A disabled account cannot be acted as (the server refuses it too), nor can one's own.
      {
        key: 'switchIdentity',
        label: t('account.switchIdentity'),
        routes: routes.switchIdentity,
        absent: (account) => account.id === me?.id || !account.state,
        refusal: refusalOf,
        onClick: switchTo,
      },
      // A lost phone: only rows with a second factor offer it.
      {
        key: 'resetSecondFactor',
        label: t('account.resetSecondFactor'),
        routes: routes.resetSecondFactor,
        danger: true,
        absent: (account) => !account.secondFactor,
        refusal: refusalOf,
        onClick: resetSecondFactor,
      },
    ],
  });

  const columns: ListColumn<Account, (typeof ACCOUNT_SORTS)[number]>[] = [
    // The default columns fit beside the menu at 1366 px (a 1,066 px table): longer values are cut with … and whole
    // on hover.
    {
      title: t('account.colAccountNumber'),
      key: 'accountNumber',
      dataIndex: 'accountNumber',
      sortField: 'accountNumber',
      width: 120,
    },
    {
      title: t('account.colAccountName'),
      key: 'accountName',
      dataIndex: 'accountName',
      sortField: 'accountName',
      width: 100,
    },
    { title: t('account.colOrg'), key: 'orgName', dataIndex: 'orgName', sortField: 'orgName', width: 110 },
    { title: t('account.colRole'), key: 'roleName', dataIndex: 'roleName', width: 100 },
    // 岗位: hidden by default (the default columns fill the 1366 px table already), its names in the posts' order.
    {
      title: t('account.colPosts'),
      key: 'posts',
      dataIndex: 'posts',
      width: 160,
      defaultHidden: true,
      render: (posts: Account['posts']) => posts.map((post) => post.postName).join('、'),
    },
    // Hidden until the column settings show them (and then exported too).
    // 未验证 beside a contact its owner has not proven (an administrator set it): it receives no codes.
    {
      title: t('account.colContactNumber'),
      key: 'contactNumber',
      dataIndex: 'contactNumber',
      width: 170,
      defaultHidden: true,
      render: (value: string | null, account) => <ContactWithProof value={value} verified={account.contactVerified} />,
    },
    {
      title: t('account.colEmail'),
      key: 'email',
      dataIndex: 'email',
      width: 220,
      defaultHidden: true,
      render: (value: string | null, account) => <ContactWithProof value={value} verified={account.emailVerified} />,
    },
    // 工作单位 given at self-registration: hidden until the column settings show it.
    { title: t('account.colCompany'), key: 'company', dataIndex: 'company', width: 140, defaultHidden: true },
    {
      title: t('account.colState'),
      key: 'state',
      align: 'center',
      width: 80,
      ellipsis: false,
      render: (_value, { state, pendingApproval }) =>
        state ? (
          <Tag color="green">{t('common.enabled')}</Tag>
        ) : pendingApproval ? (
          <Tooltip title={t('account.pendingTitle')}>
            <Tag color="orange">{t('account.pendingTag')}</Tag>
          </Tooltip>
        ) : (
          <Tag color="red">{t('common.disabled')}</Tag>
        ),
    },
    {
      title: t('account.colSecondFactor'),
      key: 'secondFactor',
      align: 'center',
      width: 100,
      ellipsis: false,
      render: (_value, { secondFactor }) =>
        secondFactor ? (
          <Tag color="green">{t('account.secondFactorOn')}</Tag>
        ) : (
          <Tag>{t('account.secondFactorOff')}</Tag>
        ),
    },
    {
      title: t('account.colCreateTime'),
      key: 'createTime',
      dataIndex: 'createTime',
      sortField: 'createTime',
      width: 150,
      render: (createTime: number) => formatDateTime(createTime),
    },
  ];

  if (actionsColumn) columns.push(actionsColumn);

  const mayBulk = mayBulkDelete || mayBulkState;
  return (
    <>
      <ListPage<AccountListQuery, Account>
        list={list}
        table="accounts"
        label={t('account.listLabel')}
        totalTestId="account-total"
        rowKey={accountId}
        columns={columns}
        timeSorts={['createTime']}
        defaultSort={{ field: 'createTime', order: 'desc' }}
        actions={
          <>
            {(pendingOnly || (pendingCount ?? 0) > 0) && (
              <Button
                data-testid="account-pending"
                type={pendingOnly ? 'primary' : 'default'}
                color="orange"
                variant={pendingOnly ? 'solid' : 'outlined'}
                aria-pressed={pendingOnly}
                onClick={() =>
                  list.search({ ...list.filters, pendingApproval: pendingOnly ? undefined : (1 as const) })
                }
              >
                {pendingOnly
                  ? t('account.pendingActive', { count: pendingCount ?? 0 })
                  : t('account.pendingButton', { count: pendingCount ?? 0 })}
              </Button>
            )}
            <Can routes={routes.viewAs}>
              <Button onClick={() => navigate(viewAsAddress())}>{t('authz.viewAs.entry')}</Button>
            </Can>
            <Can routes={[routes.previewAccountImport, routes.commitAccountImport]}>
              <Button onClick={() => setImporting(true)}>{t('account.import')}</Button>
            </Can>
            <Can routes={routes.createAccount}>
              <Button type="primary" onClick={() => setDialog({})}>
                {t('common.add')}
              </Button>
            </Can>
          </>
        }
        search={{ id: 'accountSearch', fields: searchFields }}
        exporter={
          mayExport ? { route: routes.exportAccounts, fallbackName: 'accounts', columns: EXPORT_COLUMNS } : undefined
        }
        selection={
          mayBulk
            ? {
                state: selection,
                nameOf: accountLabel,
                disabledReason: refusalOf,
                actions: (
                  <Space size={4}>
                    {mayBulkState && (
                      <>
                        <Button size="small" loading={bulkEnable.isPending} onClick={bulkEnable.run}>
                          {t('account.bulkEnable')}
                        </Button>
                        <Button size="small" loading={bulkDisable.isPending} onClick={bulkDisable.run}>
                          {t('account.bulkDisable')}
                        </Button>
                      </>
                    )}
                    {mayBulkDelete && (
                      <Button size="small" danger loading={bulkDelete.isPending} onClick={bulkDelete.run}>
                        {t('account.bulkDelete')}
                      </Button>
                    )}
                  </Space>
                ),
              }
            : undefined
        }
      />
      {dialogMounted && (
        <Suspense fallback={null}>
          <AccountDialog target={dialog} onClose={() => setDialog(null)} onSaved={() => setDialog(null)} />
        </Suspense>
      )}
      {importMounted && (
        <Suspense fallback={null}>
          <ImportWizard
            open={importing}
            onClose={() => setImporting(false)}
            kind={{
              title: t('account.importTitle'),
              template: routes.accountImportTemplate,
              templateName: 'account-import-template',
              preview: routes.previewAccountImport,
              commit: routes.commitAccountImport,
              initialPassword: true,
              queryKey: accountKeys.all,
              columnLabels: {
                accountNumber: t('account.colAccountNumber'),
                accountName: t('account.colAccountName'),
                orgPath: t('account.colOrg'),
                roleName: t('account.colRole'),
                contactNumber: t('account.colContactNumber'),
                email: t('account.colEmail'),
                state: t('account.colState'),
              },
            }}
          />
        </Suspense>
      )}
      {explainMounted && (
        <Suspense fallback={null}>
          <AccountExplanationDrawer
            accountId={explained?.id ?? null}
            load={explainAccount}
            onClose={() => setExplained(null)}
            onPreviewAccount={
              mayPreview
                ? ({ account }: AccountExplanation) =>
                    navigate(viewAsAddress({ accountId: account.id, account: accountLabel(account) }))
                : undefined
            }
            onPreviewRole={
              mayPreview
                ? ({ account, role }: AccountExplanation) =>
                    role &&
                    navigate(
                      viewAsAddress({
                        roleId: role.id,
                        // As an account of this one's organisation (the row has its id; the explanation its name).
                        orgId: explained?.orgId,
                        org: account.orgName,
                      }),
                    )
                : undefined
            }
          />
        </Suspense>
      )}
    </>
  );
}
