import { CloudUploadOutlined, DownloadOutlined } from '@ant-design/icons';
import { CONFIG_CHANGE_KINDS, type ConfigChangeKind, CRUD_ENTITIES, routes } from '@gatehouse/contract';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Card, Empty, Flex, Space, Table, type TableColumnsType, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import { Can } from '@/components/can';
import { ToolBar } from '@/components/tool-bar';
import {
  applyConfigBundle,
  type ConfigBundle,
  type ConfigChange,
  diffConfigBundle,
  downloadConfigBundle,
} from '@/features/config-bundle/api/config-bundle.api';
import { currentLocale, t } from '@/lib/i18n';
import { type ConfigBundleText, tx } from '../texts';

const ACTION_COLORS = { add: 'success', change: 'processing', remove: 'error' } as const;

/** A field's value as the diff shows it: lists joined, organisation paths with '/', nothing as a dash. */
function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return tx('empty');
  if (Array.isArray(value)) {
    if (value.length === 0) return tx('empty');
    return value.map((v) => (Array.isArray(v) ? v.join('/') : String(v))).join('、');
  }
  return String(value);
}

/** A descriptor-served entity (contract cruds.ts) by its name: its kind of change is named by its spec and fields. */
const entityOf = (kind: string) => CRUD_ENTITIES.find(({ entity }) => entity.name === kind);

/** A kind's title: the screen's own, or a descriptor-served entity's (岗位 / Post) from its spec. */
const kindTitle = (kind: ConfigChangeKind) =>
  entityOf(kind)?.crud.title[currentLocale()] ?? tx(`kind.${kind}` as ConfigBundleText);

const fieldName = (kind: ConfigChangeKind, field: string) => {
  // An entity's field by its descriptor's label; a field the screen has no name for shows as the bundle names it.
  const declared = (entityOf(kind)?.entity.fields as Record<string, { label: Record<string, string> }> | undefined)?.[
    field
  ];
  if (declared) return declared.label[currentLocale()];
  const text = tx(`field.${field}` as ConfigBundleText);
  return text ?? field;
};

function Fields({ change }: { change: ConfigChange }) {
  const fields =
    change.action === 'change' ? change.fields : change.fields.filter((f) => (f.before ?? f.after) !== null);
  return (
    <ul className="config-bundle-fields" style={{ margin: 0, paddingInlineStart: 16 }}>
      {fields.map((f) => (
        <li key={f.field}>
          <Typography.Text strong>{fieldName(change.kind, f.field)}</Typography.Text>
          {'：'}
          {change.action !== 'add' && (
            <Typography.Text delete={change.action === 'remove'}>{shown(f.before)}</Typography.Text>
          )}
          {change.action === 'change' && ' → '}
          {change.action !== 'remove' && <Typography.Text>{shown(f.after)}</Typography.Text>}
        </li>
      ))}
    </ul>
  );
}

/**
 * 配置迁移 (系统设置): exports the configuration bundle, and imports one: the file is read in the browser and
 * compared on the server; the changes are listed per kind (additions and changes ticked, removals not) and the
 * ticked ones are applied in one transaction after a confirmation.
 */
export function ConfigBundlePage() {
  const { message, modal } = App.useApp();
  const [file, setFile] = useState<{ name: string; bundle: ConfigBundle }>();
  const [changes, setChanges] = useState<ConfigChange[]>();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());

  const exportBundle = useMutation({
    mutationFn: downloadConfigBundle,
    onSuccess: () => {
      message.success({ content: tx('exported'), key: 'configBundle.exported' });
    },
  });
  const compare = useMutation({
    mutationFn: diffConfigBundle,
    onSuccess: ({ changes: found }) => {
      setChanges(found);
      setSelected(new Set(found.filter((c) => c.action !== 'remove').map((c) => c.id)));
    },
    onError: () => setChanges(undefined),
  });
  const apply = useMutation({
    mutationFn: ({ bundle, ids }: { bundle: ConfigBundle; ids: string[] }) => applyConfigBundle(bundle, ids),
    onSuccess: ({ applied }, { bundle }) => {
      message.success(tx('applied', { count: applied }));
      compare.mutate(bundle);
    },
  });

  async function read(picked: File) {
    let bundle: ConfigBundle;
    try {
      bundle = JSON.parse(await picked.text()) as ConfigBundle;
    } catch {
      setFile(undefined);
      setChanges(undefined);
      message.error(tx('notJson'));
      return;
    }
    setFile({ name: picked.name, bundle });
    compare.mutate(bundle);
  }

  function confirmApply() {
    if (!file || !changes) return;
    const ids = changes.filter((c) => selected.has(c.id)).map((c) => c.id);
    const removals = changes.filter((c) => selected.has(c.id) && c.action === 'remove').length;
    modal.confirm({
      title: tx('confirmTitle'),
      content: tx('confirmContent', { count: ids.length, removals }),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: removals > 0 },
      onOk: () => apply.mutateAsync({ bundle: file.bundle, ids }),
    });
  }

  const columns: TableColumnsType<ConfigChange> = [
    {
      title: tx('colAction'),
      key: 'action',
      width: 90,
      render: (_, change) => (
        <Tag color={ACTION_COLORS[change.action]}>{tx(`action.${change.action}` as ConfigBundleText)}</Tag>
      ),
    },
    {
      title: tx('colKey'),
      key: 'key',
      width: 280,
      render: (_, change) => (
        <Flex vertical>
          <Typography.Text>{change.label}</Typography.Text>
          {change.key !== change.label && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {change.key}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    { title: tx('colFields'), key: 'fields', render: (_, change) => <Fields change={change} /> },
  ];

  const groups = CONFIG_CHANGE_KINDS.map((kind: ConfigChangeKind) => ({
    kind,
    rows: (changes ?? []).filter((c) => c.kind === kind),
  })).filter((g) => g.rows.length > 0);

  return (
    <Flex vertical gap={16}>
      {/* The screen's title, as every screen has (the margin below is the column's gap). */}
      <div style={{ marginBottom: -16 }}>
        <ToolBar />
      </div>
      <Can routes={routes.exportConfigBundle}>
        <Card title={tx('exportTitle')}>
          <Typography.Paragraph type="secondary">{tx('exportHint')}</Typography.Paragraph>
          <Button
            icon={<DownloadOutlined aria-hidden />}
            loading={exportBundle.isPending}
            onClick={() => exportBundle.mutate()}
          >
            {tx('export')}
          </Button>
        </Card>
      </Can>
      <Can routes={routes.diffConfigBundle}>
        <Card title={tx('importTitle')}>
          <Typography.Paragraph type="secondary">{tx('importHint')}</Typography.Paragraph>
          <Space wrap>
            <Upload
              accept=".json,application/json"
              showUploadList={false}
              maxCount={1}
              beforeUpload={(picked) => {
                void read(picked);
                // Read here, never uploaded: the bundle goes to the server as the diff's JSON body.
                return false;
              }}
            >
              <Button icon={<CloudUploadOutlined aria-hidden />} loading={compare.isPending}>
                {tx('choose')}
              </Button>
            </Upload>
            {file && <Typography.Text type="secondary">{tx('fileName', { name: file.name })}</Typography.Text>}
          </Space>
          {changes && changes.length === 0 && (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={tx('noChanges')} />
          )}
          {changes && changes.length > 0 && (
            <Flex vertical gap={16} style={{ marginTop: 16 }}>
              {groups.map(({ kind, rows }) => (
                <section key={kind} aria-label={kindTitle(kind)}>
                  <Typography.Title level={5}>
                    {kindTitle(kind)} ({rows.length})
                  </Typography.Title>
                  <Table<ConfigChange>
                    size="small"
                    rowKey="id"
                    pagination={false}
                    columns={columns}
                    dataSource={rows}
                    rowSelection={{
                      selectedRowKeys: rows.filter((r) => selected.has(r.id)).map((r) => r.id),
                      onChange: (keys) => {
                        const next = new Set(selected);
                        for (const row of rows) next.delete(row.id);
                        for (const key of keys) next.add(String(key));
                        setSelected(next);
                      },
                      getCheckboxProps: (row) => ({ 'aria-label': `${row.kind} ${row.key}` }),
                    }}
                  />
                </section>
              ))}
              <Flex align="center" gap={16}>
                <Typography.Text data-testid="config-bundle-summary">
                  {tx('summary', { total: changes.length, selected: selected.size })}
                </Typography.Text>
                <Can routes={routes.applyConfigBundle}>
                  <Button
                    type="primary"
                    disabled={selected.size === 0}
                    loading={apply.isPending}
                    onClick={confirmApply}
                  >
                    {tx('apply')}
                  </Button>
                </Can>
              </Flex>
            </Flex>
          )}
        </Card>
      </Can>
    </Flex>
  );
}
