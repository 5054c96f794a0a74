export { createAuthzRepository } from './authz.repository.js';
export { type Authz, covers, createAuthz, type Holding, VerificationRequired } from './authz.service.js';
export { withVerificationHeader } from './verification-header.js';
