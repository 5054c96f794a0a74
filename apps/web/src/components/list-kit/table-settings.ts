import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { t } from '@/lib/i18n';
import { usePreferenceStore } from './preference-store';

/** antd Table's sizes, offered as 宽松 / 中等 / 紧凑. */
export type Density = 'large' | 'middle' | 'small';
export const DENSITIES: readonly Density[] = ['large', 'middle', 'small'];
export const DEFAULT_DENSITY: Density = 'middle';

/** Where a column is pinned: kept in view at the table's left or right edge while it scrolls sideways. */
export type Pin = 'left' | 'right';

/** One column's settings: shown or hidden, and pinned or not. */
export interface ColumnSetting {
  key: string;
  hidden: boolean;
  fixed?: Pin;
}

/** A table's settings as stored under `table.<screen>`: the columns in their order, each shown or hidden, pinned. */
export interface TableSettings {
  columns: ColumnSetting[];
  density: Density;
}

/** The preference key of a table (`table.accounts`). */
export const tablePreferenceKey = (table: string) => `table.${table}`;

/**
 * Writes wait this long for the next change, so moving a column three places is one PUT. Not a timing the user
 * waits on: the change shows at once.
 */
const SAVE_DELAY_MS = 600;

/**
 * `stored` (any JSON from the server, perhaps written by an older version of the screen) fitted to today's columns:
 * unknown keys dropped, columns the stored order lacks (new ones) inserted where the screen declares them, shown unless
 * the screen hides them by default (`hiddenByDefault`, e.g. a rarely needed column the column settings can show).
 */
export function fitSettings(
  stored: unknown,
  columnKeys: readonly string[],
  hiddenByDefault: readonly string[] = [],
): TableSettings {
  const value = (typeof stored === 'object' && stored !== null ? stored : {}) as Partial<Record<string, unknown>>;
  const density = DENSITIES.includes(value.density as Density) ? (value.density as Density) : DEFAULT_DENSITY;
  const known = new Set(columnKeys);
  const seen = new Set<string>();
  const columns: TableSettings['columns'] = [];
  if (Array.isArray(value.columns)) {
    for (const entry of value.columns as unknown[]) {
      const key = (entry as { key?: unknown } | null)?.key;
      if (typeof key !== 'string' || !known.has(key) || seen.has(key)) continue;
      seen.add(key);
      const fixed = (entry as { fixed?: unknown }).fixed;
      columns.push({
        key,
        hidden: (entry as { hidden?: unknown }).hidden === true,
        ...(fixed === 'left' || fixed === 'right' ? { fixed } : {}),
      });
    }
  }
  columnKeys.forEach((key, declared) => {
    if (seen.has(key)) return;
    // After the declared column before it (or first), so a new column lands where the screen put it.
    const before = columnKeys
      .slice(0, declared)
      .reverse()
      .find((k) => seen.has(k));
    const at = before === undefined ? 0 : columns.findIndex((c) => c.key === before) + 1;
    columns.splice(at, 0, { key, hidden: hiddenByDefault.includes(key) });
    seen.add(key);
  });
  return { columns, density };
}

/**
 * A table's settings for the signed-in account: read once from the preference store (the table waits for them, so
 * the columns do not jump), changed at once on screen, saved a moment later. A save the server refuses (or that
 * never arrives) is said in a toast, and the screen keeps the settings the user chose.
 */
export function useTableSettings(
  table: string,
  columnKeys: readonly string[],
  hiddenByDefault: readonly string[] = [],
) {
  const store = usePreferenceStore();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const key = tablePreferenceKey(table);
  const stored = useQuery({
    queryKey: ['preferences', key],
    queryFn: ({ signal }) => store.load(key, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [chosen, setChosen] = useState<TableSettings | null>(null);
  const settings = chosen ?? fitSettings(stored.data, columnKeys, hiddenByDefault);

  const save = useMutation({
    mutationFn: (value: TableSettings) => store.save(key, value),
    onSuccess: (_answer, value) => queryClient.setQueryData(['preferences', key], value),
    onError: (error) =>
      message.error({
        content: t('list.settingsSaveFailed', { reason: error instanceof Error ? error.message : String(error) }),
        key: 'list.settingsSaveFailed',
      }),
  });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<TableSettings | null>(null);
  const mutate = save.mutate;
  const flush = useRef(() => {});
  flush.current = () => {
    clearTimeout(timer.current);
    if (pending.current) mutate(pending.current);
    pending.current = null;
  };
  // A change is not lost to the delay: leaving the screen, reloading or closing the tab (pagehide), or hiding it
  // (visibilitychange, the last event a mobile browser or a discarded tab is sure to fire) saves it at once. The
  // http client has no `keepalive` request, so a save started as the page unloads may still be cut short there.
  useEffect(() => {
    const saveNow = () => flush.current();
    const saveWhenHidden = () => {
      if (document.visibilityState === 'hidden') flush.current();
    };
    window.addEventListener('pagehide', saveNow);
    document.addEventListener('visibilitychange', saveWhenHidden);
    return () => {
      window.removeEventListener('pagehide', saveNow);
      document.removeEventListener('visibilitychange', saveWhenHidden);
      flush.current();
    };
  }, []);

  const change = (next: TableSettings) => {
    setChosen(next);
    pending.current = next;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => flush.current(), SAVE_DELAY_MS);
  };

  return {
    settings,
    /** The stored settings are in (or could not be read: the defaults then). */
    ready: !stored.isPending,
    setColumns: (columns: TableSettings['columns']) => change({ ...settings, columns }),
    setDensity: (density: Density) => change({ ...settings, density }),
    reset: () => change(fitSettings(null, columnKeys, hiddenByDefault)),
  };
}
