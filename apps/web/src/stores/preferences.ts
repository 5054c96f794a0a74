import { create } from 'zustand';
import { usePrefersDarkScheme } from '@/lib/a11y';
import { currentLocale, isLocale, LOCALE_STORAGE_KEY, type Locale, safeLocalStorage } from '@/lib/i18n';

export type Theme = 'light' | 'dark';
/** Where the theme choice is remembered (the locale's key lives with the catalogues: lib/i18n/locale.ts). */
export const THEME_STORAGE_KEY = 'gatehouse_theme';

const isTheme = (value: unknown): value is Theme => value === 'light' || value === 'dark';

/** The remembered theme, or null when the user has not chosen one (then the system's scheme decides). */
export function storedTheme(storage: Pick<Storage, 'getItem'> | undefined): Theme | null {
  try {
    const value = storage?.getItem(THEME_STORAGE_KEY);
    return isTheme(value) ? value : null;
  } catch {
    return null;
  }
}

export interface PreferencesState {
  /** The language of this page load (lib/i18n reads the same remembered choice before anything renders). */
  locale: Locale;
  /** The chosen theme; null until the user picks one. */
  theme: Theme | null;
  /** Remembers the language and reloads the page, so every text (render-time and module constants) follows. */
  setLocale(locale: Locale): void;
  /** Remembers the theme; the providers re-render with it, no reload. */
  setTheme(theme: Theme): void;
}

interface PreferencesDeps {
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined;
  reload: () => void;
  locale: Locale;
}

function remember(storage: PreferencesDeps['storage'], key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // A refused storage (private mode, quota) only loses the memory of the choice.
  }
}

/** The user's display preferences: language and theme, remembered in localStorage. */
export function createPreferences({ storage, reload, locale }: PreferencesDeps) {
  return create<PreferencesState>()((set, get) => ({
    locale,
    theme: storedTheme(storage),
    setLocale(next) {
      if (!isLocale(next)) return;
      remember(storage, LOCALE_STORAGE_KEY, next);
      if (next === get().locale) return;
      set({ locale: next });
      reload();
    },
    setTheme(next) {
      if (!isTheme(next)) return;
      remember(storage, THEME_STORAGE_KEY, next);
      set({ theme: next });
    },
  }));
}

export const usePreferences = createPreferences({
  storage: safeLocalStorage(),
  reload: () => window.location.reload(),
  locale: currentLocale(),
});

/** The theme in force: the user's choice, else the system's colour scheme. */
export function useEffectiveTheme(): Theme {
  const chosen = usePreferences((state) => state.theme);
  const prefersDark = usePrefersDarkScheme();
  return chosen ?? (prefersDark ? 'dark' : 'light');
}
