import { AsyncLocalStorage } from 'node:async_hooks';
import { type MessageKey, serverCatalogues } from '../texts.js';
import { LOCALES, type Locale } from './texts.js';

export { LOCALES, type Locale, type MessageKey };

/**
 * The server's user-facing texts, zh-CN (the default) and en-US. Every `msg` the API answers comes from here; the
 * words themselves live beside what raises them (`platform/texts.ts`, `modules/<name>/<name>.texts.ts`), merged by
 * `src/texts.ts`: this file's one import from above the platform, data only. The language is the request's
 * (`Accept-Language`, see locale.ts), zh-CN outside a request.
 */
export const DEFAULT_LOCALE: Locale = 'zh-CN';

export const catalogues: Readonly<Record<Locale, Readonly<Record<MessageKey, string>>>> = serverCatalogues;

/** The language of the request being served (set per request by installLocale); none outside a request. */
export const localeContext = new AsyncLocalStorage<Locale>();

export const currentLocale = (): Locale => localeContext.getStore() ?? DEFAULT_LOCALE;

/**
 * The best of our locales for an `Accept-Language` header: the first listed (by weight) whose language is
 * English picks en-US, Chinese picks zh-CN; nothing usable picks the default.
 */
export function pickLocale(header: string | string[] | undefined): Locale {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  const ranges = value
    .split(',')
    .map((part, index) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const q = rest.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim().toLowerCase(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((range) => range.tag !== '' && range.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of ranges) {
    if (tag === 'en' || tag.startsWith('en-')) return 'en-US';
    if (tag === 'zh' || tag.startsWith('zh-')) return 'zh-CN';
  }
  return DEFAULT_LOCALE;
}

/** A text in the current request's language (`locale` to override it). */
export function t(key: MessageKey, params: Record<string, string | number> = {}, locale = currentLocale()): string {
  return catalogues[locale][key].replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));
}
