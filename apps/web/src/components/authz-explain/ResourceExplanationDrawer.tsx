import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Drawer, Skeleton, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useRef } from 'react';
import { METHOD_COLORS } from '@/components/resource-tree/resource-tree-model';
import { resourceTitle } from '@/lib/i18n/resource-title';
import { LoadFailed } from './LoadFailed';
import { ax } from './texts';
import type { LoadExplanation, ResourceExplanation } from './types';

type HoldingRole = ResourceExplanation['roles'][number];

export interface ResourceExplanationDrawerProps {
  /** The resource explained; null closes the drawer. */
  resourceId: number | null;
  /** GET /authz/explain/resource, handed in by the screen (components talk no HTTP). */
  load: LoadExplanation<ResourceExplanation>;
  onClose: () => void;
}

/**
 * 授权说明 of one resource: whether every account has it (an open or signed-in API, 首页, 个人信息), then the roles
 * holding it, each with its number of accounts, and the total.
 */
export function ResourceExplanationDrawer({ resourceId, load, onClose }: ResourceExplanationDrawerProps) {
  const last = useRef(resourceId);
  if (resourceId !== null) last.current = resourceId;
  const id = resourceId ?? last.current;
  const explanation = useQuery({
    queryKey: ['authz', 'explainResource', id],
    queryFn: ({ signal }) => load(id as number, signal),
    enabled: resourceId !== null,
    staleTime: 0,
    gcTime: 0,
  });
  const data = explanation.data;

  const columns: TableColumnsType<HoldingRole> = [
    {
      title: ax('resource.colRole'),
      key: 'name',
      render: (_value, role) => (
        <span>
          {role.name}
          {role.builtin && <Tag style={{ marginInlineStart: 8 }}>{ax('explain.builtin')}</Tag>}
        </span>
      ),
    },
    { title: ax('resource.colAccounts'), dataIndex: 'accountCount', key: 'accountCount', width: 120 },
  ];

  return (
    <Drawer title={ax('resource.title')} open={resourceId !== null} size={560} destroyOnHidden onClose={onClose}>
      {explanation.isPending && resourceId !== null && <Skeleton active paragraph={{ rows: 5 }} />}
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
              { key: 'name', label: ax('col.name'), children: resourceTitle(data.resource) },
              {
                key: 'target',
                label: ax('col.target'),
                children:
                  data.resource.type === 0 ? (
                    <span>
                      <Tag>{ax('type.menu')}</Tag>
                      {data.resource.route}
                    </span>
                  ) : (
                    <span style={{ overflowWrap: 'anywhere' }}>
                      <Tag color={METHOD_COLORS[data.resource.method?.toLowerCase() ?? ''] ?? 'default'}>
                        {data.resource.method?.toUpperCase() ?? ax('type.api')}
                      </Tag>
                      <span style={{ fontFamily: 'monospace' }}>{data.resource.url}</span>
                    </span>
                  ),
              },
            ]}
          />
          {data.everyone && <Alert type="success" showIcon style={{ marginTop: 16 }} title={ax('resource.everyone')} />}
          <Typography.Paragraph style={{ marginTop: 16 }} data-testid="resource-holders-total">
            {ax('resource.total', { accounts: data.accountCount, roles: data.roles.length })}
          </Typography.Paragraph>
          <Table<HoldingRole>
            size="small"
            bordered
            rowKey="id"
            columns={columns}
            dataSource={data.roles}
            pagination={false}
            locale={{ emptyText: ax('resource.noRoles') }}
            aria-label={ax('resource.title')}
          />
        </>
      )}
    </Drawer>
  );
}
