import { enUS as enCore } from './en-US';
import { enUSAccounts } from './en-US.accounts';
import { enUSAuth } from './en-US.auth';
import { enUSAuthz } from './en-US.authz';
import { enUSDicts } from './en-US.dicts';
import { enUSFiles } from './en-US.files';
import { enUSHome } from './en-US.home';
import { enUSList } from './en-US.list';
import { enUSMenus } from './en-US.menus';
import { enUSOrgs } from './en-US.orgs';
import { enUSPalette } from './en-US.palette';
import { enUSProfile } from './en-US.profile';
import { enUSResources, enUSRouteTitles } from './en-US.resources';
import { enUSRoles } from './en-US.roles';
import { enUSSessions } from './en-US.sessions';
import { enUSSigninLog } from './en-US.signinLog';
import { enUSVerify } from './en-US.verify';
import type { MessageKey } from './zh-CN.catalogue';

/**
 * The en-US catalogue: every area's file is checked against its zh-CN twin, and the whole against every key.
 * A chunk of its own, fetched only by pages that speak English (lib/i18n/index.ts).
 */
export const enCatalogue: Record<MessageKey, string> = {
  ...enCore,
  ...enUSMenus,
  ...enUSOrgs,
  ...enUSAccounts,
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
  ...enUSList,
  ...enUSPalette,
  ...enUSAuthz,
};

/** The contract routes' en-US titles (built-in API resources, operation-log entries), fetched with the catalogue. */
export const enRouteTitles: Readonly<Record<string, string>> = enUSRouteTitles;
