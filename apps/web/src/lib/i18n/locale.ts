/** The languages the app speaks; zh-CN is the default (the product's language). */
export const LOCALES = ['zh-CN', 'en-US'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-CN';
/** Where the user's choice is remembered. */
export const LOCALE_STORAGE_KEY = 'gatehouse_locale';

export const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale);

/** The remembered choice, or the default when none (or something unknown) is stored. */
export function storedLocale(storage: Pick<Storage, 'getItem'> | undefined = safeLocalStorage()): Locale {
  try {
    const value = storage?.getItem(LOCALE_STORAGE_KEY);
    return isLocale(value) ? value : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

/** localStorage, or undefined where it is missing or refused (private modes, sandboxed frames). */
export function safeLocalStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/** Each language by its own name (an autonym reads the same in every catalogue, so it is not translated). */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = { 'zh-CN': '中文', 'en-US': 'English' };
