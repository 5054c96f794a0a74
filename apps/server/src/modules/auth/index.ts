export { authModule } from './auth.routes.js';
export { type AuthService, createAuthService } from './auth.service.js';
export { createGuard } from './guard.js';
export { createSessionsRepository } from './sessions.repository.js';
export { createTokenIssuer } from './tokens.js';
