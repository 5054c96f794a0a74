import { accountRoutes, accountSelfRoutes } from './accounts.js';
import { auditRoutes } from './audit.js';
import { authRoutes } from './auth.js';
import { authzRoutes } from './authz.js';
import { configBundleRoutes } from './config-bundle.js';
import { crudRouteDefs } from './cruds.js';
import type { RouteDef } from './define.js';
import { dictBatchRoutes, dictImportRoutes, dictRoutes } from './dicts.js';
import { envelopeRoutes } from './envelope.js';
import { fileRoutes } from './files.js';
import { importRoutes } from './imports.js';
import { orgImportRoutes, orgRoutes, orgWriteRoutes } from './orgs.js';
import { preferenceRoutes } from './preferences.js';
import { regionRoutes } from './regions.js';
import { resourceRoutes } from './resources.js';
import { roleRoutes, roleWriteRoutes } from './roles.js';
import { secondFactorRoutes } from './second-factor.js';
import { sessionRoutes } from './sessions.js';
import { signInRoutes, signinLogRoutes } from './signin-log.js';
import { statsRoutes } from './stats.js';
import { systemParamRoutes } from './system-params.js';
import { verificationRoutes } from './verification.js';

export * from './accounts.entity.js';
export * from './accounts.js';
export * from './audit.js';
export * from './auth.js';
export * from './authz.js';
export * from './body-intake.js';
export * from './common.js';
export * from './config-bundle.js';
export * from './cruds.js';
export * from './define.js';
export * from './dicts.common.js';
export * from './dicts.entity.js';
export * from './dicts.js';
export * from './entities.js';
export * from './entity.js';
export * from './entity-crud.js';
export * from './envelope.js';
export * from './files.js';
export * from './hosts.js';
export * from './imports.js';
export * from './menus.js';
export * from './orgs.entity.js';
export * from './orgs.js';
export * from './password-policy.js';
export * from './posts.entity.js';
export * from './preferences.js';
export * from './regions.js';
export * from './resources.js';
export * from './roles.js';
export * from './second-factor.js';
export * from './sessions.js';
export * from './signin-log.js';
export * from './signin-log.words.js';
export * from './stats.js';
export * from './system-params.js';
export * from './verification.js';
export * from './words.js';

/** Every endpoint of the API, once. The server binds these, the web calls them, OpenAPI is built from them. */
export const routes = {
  ...authRoutes,
  ...accountRoutes,
  ...accountSelfRoutes,
  ...orgRoutes,
  ...orgWriteRoutes,
  ...orgImportRoutes,
  ...roleRoutes,
  ...roleWriteRoutes,
  ...resourceRoutes,
  ...dictRoutes,
  ...dictBatchRoutes,
  ...dictImportRoutes,
  ...verificationRoutes,
  ...secondFactorRoutes,
  ...fileRoutes,
  ...regionRoutes,
  ...statsRoutes,
  ...envelopeRoutes,
  ...sessionRoutes,
  ...signInRoutes,
  ...signinLogRoutes,
  ...auditRoutes,
  ...authzRoutes,
  ...preferenceRoutes,
  ...importRoutes,
  ...configBundleRoutes,
  ...systemParamRoutes,
  ...crudRouteDefs,
} satisfies Record<string, RouteDef>;

export type Routes = typeof routes;
export type RouteName = keyof Routes;

export const API_BASE = '/api';
/** Response header carrying a renewed token (specification §4). */
export const TOKEN_RENEWAL_HEADER = 'jwt-update-token';
/** Response header naming the caller's permission set version; when it changes the client reloads permissions. */
export const PERMISSION_STAMP_HEADER = 'x-permission-stamp';
