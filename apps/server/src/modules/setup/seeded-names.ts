import { catalogues, currentLocale, t } from '../../platform/i18n.js';

/**
 * The names the first start gives its rows (the root organisation, the super-admin role and its remark, the name of
 * `admin`) are the product's words, not an administrator's: stored in zh-CN, they are answered in the request's
 * language while a built-in row still holds its seeded text (docs/adr/0037). A renamed row is answered as stored.
 * Other modules import this file directly (not the setup index, which would close an import cycle through auth).
 */
const SEEDED = {
  rootOrg: 'seed.rootOrg',
  superAdminRole: 'seed.superAdminRole',
  superAdminRemark: 'seed.superAdminRemark',
  adminName: 'seed.adminName',
} as const;

export type SeededText = keyof typeof SEEDED;

/** The text the first start stores (zh-CN, whatever the language of the process). */
export const seededText = (which: SeededText): string => catalogues['zh-CN'][SEEDED[which]];

/** `stored` in the request's language when `builtin` says the row is the seeded one and it still holds `which`. */
function answered<T extends string | null>(which: SeededText, stored: T, builtin: boolean): T {
  if (!builtin || stored !== seededText(which) || currentLocale() === 'zh-CN') return stored;
  return t(SEEDED[which]) as T;
}

/** An organisation's name (or full name) as answered: the root's seeded 总公司 in the request's language. */
export const orgNameOf = <T extends string | null>(stored: T, pid: number | null): T =>
  answered('rootOrg', stored, pid === null);

/** A role's name as answered: the built-in role's seeded 超级管理员 in the request's language. */
export const roleNameOf = <T extends string | null>(stored: T, builtin: boolean | number): T =>
  answered('superAdminRole', stored, builtin === true || builtin === 1);

/** A role's remark as answered: the built-in role's seeded remark in the request's language. */
export const roleRemarkOf = <T extends string | null>(stored: T, builtin: boolean | number): T =>
  answered('superAdminRemark', stored, builtin === true || builtin === 1);

/** An account's name as answered: the built-in `admin`'s seeded 系统管理员 in the request's language. */
export const accountNameOf = <T extends string | null>(stored: T, builtin: boolean | number): T =>
  answered('adminName', stored, builtin === true || builtin === 1);

/**
 * A name a form sends back: the displayed seeded form of a row that still holds its seeded text keeps the stored
 * text, so saving an English form unchanged does not rename the row into English for everyone.
 */
export function storedNameOf(which: SeededText, submitted: string, stored: string, builtin: boolean): string {
  if (!builtin || stored !== seededText(which)) return submitted;
  const shown = Object.values(catalogues).map((catalogue) => catalogue[SEEDED[which]]);
  return shown.includes(submitted) ? stored : submitted;
}
