import { accountsTexts } from './modules/accounts/accounts.texts.js';
import { auditTexts } from './modules/audit/audit.texts.js';
import { authTexts } from './modules/auth/auth.texts.js';
import { authzTexts } from './modules/authz/authz.texts.js';
import { configBundleTexts } from './modules/config-bundle/config-bundle.texts.js';
import { crudTexts } from './modules/crud/crud.texts.js';
import { dictsTexts } from './modules/dicts/dicts.texts.js';
import { envelopeTexts } from './modules/envelope/envelope.texts.js';
import { filesTexts } from './modules/files/files.texts.js';
import { importsTexts } from './modules/imports/imports.texts.js';
import { orgsTexts } from './modules/orgs/orgs.texts.js';
import { preferencesTexts } from './modules/preferences/preferences.texts.js';
import { regionsTexts } from './modules/regions/regions.texts.js';
import { resourcesTexts } from './modules/resources/resources.texts.js';
import { rolesTexts } from './modules/roles/roles.texts.js';
import { secondFactorTexts } from './modules/second-factor/second-factor.texts.js';
import { sessionsTexts } from './modules/sessions/sessions.texts.js';
import { setupTexts } from './modules/setup/setup.texts.js';
import { signinTexts } from './modules/signin/signin.texts.js';
import { systemParamsTexts } from './modules/system-params/system-params.texts.js';
import { verificationTexts } from './modules/verification/verification.texts.js';
import { type Locale, mergeTexts, platformTexts, type Texts } from './platform/texts.js';

/**
 * Every texts file of the server: the platform's and each module's (`modules/<name>/<name>.texts.ts`), merged into one
 * catalogue per language that `platform/i18n.ts`'s `t()` reads. They are listed, not discovered: these static
 * imports are what types `MessageKey`, so `t()` refuses an unknown key at compile time (a glob has no type, ADR 0042).
 * `texts.test.ts` fails when a module's texts file is not listed here, when a key is defined twice, and when a file
 * holds a word its module does not raise.
 */
export const SERVER_TEXTS = [
  platformTexts,
  accountsTexts,
  auditTexts,
  authTexts,
  authzTexts,
  configBundleTexts,
  crudTexts,
  dictsTexts,
  envelopeTexts,
  filesTexts,
  importsTexts,
  orgsTexts,
  preferencesTexts,
  regionsTexts,
  resourcesTexts,
  rolesTexts,
  secondFactorTexts,
  sessionsTexts,
  setupTexts,
  signinTexts,
  systemParamsTexts,
  verificationTexts,
] as const;

type KeysOf<T> = T extends Texts ? keyof T['zh-CN'] : never;

/** Every text's key: `t('org.notFound')` type-checks, `t('org.nope')` does not. */
export type MessageKey = KeysOf<(typeof SERVER_TEXTS)[number]>;

/** The server's catalogues, one per language, every key in each (a key defined twice is refused at load). */
export const serverCatalogues = mergeTexts(SERVER_TEXTS) as Readonly<
  Record<Locale, Readonly<Record<MessageKey, string>>>
>;
