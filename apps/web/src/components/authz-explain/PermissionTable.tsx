import { Collapse, Flex, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { METHOD_COLORS } from '@/components/resource-tree/resource-tree-model';
import { resourceTitle } from '@/lib/i18n/resource-title';
import { type PermissionRow, permissionRows, type ShownResource, splitEveryone } from './permission-rows';
import { ax } from './texts';

/** Above this many resources the tree opens collapsed: a super-admin of a large system holds 10,000+. */
const EXPAND_ALL_UP_TO = 300;

/**
 * Resources as a read-only tree table (menus with the menus and APIs under them) — a plain antd Table like the other
 * read-only tables of a detail (the list kit is for list screens); `grantedBy` adds the 授予来源 column.
 * With `isEveryone`, the APIs every account holds whatever its role (and that lie under no held menu) leave the
 * table for one closed group at its end (所有账号均有的接口), so what the role grants comes first.
 */
export function PermissionTable({
  resources,
  grantedBy = false,
  isEveryone,
  label,
  empty,
}: {
  resources: readonly ShownResource[];
  grantedBy?: boolean;
  /** Whether an API is one every account holds (open or signed-in); without it, nothing is set apart. */
  isEveryone?: (resource: ShownResource) => boolean;
  label: string;
  empty: string;
}) {
  const split = useMemo(
    () => (isEveryone ? splitEveryone(resources, isEveryone) : { granted: resources, everyone: [] }),
    [resources, isEveryone],
  );
  if (!split.everyone.length) {
    return <ResourceTable resources={split.granted} grantedBy={grantedBy} label={label} empty={empty} />;
  }
  const everyoneLabel = ax('everyone.group', { count: split.everyone.length });
  return (
    <Flex vertical gap={12}>
      <ResourceTable resources={split.granted} grantedBy={grantedBy} label={label} empty={ax('everyone.onlyThese')} />
      <Collapse
        size="small"
        data-testid="everyone-apis"
        items={[
          {
            key: 'everyone',
            label: everyoneLabel,
            children: (
              <Flex vertical gap={8}>
                <Typography.Text type="secondary">{ax('everyone.hint')}</Typography.Text>
                <ResourceTable resources={split.everyone} grantedBy={grantedBy} label={everyoneLabel} empty="" />
              </Flex>
            ),
          },
        ]}
      />
    </Flex>
  );
}

function ResourceTable({
  resources,
  grantedBy,
  label,
  empty,
}: {
  resources: readonly ShownResource[];
  grantedBy: boolean;
  label: string;
  empty: string;
}) {
  const rows = useMemo(() => permissionRows(resources), [resources]);
  const columns: TableColumnsType<PermissionRow> = [
    {
      title: ax('col.name'),
      key: 'name',
      render: (_value, { resource }) => (
        <span style={resource.type === 0 ? { fontWeight: 600 } : undefined}>{resourceTitle(resource)}</span>
      ),
    },
    {
      title: ax('col.target'),
      key: 'target',
      render: (_value, { resource }) =>
        resource.type === 0 ? (
          <span>
            <Tag>{ax('type.menu')}</Tag>
            {resource.route}
          </span>
        ) : (
          <span style={{ overflowWrap: 'anywhere' }}>
            <Tag color={METHOD_COLORS[resource.method?.toLowerCase() ?? ''] ?? 'default'}>
              {resource.method?.toUpperCase() ?? ax('type.api')}
            </Tag>
            <span style={{ fontFamily: 'monospace' }}>{resource.url}</span>
          </span>
        ),
    },
  ];
  if (grantedBy) {
    columns.push({
      title: ax('col.grantedBy'),
      key: 'grantedBy',
      width: 200,
      render: (_value, { resource }) =>
        (resource.grantedBy ?? []).map((source) => (
          <Tag key={source} color="blue" variant="outlined" style={{ marginBlock: 2 }}>
            {source}
          </Tag>
        )),
    });
  }
  return (
    <Table<PermissionRow>
      size="small"
      bordered
      rowKey="key"
      columns={columns}
      dataSource={rows}
      pagination={false}
      expandable={{ defaultExpandAllRows: resources.length <= EXPAND_ALL_UP_TO }}
      locale={{ emptyText: empty }}
      aria-label={label}
    />
  );
}
