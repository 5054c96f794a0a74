import { TreeSelect, theme } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { t } from '@/lib/i18n';
import type { Org, OrgPickerProps } from './org-types';

/** How many names a multiple picker shows as tags before summing up the rest (等 N 个). */
const ORG_PICKER_TAGS = 3;
/** How long typing rests before the server is asked (each key would otherwise be a request). */
const SEARCH_REST_MS = 250;
/** At most this many levels are opened by themselves (down to the value, or through the path to the data scope). */
const AUTO_OPEN_LIMIT = 30;

/** One node of the picker's tree (antd's simple mode: a flat list linked by pId). */
interface PickerNode {
  id: number;
  pId: number | null;
  value: number;
  /** What the field shows once picked (treeNodeLabelProp). */
  name: string;
  title: React.ReactNode;
  isLeaf: boolean;
  disabled: boolean;
}

/**
 * The organisation field: an inline tree select. The tree loads a level when it is opened, and opens by
 * itself down to the current value and through the path to the caller's data scope; typing searches the server by
 * name (routes.listOrgs `name`, the organisations in scope) and shows each hit with its path, one click to pick.
 * Organisations outside the caller's data scope are greyed, only the path; with `excludeSubtreeOf` that
 * organisation and what is below it cannot be picked.
 */
export function OrgTreeSelect(props: OrgPickerProps) {
  const { loadOrgs, excludeSubtreeOf, disabled, allowClear, placeholder, style, id } = props;
  const { token } = theme.useToken();
  // Every organisation loaded, by id; the ids whose children are loaded; the open ones; names of picked ones.
  const [orgs, setOrgs] = useState<ReadonlyMap<number, Org>>(new Map());
  const [loaded, setLoaded] = useState<ReadonlySet<number | 'roots'>>(new Set());
  const [expanded, setExpanded] = useState<readonly number[]>([]);
  const [names, setNames] = useState<ReadonlyMap<number, string>>(new Map());
  const [failed, setFailed] = useState(false);
  const [search, setSearch] = useState('');
  const [hits, setHits] = useState<readonly Org[] | null>(null);
  const opened = useRef(false);
  const searchTurn = useRef(0);
  const loadedRef = useRef(loaded);
  loadedRef.current = loaded;

  // Only state setters inside: the same function for every render.
  const remember = useCallback((found: readonly Org[]) => {
    setOrgs((current) => {
      const next = new Map(current);
      for (const org of found) next.set(org.id, org);
      return next;
    });
    setNames((current) => {
      const next = new Map(current);
      for (const org of found) next.set(org.id, org.name);
      return next;
    });
  }, []);

  /** The children of `pid` (the roots for null), once. */
  const loadLevel = async (pid: number | null): Promise<Org[]> => {
    const key = pid ?? 'roots';
    if (loadedRef.current.has(key)) return [];
    const found = await loadOrgs(pid === null ? undefined : { pid });
    remember(found);
    loadedRef.current = new Set(loadedRef.current).add(key);
    setLoaded(loadedRef.current);
    return found;
  };

  /** First open: the roots, then down to the value and through the path to the data scope. */
  const openTree = async () => {
    if (opened.current) return;
    opened.current = true;
    setFailed(false);
    try {
      const open: number[] = [];
      let budget = AUTO_OPEN_LIMIT;
      // Through the path: an organisation outside the scope is there only to lead to what is in it.
      let level = await loadLevel(null);
      while (budget > 0) {
        const path = level.filter((org) => org.inScope === false && org.hasChildren);
        if (path.length === 0) break;
        const below: Org[] = [];
        for (const org of path.slice(0, budget)) {
          budget -= 1;
          open.push(org.id);
          below.push(...(await loadLevel(org.id)));
        }
        level = below;
      }
      // Down to the value: its ancestors (the first one of several).
      const current = props.multiple ? props.value?.[0] : props.value;
      if (current != null) {
        const [org] = await loadOrgs({ id: current });
        for (const ancestor of budget > 0 ? (org?.ancestors ?? []).slice(-budget) : []) {
          await loadLevel(ancestor.id);
          open.push(ancestor.id);
        }
        if (org) remember([org]);
      }
      setExpanded((keys) => [...new Set([...keys, ...open])]);
    } catch {
      // Reported by the http client; the next open tries again.
      opened.current = false;
      setFailed(true);
    }
  };

  // A search asks the server once the typing rests; an answer to an older text is dropped.
  useEffect(() => {
    const text = search.trim();
    const turn = ++searchTurn.current;
    if (!text) {
      setHits(null);
      return;
    }
    const timer = setTimeout(() => {
      loadOrgs({ name: text.slice(0, 100) }).then(
        (found) => {
          if (turn !== searchTurn.current) return;
          remember(found);
          setHits(found);
        },
        () => turn === searchTurn.current && setHits([]),
      );
    }, SEARCH_REST_MS);
    return () => clearTimeout(timer);
  }, [search, loadOrgs, remember]);

  /** Inside the excluded subtree: the organisation itself, or one below it (by the loaded parents or the path). */
  const excluded = (org: Org) => {
    if (excludeSubtreeOf === undefined) return false;
    if (org.ancestors) return org.id === excludeSubtreeOf || org.ancestors.some((a) => a.id === excludeSubtreeOf);
    for (let at: Org | undefined = org; at; at = at.pid === null ? undefined : orgs.get(at.pid)) {
      if (at.id === excludeSubtreeOf) return true;
    }
    return false;
  };
  const outside = (org: Org) => org.inScope === false;
  const greyed = { color: token.colorTextDisabled };

  const node = (org: Org, hit: boolean): PickerNode => {
    const off = excluded(org) || outside(org);
    const path = hit ? (org.ancestors ?? []).map((a) => a.name).join(' / ') : '';
    return {
      id: org.id,
      pId: hit ? null : org.pid,
      value: org.id,
      name: org.name,
      title: (
        <span title={outside(org) ? t('scope.outside') : path ? `${path} / ${org.name}` : undefined}>
          {path && <span style={{ color: token.colorTextSecondary }}>{`${path} / `}</span>}
          <span style={off ? greyed : undefined}>{org.name}</span>
        </span>
      ),
      // An excluded organisation is not opened: nothing below it can be picked either.
      isLeaf: hit || !org.hasChildren || excluded(org),
      disabled: off,
    };
  };

  const treeData: PickerNode[] = hits
    ? hits.map((org) => node(org, true))
    : [...orgs.values()]
        .filter((org) => org.pid === null || loaded.has(org.pid))
        .filter((org) => org.pid !== null || loaded.has('roots'))
        .sort((a, b) => a.id - b.id)
        .map((org) => node(org, false));

  const searching = search.trim() !== '' && hits === null;
  const common = {
    id,
    disabled,
    allowClear,
    style: { width: '100%', ...style },
    placeholder: placeholder ?? t('common.pleaseSelect'),
    treeDataSimpleMode: true,
    treeData,
    treeNodeLabelProp: 'name',
    treeExpandedKeys: hits ? [] : [...expanded],
    onTreeExpand: (keys: React.Key[]) => setExpanded(keys.map(Number)),
    treeLoadedKeys: [...loaded].filter((key): key is number => key !== 'roots'),
    loadData: async ({ value }: { value?: React.Key }) => {
      await loadLevel(Number(value)).catch(() => undefined);
    },
    showSearch: {
      searchValue: search,
      onSearch: setSearch,
      filterTreeNode: false,
    },
    onOpenChange: (open: boolean) => {
      if (open) void openTree();
    },
    notFoundContent: searching
      ? t('org.pickerSearching')
      : search.trim()
        ? t('org.pickerNoMatch', { text: search.trim() })
        : failed
          ? t('org.pickerFailed')
          : loaded.has('roots')
            ? t('org.empty')
            : t('org.pickerLoading'),
    // A search form's field is narrow; the tree and the hits' paths need room.
    popupMatchSelectWidth: 360,
  } as const;

  if (props.multiple) {
    const ids = props.value ?? [];
    const nameOf = (key: number) => names.get(key) ?? props.labels?.[key] ?? String(key);
    return (
      <TreeSelect<Array<{ value: number; label?: React.ReactNode }>>
        {...common}
        treeCheckable
        treeCheckStrictly
        showCheckedStrategy={TreeSelect.SHOW_ALL}
        maxTagCount={ORG_PICKER_TAGS}
        maxTagPlaceholder={(omitted) => (
          <span title={omitted.map((item) => nameOf(Number(item.value))).join('、')}>
            {t('org.pickerMore', { count: ids.length - ORG_PICKER_TAGS })}
          </span>
        )}
        value={ids.map((key) => ({ value: key, label: nameOf(key) }))}
        onChange={(chosen) => props.onChange?.((chosen ?? []).map((item) => item.value))}
      />
    );
  }

  const value = props.value;
  return (
    <TreeSelect<{ value: number; label?: React.ReactNode } | undefined>
      {...common}
      labelInValue
      value={value == null ? undefined : { value, label: names.get(value) ?? props.label ?? String(value) }}
      onChange={(chosen) => {
        setSearch('');
        if (!chosen) {
          props.onChange?.(null, null);
          return;
        }
        props.onChange?.(chosen.value, orgs.get(chosen.value) ?? null);
      }}
    />
  );
}
