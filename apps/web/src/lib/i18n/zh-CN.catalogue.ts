import { zhCN as core } from './zh-CN';
import { zhCNAccounts } from './zh-CN.accounts';
import { zhCNAuth } from './zh-CN.auth';
import { zhCNAuthz } from './zh-CN.authz';
import { zhCNDicts } from './zh-CN.dicts';
import { zhCNFiles } from './zh-CN.files';
import { zhCNHome } from './zh-CN.home';
import { zhCNList } from './zh-CN.list';
import { zhCNMenus } from './zh-CN.menus';
import { zhCNOrgs } from './zh-CN.orgs';
import { zhCNPalette } from './zh-CN.palette';
import { zhCNProfile } from './zh-CN.profile';
import { zhCNResources } from './zh-CN.resources';
import { zhCNRoles } from './zh-CN.roles';
import { zhCNSessions } from './zh-CN.sessions';
import { zhCNSigninLog } from './zh-CN.signinLog';
import { zhCNVerify } from './zh-CN.verify';

/**
 * The zh-CN catalogue (the default), assembled from one file per area so screens can grow without colliding.
 * Its keys are the MessageKey every other catalogue must fill. It sits apart from index.ts so that
 * en-US.catalogue.ts can name those keys without importing index.ts, which imports it lazily (no import cycle).
 */
export const zhCatalogue = {
  ...core,
  ...zhCNMenus,
  ...zhCNOrgs,
  ...zhCNAccounts,
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
  ...zhCNList,
  ...zhCNPalette,
  ...zhCNAuthz,
};

export type MessageKey = keyof typeof zhCatalogue;
