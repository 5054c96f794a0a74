import { routes } from '@gatehouse/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/harness.js';
import { auditTrail, createAuditRepository } from '../modules/audit/index.js';
import { type Guard, MODULE_DEPENDENCIES, serve } from './http.js';
import { httpPlatform } from './http-platform.js';

/** Lets everybody in: these tests are about the order of plugins, not about who may call. */
const openGuard: Guard = {
  authenticate: async () => {
    throw new Error('not used');
  },
  authorize: async () => {},
};

const healthModule = fp(
  async (app) => {
    serve(app, routes.health, async () => ({ status: 'ok' as const, database: 'sqlite' as const }));
  },
  { name: 'test-health', dependencies: MODULE_DEPENDENCIES },
);

/** A server with the HTTP platform and the audit trail (what every module depends on), on a throw-away database. */
async function withPlatform(run: (app: FastifyInstance) => Promise<void>): Promise<void> {
  const database = await openTestDatabase('sqlite');
  const app = Fastify();
  try {
    await app.register(httpPlatform, { guard: openGuard, apiDocs: false });
    await app.register(auditTrail, { repo: createAuditRepository(database.db), anonymousRefusalsPerMinute: 10 });
    await run(app);
  } finally {
    await app.close().catch(() => {});
    await database.dispose();
  }
}

describe('the HTTP platform and module plugins', () => {
  it('refuses to start while a contract route has no handler, naming it', async () => {
    await withPlatform(async (app) => {
      await app.register(healthModule);
      const error = await app.ready().then(
        () => undefined,
        (e: Error) => e,
      );
      expect(error?.message).toMatch(/contract routes without a handler: .*listAccounts/);
      expect(error?.message).not.toMatch(/\bhealth\b/);
    });
  });

  it('refuses a module registered before the audit trail (its declared dependency)', async () => {
    const app = Fastify();
    await app.register(httpPlatform, { guard: openGuard, apiDocs: false });
    const error = await app.register(healthModule).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(error?.message).toMatch(/gatehouse-audit-trail/);
    await app.close().catch(() => {});
  });

  it('refuses to serve one contract route twice, or a route that is not in the contract', async () => {
    await withPlatform(async (app) => {
      await app.register(healthModule);
      expect(() => serve(app, routes.health, async () => ({ status: 'ok' as const, database: 'sqlite' }))).toThrow(
        /health is served twice/,
      );
      expect(() =>
        serve(app, { ...routes.health }, async () => ({ status: 'ok' as const, database: 'sqlite' })),
      ).toThrow(/not a route of the contract/);
    });
  });

  it('types each handler’s inputs from its contract route (no casts at the call site)', async () => {
    await withPlatform(async (app) => {
      serve(app, routes.deleteDict, async ({ query }) => {
        const id: number = query.id;
        void id;
        // @ts-expect-error: deleteDict's query has no such field (tsc -b fails if the inputs were untyped)
        void query.dictCode;
        return null;
      });
      serve(app, routes.createDict, async ({ body }) => {
        // @ts-expect-error: the body's dictCode is a string, not a number
        const wrong: number = body.dictCode;
        void wrong;
        return { id: 1, dictName: body.dictName, dictCode: body.dictCode, remark: null };
      });
      expect([...app.routeKit.bound]).toEqual(['deleteDict', 'createDict']);
    });
  });
});
