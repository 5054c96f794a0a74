import { Cascader } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { t } from '@/lib/i18n';

export interface RegionNode {
  id: number;
  pid: number | null;
  name: string;
  hasChildren: boolean;
}

export type RegionStep = { id: number; name: string };

/** Where the cascader gets regions: lazily by parent, by name, and the path of a stored id. */
export interface RegionSource {
  children(pid?: number): Promise<RegionNode[]>;
  search(keyword: string): Promise<Array<{ path: RegionStep[] }>>;
  pathOf(id: number): Promise<RegionStep[]>;
}

interface Option {
  value: number;
  label: string;
  isLeaf: boolean;
  children?: Option[];
}

export interface RegionCascaderProps {
  value?: number | null;
  onChange?: (id: number | null) => void;
  source: RegionSource;
  placeholder?: string;
  id?: string;
  'aria-label'?: string;
}

const toOption = (node: RegionNode): Option => ({ value: node.id, label: node.name, isLeaf: !node.hasChildren });

/** Puts the nodes of `path` into the option tree (creating the missing ones), answering a new tree. */
/**
 * A failed region request: the http client has already told the user (toast, or the sign-in page when the session
 * ended); the cascader keeps what it shows, and the rejection must not surface as an uncaught error.
 */
function ignoreFailure(_error: unknown): void {}

export function mergePath(options: Option[], path: RegionStep[], leafKnown = false): Option[] {
  if (path.length === 0) return options;
  const [head, ...rest] = path as [RegionStep, ...RegionStep[]];
  const index = options.findIndex((o) => o.value === head.id);
  const existing =
    index >= 0 ? options[index]! : { value: head.id, label: head.name, isLeaf: rest.length === 0 && leafKnown };
  const merged: Option = rest.length
    ? { ...existing, isLeaf: false, children: mergePath(existing.children ?? [], rest, leafKnown) }
    : existing;
  return index >= 0 ? options.map((o, i) => (i === index ? merged : o)) : [...options, merged];
}

/**
 * 所在地区 / 联系地址: province → city → district, loaded level by level, with a search that asks the server
 * (so places not yet opened are found), e.g. typing 吴中 offers 江苏省 / 苏州市 / 吴中区. The value is the chosen
 * region's code; any level may be chosen.
 */
export function RegionCascader({ value, onChange, source, placeholder, id, ...rest }: RegionCascaderProps) {
  const [options, setOptions] = useState<Option[]>([]);
  const [path, setPath] = useState<number[]>([]);
  const searchSeq = useRef(0);
  // Held so that a search hit with places below it opens them (上海市 → its districts) instead of closing the popup.
  const [open, setOpen] = useState(false);
  const [searchValue, setSearchValue] = useState('');

  useEffect(() => {
    let live = true;
    source.children().then((roots) => {
      if (live) setOptions((current) => roots.map(toOption).map((o) => current.find((c) => c.value === o.value) ?? o));
    }, ignoreFailure);
    return () => {
      live = false;
    };
  }, [source]);

  // A stored value: fetch its path so the cascader can show 江苏省 / 苏州市 / 吴中区.
  useEffect(() => {
    if (value == null) {
      setPath((current) => (current.length ? [] : current));
      return;
    }
    if (path[path.length - 1] === value) return;
    let live = true;
    source.pathOf(value).then((steps) => {
      if (!live) return;
      setOptions((current) => mergePath(current, steps));
      setPath(steps.map((s) => s.id));
    }, ignoreFailure);
    return () => {
      live = false;
    };
  }, [value, source, path]);

  const loadData = useCallback(
    async (selected: Option[]) => {
      const target = selected[selected.length - 1];
      if (!target) return;
      let children: Option[];
      try {
        children = (await source.children(target.value)).map(toOption);
      } catch (error) {
        ignoreFailure(error);
        return;
      }
      setOptions((current) => {
        const ids = selected.map((o) => ({ id: o.value, name: o.label }));
        const withPath = mergePath(current, ids);
        const attach = (list: Option[], depth: number): Option[] =>
          list.map((o) =>
            o.value !== ids[depth]!.id
              ? o
              : depth === ids.length - 1
                ? { ...o, isLeaf: children.length === 0, children }
                : { ...o, children: attach(o.children ?? [], depth + 1) },
          );
        return attach(withPath, 0);
      });
    },
    [source],
  );

  const onSearch = useCallback(
    (keyword: string) => {
      setSearchValue(keyword);
      const mine = ++searchSeq.current;
      if (!keyword.trim()) return;
      source.search(keyword.trim()).then((found) => {
        if (mine !== searchSeq.current) return;
        setOptions((current) => found.reduce((tree, hit) => mergePath(tree, hit.path, false), current));
      }, ignoreFailure);
    },
    [source],
  );

  const searchConfig = useMemo(
    () => ({
      filter: (input: string, chain: Option[]) => chain.some((o) => o.label.includes(input.trim())),
      limit: 50,
      onSearch,
    }),
    [onSearch],
  );

  return (
    <Cascader<Option>
      id={id}
      aria-label={rest['aria-label']}
      options={options}
      value={path.length ? path : undefined}
      loadData={loadData}
      changeOnSelect
      allowClear
      placeholder={placeholder ?? t('region.placeholder')}
      showSearch={searchConfig}
      displayRender={(labels) => labels.join(' / ')}
      notFoundContent={t('region.notFound')}
      open={open}
      onOpenChange={setOpen}
      searchValue={searchValue}
      onChange={(next, selected) => {
        const ids = (next ?? []) as number[];
        setPath(ids);
        onChange?.(ids.length ? ids[ids.length - 1]! : null);
        const chosen = (selected as Option[] | undefined)?.at(-1);
        if (!searchValue) return;
        setSearchValue('');
        // A search hit with places below it (上海市): the popup opens again at it with its children, as if it had been
        // reached level by level. A hit does not say whether it has any, so they are asked for first.
        if (chosen) {
          source.children(chosen.value).then((children) => {
            if (children.length === 0) return;
            void loadData(selected as Option[]);
            setOpen(true);
          }, ignoreFailure);
        }
      }}
      style={{ width: '100%' }}
    />
  );
}
