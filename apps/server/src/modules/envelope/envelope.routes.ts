import { routes } from '@gatehouse/contract';
import fp from 'fastify-plugin';
import { MODULE_DEPENDENCIES, serve } from '../../platform/http.js';
import { envelope } from './envelope.handler.js';
import type { NonceStore } from './envelope.repository.js';

/** REQUEST_ENCRYPTION's envelope route: runs the wrapped call through the whole server again. */
export const envelopeModule = fp<{ enabled: boolean; nonces: NonceStore }>(
  async (app, { enabled, nonces }) => {
    serve(app, routes.envelope, ({ body, request, reply }) =>
      envelope(app, { enabled, nonces }, body.data, request, reply),
    );
  },
  { name: 'gatehouse-envelope', dependencies: MODULE_DEPENDENCIES },
);
