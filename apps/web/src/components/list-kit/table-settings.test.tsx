// The debounced save of a table's settings: nothing of a change is lost to the delay when the page goes away.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TestProviders } from '@/testing/TestProviders';
import { type PreferenceStore, PreferenceStoreContext } from './preference-store';
import { fitSettings, type TableSettings, useTableSettings } from './table-settings';

/** A store that keeps values in memory and records each save as it is sent. */
function memoryStore() {
  const saved: { key: string; value: unknown }[] = [];
  const store: PreferenceStore = {
    load: () => Promise.resolve(null),
    save: (key, value) => {
      saved.push({ key, value });
      return Promise.resolve(value);
    },
  };
  return { store, saved };
}

async function renderSettings() {
  const { store, saved } = memoryStore();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <TestProviders>
      <QueryClientProvider client={queryClient}>
        <PreferenceStoreContext.Provider value={store}>{children}</PreferenceStoreContext.Provider>
      </QueryClientProvider>
    </TestProviders>
  );
  const hook = renderHook(() => useTableSettings('accounts', ['a', 'b']), { wrapper });
  await waitFor(() => expect(hook.result.current.ready).toBe(true));
  // Only the save's delay is faked: the test decides when it has passed.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  return { ...hook, saved };
}

/** Lets the mutation started by a flush reach the store (it calls it after a few promise turns). */
const settle = () => act(async () => {});

/** Fires a page-lifecycle event and lets a save it starts reach the store. */
async function fire(target: Window | Document, type: 'pagehide' | 'visibilitychange') {
  act(() => {
    target.dispatchEvent(new Event(type));
  });
  await settle();
}

const setVisibility = (state: DocumentVisibilityState) =>
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });

const small: Partial<TableSettings> = { density: 'small' };

describe('useTableSettings saving', () => {
  afterEach(() => {
    vi.useRealTimers();
    setVisibility('visible');
  });

  it('saves once, the last value, when the delay has passed since the last change', async () => {
    const { result, saved } = await renderSettings();
    act(() => result.current.setDensity('large'));
    act(() => result.current.setDensity('small'));
    await settle();
    expect(saved).toEqual([]);
    act(() => vi.advanceTimersByTime(600));
    await settle();
    expect(saved).toEqual([{ key: 'table.accounts', value: expect.objectContaining(small) }]);
  });

  it('saves a pending change at once on pagehide (a reload or a closed tab within the delay)', async () => {
    const { result, saved } = await renderSettings();
    act(() => result.current.setDensity('small'));
    await fire(window, 'pagehide');
    expect(saved).toEqual([{ key: 'table.accounts', value: expect.objectContaining(small) }]);
    // The delay's own save does not follow: the change went out once.
    act(() => vi.advanceTimersByTime(1000));
    await settle();
    expect(saved).toHaveLength(1);
  });

  it('saves a pending change when the page is hidden, not when it becomes visible', async () => {
    const { result, saved } = await renderSettings();
    act(() => result.current.setDensity('small'));
    await fire(document, 'visibilitychange');
    expect(saved).toEqual([]);

    setVisibility('hidden');
    await fire(document, 'visibilitychange');
    expect(saved).toEqual([{ key: 'table.accounts', value: expect.objectContaining(small) }]);
  });

  it('saves a pending change when the screen is left (unmount)', async () => {
    const { result, saved, unmount } = await renderSettings();
    act(() =>
      result.current.setColumns([
        { key: 'b', hidden: false },
        { key: 'a', hidden: true },
      ]),
    );
    unmount();
    await settle();
    expect(saved).toEqual([
      {
        key: 'table.accounts',
        value: {
          density: 'middle',
          columns: [
            { key: 'b', hidden: false },
            { key: 'a', hidden: true },
          ],
        },
      },
    ]);
  });

  it('without a pending change, pagehide and unmount save nothing', async () => {
    const { saved, unmount } = await renderSettings();
    await fire(window, 'pagehide');
    unmount();
    await settle();
    expect(saved).toEqual([]);
  });
});

describe('fitSettings with columns hidden by default', () => {
  it('hides them until chosen, also when they are new to stored settings, and 恢复默认 hides them again', () => {
    expect(fitSettings(null, ['a', 'b', 'c'], ['b']).columns).toEqual([
      { key: 'a', hidden: false },
      { key: 'b', hidden: true },
      { key: 'c', hidden: false },
    ]);
    // Settings saved before the column existed: it arrives where declared, hidden.
    const older = {
      columns: [
        { key: 'c', hidden: false },
        { key: 'a', hidden: false },
      ],
    };
    expect(fitSettings(older, ['a', 'b', 'c'], ['b']).columns).toEqual([
      { key: 'c', hidden: false },
      { key: 'a', hidden: false },
      { key: 'b', hidden: true },
    ]);
    // Shown once the account chose it.
    const chosen = { columns: [{ key: 'b', hidden: false }] };
    expect(fitSettings(chosen, ['a', 'b'], ['b']).columns).toContainEqual({ key: 'b', hidden: false });
  });
});

describe('fitSettings with pinned columns', () => {
  it('keeps a column pinned left or right, and drops any other pin a stored value holds', () => {
    const fitted = fitSettings(
      {
        columns: [
          { key: 'a', hidden: false, fixed: 'left' },
          { key: 'b', hidden: false, fixed: 'top' },
          { key: 'c', hidden: true, fixed: 'right' },
        ],
      },
      ['a', 'b', 'c'],
    );
    expect(fitted.columns).toEqual([
      { key: 'a', hidden: false, fixed: 'left' },
      { key: 'b', hidden: false },
      { key: 'c', hidden: true, fixed: 'right' },
    ]);
  });
});
