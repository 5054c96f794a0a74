import { zhCN as core } from './zh-CN';
import { zhCNAuth } from './zh-CN.auth';
import { zhCNDicts } from './zh-CN.dicts';
import { zhCNFiles } from './zh-CN.files';
import { zhCNHome } from './zh-CN.home';
import { zhCNOrgs } from './zh-CN.orgs';
import { zhCNProfile } from './zh-CN.profile';
import { zhCNResources } from './zh-CN.resources';
import { zhCNRoles } from './zh-CN.roles';
import { zhCNVerify } from './zh-CN.verify';

/** The one zh-CN catalogue, assembled from one file per area so screens can grow without colliding. */
const catalogue = {
  ...core,
  ...zhCNOrgs,
  ...zhCNRoles,
  ...zhCNResources,
  ...zhCNDicts,
  ...zhCNProfile,
  ...zhCNVerify,
  ...zhCNAuth,
  ...zhCNFiles,
  ...zhCNHome,
};

export type MessageKey = keyof typeof catalogue;
export type MessageParams = Record<string, string | number>;

/** The one way to get a user-facing text: `t('account.totalCount', { count: 3 })` -> '共 3 条记录'. */
export function t(key: MessageKey, params?: MessageParams): string {
  const template: string = catalogue[key];
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}
