import type { IncomingMessage, ServerResponse } from 'node:http';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_BASE, type RouteName } from '@gatehouse/contract';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { TrustProxy } from '../config.js';
import { installJsonCompression } from './compress-json.js';
import { type Guard, HTTP_PLATFORM, installErrorHandling, installLocale, unservedRoutes } from './http.js';
import { installValidation } from './validation.js';

export interface HttpPlatformOptions {
  /** Who is calling and what they may call (modules/auth's guard). */
  guard: Guard;
  /** API_DOCS: the OpenAPI document and its UI at /api/docs. */
  apiDocs: boolean;
}

/**
 * What every route stands on: validation messages, the one error handler, the request's language, security and
 * cache headers, JSON compression, multipart parsing, the API docs, and `serve`'s route kit. Every module's plugin
 * depends on it (by name), so it is registered first; the server refuses to become ready while a contract route has
 * no handler.
 */
export const httpPlatform = fp<HttpPlatformOptions>(
  async (app, { guard, apiDocs }) => {
    installValidation(app);
    installErrorHandling(app);
    installLocale(app);
    app.decorate('routeKit', { guard, bound: new Set<RouteName>() });

    const headers = securityHeaders();
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
    // API answers are personal and current: never stored by browsers or proxies, unless a route says otherwise
    // (reference data, file bytes at their capability urls).
    app.addHook('onSend', async (request, reply) => {
      if (request.url.startsWith(`${API_BASE}/`) && !reply.hasHeader('cache-control')) {
        reply.header('cache-control', 'no-store');
      }
    });
    // Large JSON reads travel compressed (compress-json.ts); writes are left alone for the audit trail to read.
    installJsonCompression(app);
    // Multipart bodies are streamed by the upload handler, never buffered (limits are set per request).
    await app.register(multipart);
    // The OpenAPI document maps every route for anybody who asks: only with API_DOCS (off in production by default).
    // Registered before any route, so it sees them all.
    if (apiDocs) {
      await app.register(swagger, {
        openapi: {
          info: { title: 'Gatehouse API', version: '0.1.0', description: '由 packages/contract 生成的接口文档' },
          components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
        },
      });
      await app.register(swaggerUi, { routePrefix: `${API_BASE}/docs` });
    }
    app.addHook('onReady', async () => {
      const missing = unservedRoutes(app);
      if (missing.length) throw new Error(`contract routes without a handler: ${missing.join(', ')}`);
    });
  },
  { name: HTTP_PLATFORM, fastify: '5.x' },
);

/** helmet's options: a strict CSP (no inline script), no framing, no referrer. */
const HELMET_OPTIONS = {
  // antd injects its CSS-in-JS styles at run time.
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      scriptSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  referrerPolicy: { policy: 'no-referrer' as const },
};

/**
 * helmet's headers, computed once by running helmet's middleware against a response that only records them:
 * @fastify/helmet runs helmet afresh (parsing the CSP directives) on every request, a measurable share of a small
 * request's time. The headers do not depend on the request, so every answer gets the same ones; a route may still
 * replace one (file answers set their own CSP). No throw-away server and no `inject()`: light-my-request stays off
 * the production path (security-headers.test.ts).
 */
export function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  let done = false;
  // helmet's middleware is synchronous; `next` runs before the call returns.
  helmet(HELMET_OPTIONS)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
    done = true;
  });
  if (failure !== undefined) throw failure;
  if (!done) throw new Error('helmet did not finish synchronously');
  return headers;
}

/**
 * Fastify's trustProxy for TRUST_PROXY. A hop count becomes a function trusting that many hops from the server
 * (the connecting address first): Fastify itself treats a number as "trust nobody" (a hop count cannot tell a
 * proxy from a client connecting directly), so the README asks for hop counts only where nothing but the proxies
 * can reach the server, and for the proxies' addresses otherwise.
 */
export function trustProxyOption(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false) return false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return [...trust];
}
