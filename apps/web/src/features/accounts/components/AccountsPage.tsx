import { ACCOUNT_SORTS, accountEntity, routes } from '@gatehouse/contract';
import { Button, Space, Tag, Tooltip } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { type AccountExplanation, viewAsAddress } from '@/components/authz-explain';
import { Can } from '@/components/can';
import {
  type FilterCodecs,
  type ListColumn,
  ListPage,
  ScopedSearchBox,
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
  usePosts,
  useRoles,
} from '@/features/accounts/api/accounts.api';
import {
  choiceFilters,
  exportColumns,
  type FieldColumn,
  fieldColumns,
  fieldLabel,
  filterCodecsOf,
  fromScopedFilters,
  KEYWORD,
  type OwnTextFilter,
  type SearchScope,
  searchBoxWords,
  searchScopes,
  sheetHeaders,
  textFilters,
  timeSorts,
  toScopedFilters,
} from '@/lib/entity';
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

type Sort = (typeof ACCOUNT_SORTS)[number];
type Column = ListColumn<Account, Sort>;

/**
 * The list route's own text filter on a field whose descriptor declares none (contract accounts.ts): the whole
 * mobile number, matched however it was stored (bare, +86 or 0086 before it).
 */
const OWN_TEXT_FILTERS: Readonly<Record<string, OwnTextFilter>> = { contactNumber: { kind: 'exact', maxLength: 20 } };

/**
 * How each filter travels in the URL: the descriptor's (keyword, its text, state and range filters), then the list
 * route's own (the mobile number, the organisation's subtree, 待审核, the role, a post, the second factor, the proofs).
 */
const ownCodecs: Partial<FilterCodecs<AccountListQuery>> = {
  ...Object.fromEntries(Object.keys(OWN_TEXT_FILTERS).map((key) => [key, 'text'])),
  orgId: 'int',
  pendingApproval: 'int',
  roleId: 'int',
  postId: 'int',
  secondFactor: 'bit',
  contactVerified: 'bit',
  emailVerified: 'bit',
};
const filterCodecs = { ...filterCodecsOf(accountEntity), ...ownCodecs } as FilterCodecs<AccountListQuery>;
const accountId = (account: Account) => account.id;

/** Fields without a `list` spec the list shows all the same, by name: the organisation and the role. */
const NAMED_FIELDS = ['orgId', 'roleId'];

/**
 * What is the account's own in its columns, by field: the organisation and the role shown by name (the organisation
 * sorted by it on the server), a contact with 未验证 beside it while its owner has not proven it (it receives no
 * codes), the state's 待审核. A width here serves a field whose descriptor gives none (its `list` width wins).
 * Every other field is listed as its descriptor says.
 */
const COLUMN_HOOKS: Readonly<Record<string, Partial<Column>>> = {
  orgId: { key: 'orgName', dataIndex: 'orgName', sortField: 'orgName', width: 110 },
  roleId: { key: 'roleName', dataIndex: 'roleName', width: 100 },
  contactNumber: {
    render: (value: string | null, account) => <ContactWithProof value={value} verified={account.contactVerified} />,
  },
  email: {
    render: (value: string | null, account) => <ContactWithProof value={value} verified={account.emailVerified} />,
  },
  state: {
    align: 'center',
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
};

/** A field's cells as its codec answers it: a time formatted, a flag as a tag naming the field while set. */
function codecRender({ field, title }: FieldColumn): Partial<Column> {
  const codec = Object.hasOwn(accountEntity.fields, field)
    ? (accountEntity.fields as Record<string, { codec?: string }>)[field]?.codec
    : undefined;
  if (codec === 'time') return { render: (value: number | null) => formatDateTime(value) };
  if (codec === 'flag') {
    return {
      align: 'center',
      ellipsis: false,
      render: (value: unknown) => (value === true ? <Tag color="green">{title}</Tag> : null),
    };
  }
  return {};
}

/**
 * The list's columns: each field the descriptor lists (title its label in the page's language, its width, hidden by
 * default as it says, sorted on the server when sortable), in declaration order, the named fields where declared,
 * each with its hook; the screen's other columns after the field they belong beside (`after`). Each column with the
 * field it shows (the export's columns are derived from it).
 */
function accountColumns(after: Readonly<Record<string, Column[]>>): Array<{ column: Column; field?: string }> {
  return fieldColumns(accountEntity, { sorts: ACCOUNT_SORTS, also: NAMED_FIELDS }).flatMap((base) => {
    const { field, ...declared } = base;
    const hook = Object.hasOwn(COLUMN_HOOKS, field) ? COLUMN_HOOKS[field] : undefined;
    const width = declared.width ?? hook?.width;
    const column = {
      ...declared,
      ...codecRender(base),
      ...hook,
      ...(width === undefined ? {} : { width }),
    } as Column;
    return [{ column, field }, ...(after[field] ?? []).map((extra) => ({ column: extra }))];
  });
}

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

/** 账号管理 (/user/Account): the list kit over GET /account/s, with bulk delete and enable/disable. */
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
  // The 岗位 filter lists the posts; without that permission it is left out.
  const mayFilterByPost = useCan(routes.listPosts);
  const posts = usePosts(mayFilterByPost);
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
  // One search box (its scope: 全部, the keyword over the searched fields, or one text filter of the descriptor or the
  // route), then a field for each filter the box does not cover.
  const scopes: SearchScope[] = searchScopes(accountEntity, textFilters(accountEntity, OWN_TEXT_FILTERS));
  const searchFields: SearchFieldSpec<Filters>[] = [
    {
      kind: 'custom',
      name: KEYWORD as keyof Filters & string,
      label: searchBoxWords().label,
      render: (control) => <ScopedSearchBox {...control} scopes={scopes} scopeLabel={searchBoxWords().scope} />,
    },
  ];
  // The filters of fields the descriptor declares none for, the account's own, by field: the organisation's subtree
  // (its picker lists organisations: without that permission it could only answer 403) and the role (the roles'
  // list needs its permission too).
  const filterHooks: Partial<Record<string, SearchFieldSpec<Filters>>> = {
    ...(mayFilterByOrg && {
      orgId: {
        kind: 'custom',
        name: 'orgId',
        label: fieldLabel(accountEntity, 'orgId'),
        render: (control) => <OrgFilter {...control} />,
      },
    }),
    ...(mayFilterByRole && {
      roleId: {
        kind: 'select',
        name: 'roleId',
        label: fieldLabel(accountEntity, 'roleId'),
        options: (roles.data ?? []).map((role) => ({ label: role.name, value: role.id })),
      },
    }),
  };
  const choices = choiceFilters(accountEntity);
  for (const key of Object.keys(accountEntity.fields)) {
    const hook = filterHooks[key];
    if (hook) searchFields.push(hook);
    const choice = choices.find((filter) => filter.key === key);
    if (choice?.kind === 'state') {
      const options = yesNo(t('common.enabled'), t('common.disabled'));
      searchFields.push({
        kind: 'select',
        name: choice.key as keyof Filters & string,
        label: choice.label,
        options,
        width: 120,
      });
    } else if (choice?.kind === 'range') {
      // A range is wide: among the rarer filters, shown once the form is expanded (展开).
      const names = choice.names as unknown as readonly [keyof Filters & string, keyof Filters & string];
      searchFields.push({ kind: 'dateRange', names, label: choice.label, width: 260, advanced: true });
    }
  }
  // The list route's rarer filters of its own, shown once the form is expanded (展开).
  const advanced: SearchFieldSpec<Filters>[] = [];
  if (mayFilterByPost) {
    advanced.push({
      kind: 'select',
      name: 'postId',
      label: t('account.colPosts'),
      options: (posts.data?.list ?? []).map((post) => ({ label: post.postName, value: post.id })),
    });
  }
  advanced.push(
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
  );
  for (const field of advanced) searchFields.push({ ...field, advanced: true });
  // The form shows the box's scope and text; 查询 applies the text under its scope's parameter.
  const searchList = {
    ...list,
    filters: toScopedFilters(list.filters, scopes) as typeof list.filters,
    search: (filters: typeof list.filters) => list.search(fromScopedFilters(filters, scopes) as typeof list.filters),
  };

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

  // The default columns fit beside the menu at 1366 px (a 1,066 px table): longer values are cut with … and whole
  // on hover; the descriptor hides by default what does not fit (the column settings offer it).
  const listed = accountColumns({
    // 岗位: hidden by default, its names in the posts' order.
    roleId: [
      {
        title: t('account.colPosts'),
        key: 'posts',
        dataIndex: 'posts',
        width: 160,
        defaultHidden: true,
        render: (held: Account['posts']) => held.map((post) => post.postName).join('、'),
      },
    ],
    state: [
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
    ],
  });
  const columns = listed.map(({ column }) => column);
  // An export writes the visible columns that show a field of the sheet (contract ACCOUNT_SHEET_COLUMNS).
  const exportedColumns = exportColumns(
    accountEntity,
    listed.map(({ column, field }) => ({ key: column.key, field })),
  );

  if (actionsColumn) columns.push(actionsColumn);

  const mayBulk = mayBulkDelete || mayBulkState;
  return (
    <>
      <ListPage<AccountListQuery, Account>
        list={searchList}
        table="accounts"
        label={t('account.listLabel')}
        totalTestId="account-total"
        rowKey={accountId}
        columns={columns}
        timeSorts={timeSorts(accountEntity)}
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
          mayExport ? { route: routes.exportAccounts, fallbackName: 'accounts', columns: exportedColumns } : undefined
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
              columnLabels: sheetHeaders(accountEntity),
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
