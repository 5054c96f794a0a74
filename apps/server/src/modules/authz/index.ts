export { createAuthzRepository } from './authz.repository.js';
export { authzModule } from './authz.routes.js';
export { type Authz, covers, createAuthz, type Holding, VerificationRequired } from './authz.service.js';
export { type AccountsWithin, asDataScope, type Scope } from './data-scope.js';
export { createExplainService, type ExplainService } from './explain.service.js';
