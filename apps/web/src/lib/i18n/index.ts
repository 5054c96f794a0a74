import { DEFAULT_LOCALE, type Locale, storedLocale } from './locale';
import { type MessageKey, zhCatalogue } from './zh-CN.catalogue';

export {
  DEFAULT_LOCALE,
  isLocale,
  LOCALE_NAMES,
  LOCALE_STORAGE_KEY,
  LOCALES,
  type Locale,
  safeLocalStorage,
  storedLocale,
} from './locale';
export { type MessageKey, zhCatalogue } from './zh-CN.catalogue';

export type MessageParams = Record<string, string | number>;

type Catalogue = Readonly<Record<MessageKey, string>>;

/** Each language's catalogue once fetched; zh-CN (the default) is always here. */
const catalogues: Partial<Record<Locale, Catalogue>> = { 'zh-CN': zhCatalogue };
/**
 * The contract routes' titles by route name, for the languages that have them: zh-CN pages show the names the
 * server stored (seeded from the contract's zh-CN titles), so only en-US has a table, fetched with its catalogue.
 */
const routeTitles: Partial<Record<Locale, Readonly<Record<string, string>>>> = {};

/** Fetches a language's catalogue (en-US is a chunk of its own, so zh-CN pages do not download it). */
async function loadCatalogue(locale: Locale): Promise<Catalogue> {
  const loaded = catalogues[locale];
  if (loaded) return loaded;
  const { enCatalogue, enRouteTitles } = await import('./en-US.catalogue');
  catalogues['en-US'] = enCatalogue;
  routeTitles['en-US'] = enRouteTitles;
  return enCatalogue;
}

/**
 * The language of this page load: the remembered choice, read once before anything renders. Changing it
 * reloads the page (stores/preferences.ts), since texts are looked up during render and in module constants.
 */
let active: Locale = storedLocale();

/**
 * Resolves once the page's catalogue is in: at once for zh-CN, after its chunk for en-US. main.tsx waits for it
 * before the router starts (so no screen module reads a text earlier); code that runs before it must not call
 * `t()` at module level (router.tsx reads its titles when they are shown). Should the chunk not arrive, the page
 * speaks the default language.
 */
export const textsReady: Promise<void> = loadCatalogue(active).then(
  () => undefined,
  () => {
    active = DEFAULT_LOCALE;
  },
);

export const currentLocale = (): Locale => active;

/** For tests: which catalogue `t()` reads (fetched first when needed). */
export async function setTextLocale(locale: Locale): Promise<void> {
  await loadCatalogue(locale);
  active = locale;
}

/** The one way to get a user-facing text: `t('list.total', { count: 3 })` -> '共 3 条记录'. */
export function t(key: MessageKey, params?: MessageParams): string {
  const template: string = catalogues[active]?.[key] ?? zhCatalogue[key];
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/**
 * The texts of a lazily loaded screen or dialog, in both languages, travelling in its chunk rather than in the
 * catalogue every page loads (the sign-in page included, docs/frontend-budgets.md): `const tx = screenTexts(zh, en)`
 * beside the screen, then `tx('key', params)` as `t`. The en-US table must name every zh-CN key (the compiler checks).
 */
export function screenTexts<K extends string>(
  zh: Readonly<Record<K, string>>,
  en: Readonly<Record<K, string>>,
): (key: K, params?: MessageParams) => string {
  return (key, params) => {
    const template = (active === 'en-US' ? en[key] : undefined) ?? zh[key];
    if (!params) return template;
    return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
      Object.hasOwn(params, name) ? String(params[name]) : whole,
    );
  };
}

const isMessageKey = (key: string): key is MessageKey => Object.hasOwn(zhCatalogue, key);

/**
 * A contract menu's title in the current language: the catalogue's, or the one the menu declares with its entity
 * (`label`), else the contract's own title.
 */
export function menuTitle(menu: { path: string; title: string; label?: Readonly<Record<Locale, string>> }): string {
  const key = `menu.${menu.path}`;
  if (isMessageKey(key)) return t(key);
  return menu.label?.[active] ?? menu.title;
}

/**
 * A contract route's title in the current language, by the route's name (e.g. 'updateAccount'); `stored` (the
 * zh-CN title the server keeps, e.g. an operation-log entry's) where the language has none.
 */
export function routeTitle(name: string, stored: string): string {
  const titles = routeTitles[active];
  return titles && Object.hasOwn(titles, name) ? (titles[name] as string) : stored;
}

/** A value that differs by language, e.g. a form's label width (English labels run longer). */
export function byLocale<T>(values: Readonly<Record<Locale, T>>): T {
  return values[active];
}
