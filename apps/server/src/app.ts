import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import { discoverModulePlugins, type ModuleContext } from './module-plugins.js';
import { auditTrail } from './modules/audit/index.js';
import { createGuard } from './modules/auth/index.js';
import type { SetupResult } from './modules/setup/index.js';
import type { Database } from './platform/db/database.js';
import { httpPlatform, trustProxyOption } from './platform/http-platform.js';
import { createLogging } from './platform/logging.js';
import type { Job } from './platform/scheduler.js';
import { webAssets } from './platform/web-assets.js';
import { composeServices } from './services.js';

export interface App {
  fastify: FastifyInstance;
  setup: SetupResult;
  /** Delivers every queued message that is due now (the background sender does this by itself). */
  flushMessages(): Promise<void>;
  /** Deletes log rows past AUDIT_RETENTION_DAYS now (the scheduler does it at start and daily by itself). */
  pruneLogs(): Promise<{ audit: number; signIns: number }>;
  /** The background jobs the modules declared, which this server's scheduler runs (platform/scheduler.ts). */
  jobs: readonly Job[];
}

/**
 * The composition root: the server for a prepared database (modules/setup's prepareDatabase ran first). Services
 * are made in services.ts; each module is a plugin serving its contract routes, found in modules/ and given the
 * same ModuleContext. The order of the plugins is checked by their declared dependencies: the HTTP platform, then
 * the audit trail, then the modules, then the web.
 */
export async function buildApp(config: Config, database: Database, setup: SetupResult): Promise<App> {
  const logging = createLogging(config);
  const fastify = Fastify({
    logger: logging.options,
    // One line per request, written when the answer has gone (platform/logging.ts), instead of Fastify's two.
    logController: logging.controller,
    bodyLimit: 1024 * 1024,
    // TRUST_PROXY: request.ip is the forwarded address only through trusted proxies (every limit and log reads it).
    trustProxy: trustProxyOption(config.trustProxy),
  });
  const services = await composeServices(config, database, setup, fastify.log);

  await fastify.register(httpPlatform, { guard: createGuard(services.auth, services.authz), apiDocs: config.apiDocs });
  // 系统参数 changed on any instance are in effect here from the next request on (one read of their version). After
  // the platform's hooks: a database that is down answers 503 in the request's language, like any other call.
  fastify.addHook('onRequest', async (request) => {
    if (request.url.startsWith('/api/')) await services.systemParams.refresh();
  });
  await fastify.register(auditTrail, {
    repo: services.auditRepo,
    anonymousRefusalsPerMinute: config.audit.anonymousRefusalsPerMinute,
  });
  // Every module's plugin, found in modules/ (module-plugins.ts): a new module is served without a line here.
  const context: ModuleContext = { ...services, config, dialect: database.dialect };
  for (const { plugin } of await discoverModulePlugins()) await fastify.register(plugin, context);
  await fastify.register(webAssets, { webDist: config.webDist });

  await services.jobs.start();
  fastify.addHook('onClose', services.jobs.stop);
  // Registered after the other hooks so their last lines are still written.
  fastify.addHook('onClose', async () => logging.close());
  return {
    fastify,
    setup,
    flushMessages: services.messages.flush,
    pruneLogs: () => services.retention.prune(),
    jobs: services.scheduler.jobs,
  };
}
