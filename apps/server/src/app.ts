import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import { accountsModule } from './modules/accounts/index.js';
import { auditModule, auditTrail } from './modules/audit/index.js';
import { authModule, createGuard } from './modules/auth/index.js';
import { authzModule } from './modules/authz/index.js';
import { configBundleModule } from './modules/config-bundle/index.js';
import { dictsModule } from './modules/dicts/index.js';
import { envelopeModule } from './modules/envelope/index.js';
import { filesModule } from './modules/files/index.js';
import { importsModule } from './modules/imports/index.js';
import { orgsModule } from './modules/orgs/index.js';
import { preferencesModule } from './modules/preferences/index.js';
import { regionsModule } from './modules/regions/index.js';
import { resourcesModule } from './modules/resources/index.js';
import { rolesModule } from './modules/roles/index.js';
import { secondFactorModule } from './modules/second-factor/index.js';
import { sessionsModule } from './modules/sessions/index.js';
import type { SetupResult } from './modules/setup/index.js';
import { signInModule } from './modules/signin/index.js';
import { statsModule } from './modules/stats/index.js';
import { systemModule } from './modules/system/index.js';
import { systemParamsModule } from './modules/system-params/index.js';
import { verificationModule } from './modules/verification/index.js';
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
 * are made in services.ts; each module is a plugin serving its contract routes. The order of the plugins is
 * checked by their declared dependencies: the HTTP platform, then the audit trail, then the modules, then the web.
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
  await fastify.register(systemModule, { system: services.system, dialect: database.dialect });
  await fastify.register(authModule, { ...services, options: services.authOptions });
  await fastify.register(accountsModule, services);
  await fastify.register(orgsModule, services);
  await fastify.register(rolesModule, services);
  await fastify.register(authzModule, services);
  await fastify.register(resourcesModule, services);
  await fastify.register(dictsModule, services);
  await fastify.register(envelopeModule, { enabled: config.requestEncryption, nonces: services.envelopeNonces });
  await fastify.register(verificationModule, services);
  await fastify.register(secondFactorModule, { ...services, webauthn: config.webauthn });
  await fastify.register(signInModule, services);
  await fastify.register(regionsModule, services);
  await fastify.register(statsModule, services);
  await fastify.register(filesModule, services);
  await fastify.register(sessionsModule, services);
  await fastify.register(auditModule, services);
  await fastify.register(preferencesModule, services);
  await fastify.register(importsModule, services);
  await fastify.register(configBundleModule, services);
  await fastify.register(systemParamsModule, services);
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
