import { DownOutlined, LoadingOutlined, RightOutlined } from '@ant-design/icons';
import { orgEntity } from '@gatehouse/contract';
import { Button, type TableProps, Tag, theme } from 'antd';
import { type ReactNode, type Ref, useCallback, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { type ListColumn, type ListExport, ListTable } from '@/components/list-kit';
import type { LoadOrgs, Org } from '@/components/org-picker';
import { type FieldOf, listColumnOf } from '@/lib/entity';
import { formatDateTime } from '@/lib/format/date';
import { t } from '@/lib/i18n';

interface OrgRow extends Org {
  /** Present (possibly empty) when the org has children; filled on first expand. */
  children?: OrgRow[];
  loaded?: boolean;
}

const orgId = (org: Org) => org.id;

/** A field's column as the organisation's descriptor declares it: title (its label), width, hidden by default. */
const column = (key: FieldOf<typeof orgEntity>) => listColumnOf(orgEntity, key);

/** The organisations of one level opened when the screen loads: a long level stays closed past them. */
const OPEN_AT_MOST = 20;

const toRow = (org: Org): OrgRow => (org.hasChildren ? { ...org, children: [] } : { ...org });

/**
 * Fresh children for a level, keeping what was already loaded below rows that are still there (so a refresh
 * does not collapse the branches the user has open).
 */
const mergeLevel = (previous: OrgRow[] | undefined, orgs: Org[]): OrgRow[] =>
  orgs.map((org) => {
    const old = previous?.find((row) => row.id === org.id);
    if (org.hasChildren && old?.loaded) return { ...org, children: old.children, loaded: true };
    return toRow(org);
  });

/** Replaces the children of `id` (the roots when null); the parent's hasChildren follows what was loaded. */
const withChildren = (rows: OrgRow[], id: number | null, orgs: Org[]): OrgRow[] => {
  if (id === null) return mergeLevel(rows, orgs);
  return rows.map((row) => {
    if (row.id === id) {
      return orgs.length
        ? { ...row, hasChildren: true, children: mergeLevel(row.children, orgs), loaded: true }
        : { ...row, hasChildren: false, children: undefined, loaded: true };
    }
    return row.children ? { ...row, children: withChildren(row.children, id, orgs) } : row;
  });
};

const findRow = (rows: OrgRow[] | undefined, id: number): OrgRow | undefined => {
  for (const row of rows ?? []) {
    if (row.id === id) return row;
    const found = findRow(row.children, id);
    if (found) return found;
  }
  return undefined;
};

/** What a screen can ask of the table after a change, without re-mounting it (which would collapse it). */
export interface OrgTreeTableHandle {
  /**
   * Re-loads the children of `pid` (the roots when null) and, with `expand`, opens that row. A row that is not
   * on screen (its branch was never opened) is left alone.
   */
  reload(pid: number | null, options?: { expand?: boolean }): Promise<void>;
}

export interface OrgTreeTableProps {
  loadOrgs: LoadOrgs;
  /** A right-hand 操作 column, given the row and its parent row. */
  renderActions?: (org: Org, parent: Org | null) => ReactNode;
  actionsWidth?: number;
  /**
   * The list kit's table parts: tool bar with 刷新 / 密度 / 列设置 saved as `table.<name>` / 全屏, one-line cells,
   * the operation column fixed right, a failed load with 重试.
   */
  kit: { name: string; label: string; exporter?: ListExport };
  ref?: Ref<OrgTreeTableHandle>;
}

/**
 * The organisation screen's lazy tree table: roots first, each level fetched when its row is expanded. Bespoke rather than a
 * kit list (no list query, no pages): a whole organisation tree is never loaded at once, only the levels opened.
 */
export function OrgTreeTable({ loadOrgs, renderActions, actionsWidth = 260, kit, ref }: OrgTreeTableProps) {
  const { token } = theme.useToken();
  const [rows, setRows] = useState<OrgRow[]>([]);
  const [loadingRoots, setLoadingRoots] = useState(true);
  const [rootError, setRootError] = useState<Error | null>(null);
  const [loadingIds, setLoadingIds] = useState<ReadonlySet<number>>(new Set());
  const [expandedKeys, setExpandedKeys] = useState<readonly number[]>([]);
  const rowsRef = useRef(rows);
  rowsRef.current = rows;

  useEffect(() => {
    let active = true;
    /**
     * Opens the tree as a reader expects it: each top-level organisation on its first level, and for a scoped
     * administrator the path down to its own branch (organisations outside the scope are only that path), that
     * branch on its first level. A failed level stays closed (the http client has reported it).
     */
    const open = async (level: readonly Org[]) => {
      for (const org of level.slice(0, OPEN_AT_MOST)) {
        if (!org.hasChildren || !active) continue;
        const below = await loadOrgs({ pid: org.id }).catch(() => null);
        if (!below || !active) return;
        setRows((current) => withChildren(current, org.id, below));
        if (below.length) setExpandedKeys((keys) => (keys.includes(org.id) ? keys : [...keys, org.id]));
        if (org.inScope === false) await open(below);
      }
    };
    loadOrgs()
      .then(async (orgs) => {
        if (!active) return;
        setRows(orgs.map(toRow));
        setLoadingRoots(false);
        await open(orgs);
      })
      // Reported by the http client too; the kit table shows it in place with 重试.
      .catch((error: unknown) => active && setRootError(error instanceof Error ? error : new Error(String(error))))
      .finally(() => active && setLoadingRoots(false));
    return () => {
      active = false;
    };
  }, [loadOrgs]);

  const loadChildren = useCallback(
    async (id: number): Promise<Org[] | null> => {
      setLoadingIds((ids) => new Set(ids).add(id));
      try {
        const orgs = await loadOrgs({ pid: id });
        setRows((current) => withChildren(current, id, orgs));
        if (orgs.length === 0) setExpandedKeys((keys) => keys.filter((key) => key !== id));
        return orgs;
      } catch {
        return null; // Reported by the http client.
      } finally {
        setLoadingIds((ids) => {
          const next = new Set(ids);
          next.delete(id);
          return next;
        });
      }
    },
    [loadOrgs],
  );

  useImperativeHandle(
    ref,
    () => ({
      async reload(pid, options) {
        if (pid === null) {
          const orgs = await loadOrgs().catch(() => null);
          if (orgs) setRows((current) => withChildren(current, null, orgs));
          return;
        }
        if (!findRow(rowsRef.current, pid)) return;
        const orgs = await loadChildren(pid);
        if (options?.expand && orgs?.length) {
          setExpandedKeys((keys) => (keys.includes(pid) ? keys : [...keys, pid]));
        }
      },
    }),
    [loadOrgs, loadChildren],
  );

  /** 刷新 / 重试: the roots again, then every level that is open, keeping the branches the user opened. */
  const refresh = async () => {
    setLoadingRoots(true);
    try {
      const orgs = await loadOrgs();
      setRootError(null);
      setRows((current) => withChildren(current, null, orgs));
      const loaded: number[] = [];
      const walk = (level: OrgRow[] | undefined) => {
        for (const row of level ?? []) {
          if (row.loaded) loaded.push(row.id);
          walk(row.children);
        }
      };
      walk(rowsRef.current);
      for (const id of loaded) await loadChildren(id);
    } catch (error) {
      setRootError(error instanceof Error ? error : new Error(String(error)));
    } finally {
      setLoadingRoots(false);
    }
  };

  /**
   * Outside the caller's data scope (数据权限): shown greyed only as the path down to what is in it, never picked
   * nor acted on (the organisation screen gives it no actions).
   */
  const outside = (row: OrgRow) => row.inScope === false;
  const greyed = { color: token.colorTextDisabled };
  const expandable: TableProps<OrgRow>['expandable'] = {
    indentSize: 20,
    expandedRowKeys: expandedKeys,
    onExpand: (expanded, row) => {
      setExpandedKeys((keys) => (expanded ? [...keys, row.id] : keys.filter((key) => key !== row.id)));
      if (expanded && !row.loaded && row.hasChildren) void loadChildren(row.id);
    },
    expandIcon: ({ expanded, record, onExpand }) => {
      if (!record.hasChildren) return <span style={{ display: 'inline-block', width: 24 }} />;
      const loading = loadingIds.has(record.id);
      return (
        <Button
          type="text"
          size="small"
          aria-label={t(expanded ? 'org.collapse' : 'org.expand', { name: record.name })}
          aria-expanded={expanded}
          icon={loading ? <LoadingOutlined /> : expanded ? <DownOutlined /> : <RightOutlined />}
          onClick={(event) => {
            event.stopPropagation();
            onExpand(record, event);
          }}
        />
      );
    },
  };

  // The columns' keys are the fields' names, as the column settings saved them.
  const kitColumns: ListColumn<OrgRow>[] = [
    { ...column('name'), hideable: false },
    column('fullName'),
    { ...column('sort'), align: 'right' },
    {
      ...column('state'),
      render: (value: boolean) =>
        value ? <Tag color="success">{t('common.enabled')}</Tag> : <Tag>{t('common.disabled')}</Tag>,
    },
    column('leader'),
    column('phone'),
    { ...column('createTime'), render: (value: number) => formatDateTime(value) },
    column('orgCode'),
  ];
  if (renderActions) {
    kitColumns.push({
      title: t('org.colActions'),
      key: 'actions',
      align: 'center',
      width: actionsWidth,
      fixed: 'right',
      ellipsis: false,
      hideable: false,
      render: (_value, row) => renderActions(row, row.pid === null ? null : (findRow(rows, row.pid) ?? null)),
    });
  }
  return (
    <ListTable<OrgRow>
      table={kit.name}
      label={kit.label}
      columns={kitColumns}
      rowKey={orgId}
      rows={rows.length === 0 && (loadingRoots || rootError) ? undefined : rows}
      fetching={loadingRoots}
      error={rootError}
      onRefresh={refresh}
      emptyText={t('org.empty')}
      expandable={expandable}
      onRow={(row) => (outside(row) ? { style: greyed, title: t('scope.outside') } : {})}
      exporter={kit.exporter}
    />
  );
}
