import { enUS as enCore } from './en-US';
import { enUSAudit } from './en-US.audit';
import { enUSAuth } from './en-US.auth';
import { enUSDicts } from './en-US.dicts';
import { enUSFiles } from './en-US.files';
import { enUSHome } from './en-US.home';
import { enUSMenus } from './en-US.menus';
import { enUSOrgs } from './en-US.orgs';
import { enUSProfile } from './en-US.profile';
import { enUSResources } from './en-US.resources';
import { enUSRoles } from './en-US.roles';
import { enUSSessions } from './en-US.sessions';
import { enUSSigninLog } from './en-US.signinLog';
import { enUSVerify } from './en-US.verify';
import { type Locale, storedLocale } from './locale';
import { zhCN as core } from './zh-CN';
import { zhCNAudit } from './zh-CN.audit';
import { zhCNAuth } from './zh-CN.auth';
import { zhCNDicts } from './zh-CN.dicts';
import { zhCNFiles } from './zh-CN.files';
import { zhCNHome } from './zh-CN.home';
import { zhCNMenus } from './zh-CN.menus';
import { zhCNOrgs } from './zh-CN.orgs';
import { zhCNProfile } from './zh-CN.profile';
import { zhCNResources } from './zh-CN.resources';
import { zhCNRoles } from './zh-CN.roles';
import { zhCNSessions } from './zh-CN.sessions';
import { zhCNSigninLog } from './zh-CN.signinLog';
import { zhCNVerify } from './zh-CN.verify';

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

/** The zh-CN catalogue (the default), assembled from one file per area so screens can grow without colliding. */
const zhCatalogue = {
  ...core,
  ...zhCNMenus,
  ...zhCNOrgs,
  ...zhCNRoles,
  ...zhCNResources,
  ...zhCNDicts,
  ...zhCNProfile,
  ...zhCNVerify,
  ...zhCNAuth,
  ...zhCNFiles,
  ...zhCNHome,
  ...zhCNSessions,
  ...zhCNSigninLog,
  ...zhCNAudit,
};

export type MessageKey = keyof typeof zhCatalogue;
export type MessageParams = Record<string, string | number>;

/** The en-US catalogue: every area's file is checked against its zh-CN twin, and the whole against every key. */
const enCatalogue: Record<MessageKey, string> = {
  ...enCore,
  ...enUSMenus,
  ...enUSOrgs,
  ...enUSRoles,
  ...enUSResources,
  ...enUSDicts,
  ...enUSProfile,
  ...enUSVerify,
  ...enUSAuth,
  ...enUSFiles,
  ...enUSHome,
  ...enUSSessions,
  ...enUSSigninLog,
  ...enUSAudit,
};

export const catalogues: Readonly<Record<Locale, Readonly<Record<MessageKey, string>>>> = {
  'zh-CN': zhCatalogue,
  'en-US': enCatalogue,
};

/**
 * The language of this page load: the remembered choice, read once before anything renders. Changing it
 * reloads the page (stores/preferences.ts), since texts are looked up during render and in module constants.
 */
let active: Locale = storedLocale();

export const currentLocale = (): Locale => active;

/** For tests (and the page start): which catalogue `t()` reads. */
export function setTextLocale(locale: Locale): void {
  active = locale;
}

/** The one way to get a user-facing text: `t('account.totalCount', { count: 3 })` -> '共 3 条记录'. */
export function t(key: MessageKey, params?: MessageParams): string {
  const template: string = catalogues[active][key] ?? zhCatalogue[key];
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

const isMessageKey = (key: string): key is MessageKey => Object.hasOwn(zhCatalogue, key);

/** A contract menu's title in the current language (the contract's own title when the catalogue lacks it). */
export function menuTitle(menu: { path: string; title: string }): string {
  const key = `menu.${menu.path}`;
  return isMessageKey(key) ? t(key) : menu.title;
}

/** A value that differs by language, e.g. a form's label width (English labels run longer). */
export function byLocale<T>(values: Readonly<Record<Locale, T>>): T {
  return values[active];
}
