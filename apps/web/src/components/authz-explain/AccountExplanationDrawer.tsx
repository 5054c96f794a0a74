import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Drawer, Skeleton, Space, Tag, Typography } from 'antd';
import { useCallback, useRef } from 'react';
import { t } from '@/lib/i18n';
import { LoadFailed } from './LoadFailed';
import { PermissionTable } from './PermissionTable';
import type { ShownResource } from './permission-rows';
import { ScopeLine } from './ScopeLine';
import { ax } from './texts';
import type { AccountExplanation, LoadExplanation } from './types';

export interface AccountExplanationDrawerProps {
  /** The account explained; null closes the drawer. */
  accountId: number | null;
  /** GET /authz/explain/account, handed in by the screen (components talk no HTTP). */
  load: LoadExplanation<AccountExplanation>;
  onClose: () => void;
  /** 预览其视图, offered when set (the caller may preview). */
  onPreviewAccount?: (explanation: AccountExplanation) => void;
  /** 预览该角色, offered when set and the account has a role. */
  onPreviewRole?: (explanation: AccountExplanation) => void;
}

/**
 * 权限说明 of one account: who it is and its role, its data scope in words, and every resource it holds as a tree
 * (menus with their APIs) with what grants each (授予来源). Asked afresh at each opening: roles change.
 */
export function AccountExplanationDrawer({
  accountId,
  load,
  onClose,
  onPreviewAccount,
  onPreviewRole,
}: AccountExplanationDrawerProps) {
  // Keep the last account while the drawer slides out.
  const last = useRef(accountId);
  if (accountId !== null) last.current = accountId;
  const id = accountId ?? last.current;
  const explanation = useQuery({
    queryKey: ['authz', 'explainAccount', id],
    queryFn: ({ signal }) => load(id as number, signal),
    enabled: accountId !== null,
    staleTime: 0,
    gcTime: 0,
  });
  const data = explanation.data;
  const roleName = data?.role?.name;
  // Held only because every account holds it: none of its grants is the role (the other grant is the server's
  // 所有账号（开放或登录即可访问）, worded in the request's language, so the role's name is what is compared).
  const isEveryone = useCallback(
    ({ grantedBy = [] }: ShownResource) => grantedBy.length > 0 && !grantedBy.some((source) => source === roleName),
    [roleName],
  );

  return (
    <Drawer
      title={ax('explain.title')}
      open={accountId !== null}
      size={760}
      destroyOnHidden
      onClose={onClose}
      extra={
        data && (
          <Space size={8}>
            {onPreviewAccount && <Button onClick={() => onPreviewAccount(data)}>{ax('explain.previewAccount')}</Button>}
            {onPreviewRole && data.role && (
              <Button
                title={ax('explain.previewRoleHint', { org: data.account.orgName })}
                onClick={() => onPreviewRole(data)}
              >
                {ax('explain.previewRole')}
              </Button>
            )}
          </Space>
        )
      }
    >
      {explanation.isPending && accountId !== null && <Skeleton active paragraph={{ rows: 8 }} />}
      {explanation.isError && !data && (
        <LoadFailed
          error={explanation.error}
          retrying={explanation.isFetching}
          onRetry={() => void explanation.refetch()}
        />
      )}
      {data && (
        <>
          <Descriptions
            bordered
            size="small"
            column={1}
            styles={{ label: { width: 110, whiteSpace: 'nowrap' } }}
            items={[
              {
                key: 'account',
                label: ax('explain.account'),
                children: t('account.label', data.account),
              },
              { key: 'org', label: ax('explain.org'), children: data.account.orgName || '—' },
              {
                key: 'role',
                label: ax('explain.role'),
                children: data.role ? (
                  <span>
                    {data.role.name}
                    {data.role.builtin && <Tag style={{ marginInlineStart: 8 }}>{ax('explain.builtin')}</Tag>}
                  </span>
                ) : (
                  <Typography.Text type="secondary">{ax('explain.noRole')}</Typography.Text>
                ),
              },
              { key: 'scope', label: ax('explain.scope'), children: <ScopeLine scope={data.scope} /> },
            ]}
          />
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            {ax('explain.resources', { count: data.resources.length })}
          </Typography.Title>
          <PermissionTable
            resources={data.resources}
            grantedBy
            isEveryone={isEveryone}
            label={ax('explain.resources', { count: data.resources.length })}
            empty={ax('explain.noResources')}
          />
        </>
      )}
    </Drawer>
  );
}
