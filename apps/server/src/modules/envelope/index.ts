export { innerUrl, MAX_SKEW_MS } from './envelope.handler.js';
export { createNonceStore, type NonceStore } from './envelope.repository.js';
export { envelopeModule } from './envelope.routes.js';
