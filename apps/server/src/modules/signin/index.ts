export { signInGuardPurgeJob } from './signin.jobs.js';
export { createSignInPolicy, type SignInPolicy, unavailableAccount } from './signin.policy.js';
export { createSignInRepository } from './signin.repository.js';
export { signInModule } from './signin.routes.js';
export { createSignInLogService, type SignInLogService } from './signin-log.service.js';
