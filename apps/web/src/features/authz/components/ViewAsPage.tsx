import { type RouteDef, resourceKey, routes } from '@gatehouse/contract';
import {
  Alert,
  Button,
  Card,
  Col,
  Empty,
  Flex,
  Form,
  Result,
  Row,
  Segmented,
  Select,
  Skeleton,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
  theme,
} from 'antd';
import { useDeferredValue, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { readViewAsTarget, type ViewAsTarget, viewAsAddress } from '@/components/authz-explain';
import { LoadFailed } from '@/components/authz-explain/LoadFailed';
import { PermissionTable } from '@/components/authz-explain/PermissionTable';
import { ScopeLine } from '@/components/authz-explain/ScopeLine';
import { ax } from '@/components/authz-explain/texts';
import { LoadingDots } from '@/components/loading';
import { OrgPicker } from '@/components/org-picker';
import { formatDateTime } from '@/lib/format/date';
import { t } from '@/lib/i18n';
import { useCan, useSession } from '@/stores/session';
import {
  loadOrgs,
  type PreviewedAccount,
  useAccountOptions,
  useOrgName,
  useRoles,
  useViewAs,
  type ViewAs,
  type ViewAsQuery,
} from '../api/authz.api';
import { MenuPreview } from './MenuPreview';

type Mode = 'account' | 'role';

/** The contract's APIs that need no grant (open, or for anyone signed in), by resource key (get,/regions). */
const freeApis = new Set(
  Object.values(routes as Record<string, RouteDef>).flatMap((route) =>
    route.access === 'permission' ? [] : [resourceKey(route.method, route.path)],
  ),
);

/**
 * An API every account holds whatever its role: its route needs no grant. (The preview answers only the
 * permissions; the table also asks that it lie under no held menu: components/authz-explain splitEveryone.)
 */
const isEveryoneApi = ({ type, method, url }: { type: number; method: string | null; url: string | null }) =>
  type === 1 && method !== null && url !== null && freeApis.has(resourceKey(method, url));

const accountLabel = ({ accountName, accountNumber }: { accountName: string; accountNumber: string }) =>
  t('account.label', { accountName, accountNumber });

const queryOf = (target: ViewAsTarget | null): ViewAsQuery | null => {
  if (target === null) return null;
  if ('accountId' in target) return { accountId: target.accountId };
  return target.orgId === undefined ? { roleId: target.roleId } : { roleId: target.roleId, orgId: target.orgId };
};

/**
 * 权限预览 (/view-as): what an account, or a role held in an organisation, would see — its menus, its buttons and
 * APIs, its data scope and the first page of its account list — without anybody signing in as it. Full screen, out
 * of the main layout, so the only menu on screen is the previewed one. The target is in the address
 * (components/authz-explain `viewAsAddress`), so 账号管理 and the 权限说明 drawer open it on an account or a role.
 */
export function ViewAsPage() {
  const status = useSession((state) => state.status);
  const mayPreview = useCan(routes.viewAs);
  const navigate = useNavigate();
  const location = useLocation();
  const { token } = theme.useToken();
  // Back where the preview was opened from; the console's home when it was opened by its address.
  const leave = () => (location.key === 'default' ? navigate('/') : navigate(-1));

  if (status !== 'ready') return <LoadingDots />;
  return (
    <div style={{ minHeight: '100vh', background: token.colorBgLayout, padding: 16 }}>
      <Flex align="center" justify="space-between" gap={16} style={{ marginBottom: 12 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('authz.viewAs.title')}
        </Typography.Title>
        <Button onClick={leave}>{ax('viewAs.back')}</Button>
      </Flex>
      {mayPreview ? (
        <Preview />
      ) : (
        <Result status="403" title={ax('viewAs.forbidden')} style={{ background: token.colorBgContainer }} />
      )}
    </div>
  );
}

function Preview() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const target = useMemo(() => readViewAsTarget(new URLSearchParams(search)), [search]);
  const me = useSession((state) => state.user);
  const [chosenMode, setChosenMode] = useState<Mode | null>(null);
  const mode: Mode = chosenMode ?? (target && 'roleId' in target ? 'role' : 'account');
  const mayListRoles = useCan(routes.listRoles);
  const mayListOrgs = useCan(routes.listOrgs);
  const roles = useRoles(mayListRoles);
  const roleTarget = target && 'roleId' in target ? target : null;
  const orgName = useOrgName(roleTarget && !roleTarget.org ? roleTarget.orgId : undefined, mayListOrgs);
  const preview = useViewAs(queryOf(target));
  const go = (next?: ViewAsTarget) => navigate(viewAsAddress(next), { replace: true });

  const roleName = roleTarget && roles.data?.find((role) => role.id === roleTarget.roleId)?.name;
  const subject = !target
    ? ax('viewAs.subjectNone')
    : 'accountId' in target
      ? ax('viewAs.subjectAccount', { account: target.account ?? `#${target.accountId}` })
      : ax('viewAs.subjectRole', {
          role: roleName ?? `#${target.roleId}`,
          org:
            target.org ??
            orgName ??
            (target.orgId === undefined ? (me?.orgName ?? ax('viewAs.ownOrg')) : `#${target.orgId}`),
        });

  return (
    <Flex vertical gap={16}>
      <Alert
        type="warning"
        showIcon
        data-testid="view-as-notice"
        title={ax('viewAs.notice', { subject, me: me ? accountLabel(me) : '' })}
      />
      <Card size="small">
        <Form layout="inline" style={{ rowGap: 8 }}>
          <Form.Item label={ax('viewAs.by')}>
            <Segmented<Mode>
              value={mode}
              options={[
                { value: 'account', label: ax('viewAs.byAccount') },
                { value: 'role', label: ax('viewAs.byRole') },
              ]}
              onChange={(next) => {
                setChosenMode(next);
                if (next !== mode) go();
              }}
            />
          </Form.Item>
          {mode === 'account' ? (
            <AccountChooser
              value={target && 'accountId' in target ? target : null}
              onChange={(account) => go({ accountId: account.id, account: accountLabel(account) })}
            />
          ) : (
            <>
              <Form.Item label={ax('viewAs.role')} htmlFor="viewAsRole">
                <Select
                  id="viewAsRole"
                  style={{ width: 220 }}
                  placeholder={ax('viewAs.rolePlaceholder')}
                  disabled={!mayListRoles}
                  loading={roles.isLoading}
                  value={roleTarget?.roleId}
                  options={(roles.data ?? []).map((role) => ({
                    value: role.id,
                    label: role.name,
                    // The server previews only a role the caller could hand out (the dominance rule).
                    disabled: !role.assignable,
                  }))}
                  onChange={(roleId: number) =>
                    go({ roleId, orgId: roleTarget?.orgId, org: roleTarget?.org ?? orgName })
                  }
                />
              </Form.Item>
              <Form.Item label={ax('viewAs.org')} htmlFor="viewAsOrg">
                <OrgPicker
                  id="viewAsOrg"
                  value={roleTarget?.orgId ?? null}
                  label={roleTarget?.org ?? orgName}
                  loadOrgs={loadOrgs}
                  allowClear
                  disabled={!roleTarget || !mayListOrgs}
                  placeholder={ax('viewAs.orgPlaceholder')}
                  style={{ width: 220 }}
                  onChange={(orgId, org) =>
                    roleTarget &&
                    go({ roleId: roleTarget.roleId, orgId: orgId ?? undefined, org: org?.name ?? undefined })
                  }
                />
              </Form.Item>
            </>
          )}
        </Form>
      </Card>
      {!target ? (
        <Card>
          <Empty description={ax('viewAs.choose')} />
        </Card>
      ) : preview.data ? (
        <PreviewBody data={preview.data} />
      ) : preview.isError ? (
        <Card>
          <LoadFailed error={preview.error} retrying={preview.isFetching} onRetry={() => void preview.refetch()} />
        </Card>
      ) : (
        <Card>
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      )}
    </Flex>
  );
}

/** The account to preview: a search over account numbers and user names (needs 账号列表). */
function AccountChooser({
  value,
  onChange,
}: {
  value: { accountId: number; account?: string } | null;
  onChange: (account: PreviewedAccount) => void;
}) {
  const mayList = useCan(routes.listAccounts);
  const [text, setText] = useState('');
  const searched = useDeferredValue(text.trim());
  const options = useAccountOptions(searched, mayList);
  const byId = new Map((options.data ?? []).map((account) => [account.id, account]));
  const shown = [...byId.values()].map((account) => ({ value: account.id, label: accountLabel(account) }));
  // The account previewed stays nameable while the search shows others.
  if (value && !byId.has(value.accountId)) {
    shown.unshift({ value: value.accountId, label: value.account ?? `#${value.accountId}` });
  }
  return (
    <Form.Item label={ax('viewAs.account')} htmlFor="viewAsAccount">
      <Select
        id="viewAsAccount"
        showSearch={{ filterOption: false, onSearch: setText }}
        style={{ width: 260 }}
        placeholder={ax('viewAs.accountPlaceholder')}
        disabled={!mayList}
        loading={options.isFetching}
        value={value?.accountId}
        options={shown}
        onChange={(id: number) => {
          const account = byId.get(id);
          if (account) onChange(account);
        }}
      />
    </Form.Item>
  );
}

function PreviewBody({ data }: { data: ViewAs }) {
  const apis = data.permissions.filter((resource) => resource.type === 1).length;
  const accountColumns: TableColumnsType<PreviewedAccount> = [
    { title: t('account.colAccountNumber'), dataIndex: 'accountNumber', key: 'accountNumber', ellipsis: true },
    { title: t('account.colAccountName'), dataIndex: 'accountName', key: 'accountName', ellipsis: true },
    { title: t('account.colOrg'), dataIndex: 'orgName', key: 'orgName', ellipsis: true },
    { title: t('account.colRole'), dataIndex: 'roleName', key: 'roleName', ellipsis: true },
    {
      title: t('account.colState'),
      key: 'state',
      width: 90,
      render: (_value, { state }) =>
        state ? <Tag color="green">{t('common.enabled')}</Tag> : <Tag color="red">{t('common.disabled')}</Tag>,
    },
    {
      title: t('account.colCreateTime'),
      dataIndex: 'createTime',
      key: 'createTime',
      width: 170,
      render: (createTime: number) => formatDateTime(createTime),
    },
  ];
  return (
    <Row gutter={[16, 16]} align="top">
      <Col xs={24} md={8} xl={6}>
        <Card size="small" title={ax('viewAs.menus')} styles={{ body: { padding: 4 } }}>
          <MenuPreview permissions={data.permissions} />
        </Card>
      </Col>
      <Col xs={24} md={16} xl={18}>
        <Flex vertical gap={16}>
          <Card size="small" title={ax('viewAs.scope')}>
            <ScopeLine scope={data.scope} />
          </Card>
          <Card
            size="small"
            title={ax('viewAs.accounts')}
            extra={
              data.accountsRefused === undefined && (
                <Typography.Text type="secondary">
                  {ax('viewAs.accountsNote', { total: data.accounts.totalCount, shown: data.accounts.list.length })}
                </Typography.Text>
              )
            }
          >
            <Table<PreviewedAccount>
              size="small"
              rowKey="id"
              columns={accountColumns}
              dataSource={data.accounts.list}
              pagination={false}
              locale={{
                // Refused as the previewed session's own list would be (the guard's 403), in the list's words.
                emptyText:
                  data.accountsRefused === undefined ? (
                    ax('viewAs.noAccounts')
                  ) : (
                    <Empty
                      image={Empty.PRESENTED_IMAGE_SIMPLE}
                      description={
                        <span role="alert" data-testid="view-as-accounts-refused">
                          {t('list.loadFailedReason', { reason: data.accountsRefused })}
                        </span>
                      }
                    />
                  ),
              }}
              aria-label={ax('viewAs.accounts')}
            />
          </Card>
          <Card size="small" title={ax('viewAs.permissions', { count: apis })}>
            <PermissionTable
              resources={data.permissions}
              isEveryone={isEveryoneApi}
              label={ax('viewAs.permissions', { count: apis })}
              empty={ax('viewAs.noPermissions')}
            />
          </Card>
        </Flex>
      </Col>
    </Row>
  );
}
