import { describe, expect, it, vi } from 'vitest';
import { LOCALE_STORAGE_KEY } from '@/lib/i18n';
import { createPreferences, storedTheme, THEME_STORAGE_KEY } from './preferences';

/** A Storage stand-in: a Map with the two methods the store uses. */
function memoryStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    map,
  };
}

describe('preferences store', () => {
  it('defaults to zh-CN and no theme choice (the system scheme decides)', () => {
    const store = createPreferences({ storage: memoryStorage(), reload: vi.fn(), locale: 'zh-CN' });
    expect(store.getState()).toMatchObject({ locale: 'zh-CN', theme: null });
  });

  it('remembers the theme without a reload, and reads it back at the next start', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    const store = createPreferences({ storage, reload, locale: 'zh-CN' });
    store.getState().setTheme('dark');
    expect(store.getState().theme).toBe('dark');
    expect(storage.map.get(THEME_STORAGE_KEY)).toBe('dark');
    expect(reload).not.toHaveBeenCalled();
    expect(createPreferences({ storage, reload, locale: 'zh-CN' }).getState().theme).toBe('dark');
  });

  it('remembers a new language and reloads the page; choosing the current one does not reload', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    const store = createPreferences({ storage, reload, locale: 'zh-CN' });
    store.getState().setLocale('zh-CN');
    expect(reload).not.toHaveBeenCalled();
    store.getState().setLocale('en-US');
    expect(storage.map.get(LOCALE_STORAGE_KEY)).toBe('en-US');
    expect(store.getState().locale).toBe('en-US');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('ignores unknown values: stored garbage falls back, invalid choices are refused', () => {
    expect(storedTheme(memoryStorage({ [THEME_STORAGE_KEY]: 'purple' }))).toBeNull();
    expect(storedTheme(undefined)).toBeNull();
    const throwing = {
      getItem: () => {
        throw new Error('denied');
      },
    };
    expect(storedTheme(throwing)).toBeNull();
    const storage = memoryStorage({ [THEME_STORAGE_KEY]: 'purple' });
    const reload = vi.fn();
    const store = createPreferences({ storage, reload, locale: 'zh-CN' });
    expect(store.getState().theme).toBeNull();
    store.getState().setTheme('purple' as never);
    store.getState().setLocale('fr-FR' as never);
    expect(store.getState()).toMatchObject({ locale: 'zh-CN', theme: null });
    expect(reload).not.toHaveBeenCalled();
  });

  it('survives a storage that refuses writes', () => {
    const storage = {
      getItem: () => null,
      setItem: () => {
        throw new Error('quota');
      },
    };
    const store = createPreferences({ storage, reload: vi.fn(), locale: 'zh-CN' });
    store.getState().setTheme('dark');
    expect(store.getState().theme).toBe('dark');
  });
});
