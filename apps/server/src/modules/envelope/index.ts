export { innerUrl, MAX_SKEW_MS } from './envelope.handler.js';
export { nonceExpiryJob } from './envelope.jobs.js';
export { createNonceStore, type NonceStore } from './envelope.repository.js';
export { envelopeModule } from './envelope.routes.js';
