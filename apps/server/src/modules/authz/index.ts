export { createAuthzRepository } from './authz.repository.js';
export { type Authz, covers, createAuthz, type Holding } from './authz.service.js';
