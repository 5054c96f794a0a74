import { routes } from '@gatehouse/contract';
import fp from 'fastify-plugin';
import { MODULE_DEPENDENCIES, serve } from '../../platform/http.js';
import { envelope } from './envelope.handler.js';
import type { NonceStore } from './envelope.repository.js';

/** REQUEST_ENCRYPTION's envelope route: runs the wrapped call through the whole server again. */
export const envelopeModule = fp<{ config: { requestEncryption: boolean }; envelopeNonces: NonceStore }>(
  async (app, { config, envelopeNonces }) => {
    const options = { enabled: config.requestEncryption, nonces: envelopeNonces };
    serve(app, routes.envelope, ({ body, request, reply }) => envelope(app, options, body.data, request, reply));
  },
  { name: 'gatehouse-envelope', dependencies: MODULE_DEPENDENCIES },
);
