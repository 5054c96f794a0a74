import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_BASE } from '@gatehouse/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { sql } from 'kysely';
import type { Config, TrustProxy } from './config.js';
import { createAccountsRepository } from './modules/accounts/accounts.repository.js';
import { accountHandlers, createAccountsService } from './modules/accounts/index.js';
import { auditHandlers, createAuditService, createLogRetention, installAuditTrail } from './modules/audit/index.js';
import { authHandlers } from './modules/auth/auth.routes.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { createSessionsRepository } from './modules/auth/sessions.repository.js';
import { createTokenIssuer } from './modules/auth/tokens.js';
import { createAuthz, createAuthzRepository } from './modules/authz/index.js';
import { dictHandlers } from './modules/dicts/dicts.routes.js';
import { createDictsService } from './modules/dicts/dicts.service.js';
import { createNonceStore, envelope } from './modules/envelope/envelope.handler.js';
import { fileHandlers } from './modules/files/files.routes.js';
import { createFilesService } from './modules/files/files.service.js';
import { createDiskStorage } from './modules/files/storage.js';
import { orgHandlers } from './modules/orgs/orgs.routes.js';
import { createOrgsService } from './modules/orgs/orgs.service.js';
import { regionHandlers } from './modules/regions/regions.routes.js';
import { createRegionsService } from './modules/regions/regions.service.js';
import { createResourcesAdmin } from './modules/resources/resources.admin.js';
import { createResourcesRepository } from './modules/resources/resources.repository.js';
import { resourceHandlers } from './modules/resources/resources.routes.js';
import { createResourcesService } from './modules/resources/resources.service.js';
import { roleHandlers } from './modules/roles/roles.routes.js';
import { createRolesService } from './modules/roles/roles.service.js';
import { createOnlineRepository } from './modules/sessions/online.repository.js';
import { onlineHandlers } from './modules/sessions/online.routes.js';
import { createOnlineService } from './modules/sessions/online.service.js';
import { runSetup, type SetupResult } from './modules/setup/setup.service.js';
import { createSignInPolicy } from './modules/signin/signin.policy.js';
import { createSignInRepository } from './modules/signin/signin.repository.js';
import { signInHandlers } from './modules/signin/signin.routes.js';
import { createSignInLogService } from './modules/signin/signin-log.service.js';
import { createStatsService } from './modules/stats/stats.service.js';
import { createCredentialsService } from './modules/verification/credentials.service.js';
import { createMessageQueue } from './modules/verification/message-queue.js';
import { createOutbox, createSmtpSender } from './modules/verification/messaging.js';
import { createVerificationRepository } from './modules/verification/verification.repository.js';
import { verificationHandlers } from './modules/verification/verification.routes.js';
import { createVerificationService } from './modules/verification/verification.service.js';
import { installJsonCompression } from './platform/compress-json.js';
import type { Database } from './platform/db/database.js';
import { migrate } from './platform/db/migrations.js';
import { bindRoutes, type Handlers, installErrorHandling, installLocale, type Principal } from './platform/http.js';
import { t } from './platform/i18n.js';
import { deriveKey } from './platform/keys.js';
import { createLogging } from './platform/logging.js';
import { configurePasswordHashing, decoyPasswordHash } from './platform/passwords.js';
import { installValidation } from './platform/validation.js';

export interface App {
  fastify: FastifyInstance;
  setup: SetupResult;
  /** Delivers every queued message that is due now (the background sender does this by itself). */
  flushMessages(): Promise<void>;
  /** Deletes log rows past AUDIT_RETENTION_DAYS now (done at start and daily by itself). */
  pruneLogs(): Promise<{ audit: number; signIns: number }>;
}

/** Builds the whole server on an open database: migrations, first-start setup, every contract route. */
export async function buildApp(config: Config, database: Database): Promise<App> {
  const { db, dialect } = database;
  await migrate(db as never, dialect);
  const setup = await runSetup(db, dialect, { adminPassword: config.adminPassword, jwtSecret: config.jwtSecret });

  const logging = createLogging(config);
  const fastify = Fastify({
    logger: logging.options,
    // One line per request, written when the answer has gone (platform/logging.ts), instead of Fastify's two.
    logController: logging.controller,
    bodyLimit: 1024 * 1024,
    // TRUST_PROXY: request.ip is the X-Forwarded-For address only through trusted proxies; every per-client limit,
    // log line and recorded address reads request.ip.
    trustProxy: trustProxyOption(config.trustProxy),
  });
  installValidation(fastify);
  installErrorHandling(fastify);
  installLocale(fastify);

  const headers = securityHeaders();
  fastify.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  // API answers are personal and current: never stored by browsers or proxies, unless a route says otherwise
  // (reference data, file bytes at their capability urls).
  fastify.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith(`${API_BASE}/`) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });
  // Large JSON reads (the permission list of a large system) travel compressed (platform/compress-json.ts).
  installJsonCompression(fastify);
  // Multipart bodies are streamed by the upload handler, never buffered (limits are set per request).
  await fastify.register(multipart);
  // The OpenAPI document maps every route for anybody who asks: only with API_DOCS (off in production by default).
  if (config.apiDocs) {
    await fastify.register(swagger, {
      openapi: {
        info: { title: 'Gatehouse API', version: '0.1.0', description: '由 packages/contract 生成的接口文档' },
        components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
      },
    });
    await fastify.register(swaggerUi, { routePrefix: `${API_BASE}/docs` });
  }

  const sessions = createSessionsRepository(db);
  const resources = createResourcesService(createResourcesRepository(db), {
    implicitMenus: !config.accessControl,
  });
  const regions = createRegionsService();
  // The dominance rule and sudo mode, in one place (modules/authz): the route binding and the services ask it.
  const authz = createAuthz(createAuthzRepository(db), resources, { sudoSeconds: config.sudoSeconds });
  /** Sudo mode: the session's owner just proved who they are (password, or a code to their own mobile / e-mail). */
  const identityVerified = (principal: Principal) =>
    sessions.markVerified(principal.sessionId, new Date().toISOString());
  const outbox = createOutbox(config.dataDir, fastify.log);
  const smtp = config.smtpUrl ? createSmtpSender(config.smtpUrl, config.mailFrom) : undefined;
  // Codes leave through the outbound queue; its background sender is the only caller of the outbox and SMTP.
  const messages = createMessageQueue({
    db,
    secret: setup.jwtSecret,
    senders: { sms: outbox, email: smtp ?? outbox },
    log: fastify.log,
  });
  const verificationRepo = createVerificationRepository(db);
  const verification = createVerificationService({
    repo: verificationRepo,
    // Its own key, not the token key (platform/keys.ts).
    secret: deriveKey(setup.jwtSecret, 'verification-hmac'),
    limits: config.verification,
    queue: messages,
    captchaAnswers: config.captchaTestMode ? outbox : undefined,
    registrationEnabled: () => config.registration.enabled,
    identityVerified,
    ownContacts: async (accountId) => {
      const row = await db
        .selectFrom('account')
        .select(['contact_number', 'email'])
        .where('id', '=', accountId)
        .executeTakeFirst();
      return row && { contactNumber: row.contact_number, email: row.email };
    },
  });
  const accounts = createAccountsService(
    db,
    (trx, accountId) => createSessionsRepository(trx).endAllOf(accountId, new Date().toISOString()),
    regions.nameOf,
    authz,
    verification,
  );
  configurePasswordHashing({ concurrency: config.signIn.hashConcurrency, queue: config.signIn.hashQueue });
  // Made before the first sign-in, so an unknown account's first attempt costs one verification like any other.
  await decoyPasswordHash();
  const accountsRepo = createAccountsRepository(db);
  const signInRepo = createSignInRepository(db);
  const signInPolicy = createSignInPolicy({
    repo: signInRepo,
    limits: config.signIn,
    loginCaptcha: config.loginCaptcha,
    requireCaptcha: verification.requireCaptcha,
    findAccount: accountsRepo.findByNumber,
    findAccountById: accountsRepo.findById,
  });
  const auth = createAuthService({
    accounts: accountsRepo,
    sessions,
    resources,
    authz,
    tokens: createTokenIssuer(setup.jwtSecret),
    options: {
      tokenTtlSeconds: config.tokenTtlSeconds,
      sessionMaxAgeSeconds: config.sessionMaxAgeSeconds,
      maxSessionsPerAccount: config.sessionMaxPerAccount,
      accessControl: config.accessControl,
      authenticate: signInPolicy.authenticate,
    },
  });
  const credentials = createCredentialsService({
    db,
    verification,
    registration: config.registration,
    openSession: auth.signInAs,
    checkPassword: signInPolicy.checkPassword,
    identityVerified,
  });

  // Expired codes and tokens are dropped at start and hourly (rows of the last day still count for limits).
  const purge = () =>
    Promise.all([
      verificationRepo
        .purge(new Date(Date.now() - 2 * 86_400_000).toISOString(), new Date(Date.now() - 3600_000).toISOString())
        .catch((error: unknown) => fastify.log.warn({ err: error }, 'verification purge failed')),
      // Sign-in failure streaks end after a day without failures (the sign-in log itself is kept).
      signInRepo
        .purgeGuards(new Date(Date.now() - 86_400_000).toISOString(), new Date().toISOString())
        .catch((error: unknown) => fastify.log.warn({ err: error }, 'sign-in guard purge failed')),
    ]);
  await purge();
  const purgeTimer = setInterval(purge, 3600_000);
  purgeTimer.unref();
  messages.start();
  const retention = createLogRetention({
    db,
    days: config.audit.retentionDays,
    purgeSignIns: signInRepo.purgeLogBefore,
    log: fastify.log,
  });
  retention.start();
  fastify.addHook('onClose', async () => {
    clearInterval(purgeTimer);
    await Promise.all([messages.stop(), retention.stop()]);
    smtp?.close();
  });
  // Registered after the other hooks so their last lines are still written.
  fastify.addHook('onClose', async () => logging.close());

  const statsService = createStatsService(db);
  const envelopeNonces = createNonceStore(db);
  const handlers = {
    health: async () => {
      await sql`select 1`.execute(db);
      return { status: 'ok' as const, database: dialect };
    },
    ...authHandlers(auth, accounts),
    ...accountHandlers(accounts),
    ...orgHandlers(createOrgsService(db, regions.nameOf)),
    ...roleHandlers(createRolesService(db, resources, authz.coveredRoleIds)),
    ...resourceHandlers(createResourcesAdmin(db)),
    ...dictHandlers(createDictsService(db)),
    authOptions: async () => ({
      loginCaptcha: config.loginCaptcha,
      registration: config.registration.enabled,
      accessControl: config.accessControl,
      permissionInterceptor: config.permissionInterceptor,
      encryption: config.requestEncryption,
    }),
    envelope: ({ body, request, reply }) =>
      envelope(fastify, { enabled: config.requestEncryption, nonces: envelopeNonces }, body.data, request, reply),
    ...verificationHandlers(verification, credentials),
    // SMS sign-ins go to the sign-in log too: the mobile number and account come from the (unspent) token.
    smsLogin: async ({ body, request }) => {
      const client = { ip: request.ip, userAgent: request.headers['user-agent'] };
      const row = await verification.peekToken(body.token).catch(() => undefined);
      return signInPolicy.smsSignIn(row?.recipient ?? null, row?.account_id ?? null, client, () =>
        credentials.smsLogin(body.token, client),
      );
    },
    ...signInHandlers(signInPolicy, createSignInLogService(signInRepo)),
    ...regionHandlers(regions),
    overview: async () => statsService.overview(),
    ...fileHandlers(
      createFilesService(db, createDiskStorage(join(config.dataDir, 'files')), {
        mayAccess: (principal, owner) => authz.mayActOnOwnedBy(principal, owner),
        limits: config.uploads,
      }),
    ),
    ...onlineHandlers(createOnlineService(createOnlineRepository(db), auth.idleSince, authz.coveredRoleIds)),
    ...auditHandlers(createAuditService(db)),
  } satisfies Handlers;
  // Before the routes are bound: the audit trail wraps each write route as Fastify registers it (ADR 0010).
  installAuditTrail(fastify, db, { anonymousRefusalsPerMinute: config.audit.anonymousRefusalsPerMinute });
  bindRoutes(fastify, handlers, auth.guard);

  if (existsSync(config.webDist)) {
    // The web build ships .br/.gz twins of its text files (apps/web/scripts/compress.mjs), sent when the browser
    // accepts them. Hashed assets never change under their name: cached for a year; index.html is revalidated so
    // a new build is picked up at once (docs/frontend-budgets.md).
    await fastify.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (response, path) => {
        const hashed = /[\\/]assets[\\/][^\\/]+-[\w-]{8}\.[\w.]+$/.test(path);
        response.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  fastify.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith(`${API_BASE}/`) || !existsSync(config.webDist)) {
      return reply
        .status(404)
        .send({ code: 404, msg: t('http.notFound', { method: request.method, url: request.url }) });
    }
    // Hash routing: every page is index.html.
    return reply.sendFile('index.html');
  });

  return { fastify, setup, flushMessages: messages.flush, pruneLogs: retention.prune };
}

/**
 * Fastify's trustProxy for TRUST_PROXY. A hop count becomes a function trusting that many hops from the server
 * (the connecting address first): Fastify itself treats a number as "trust nobody" (a hop count cannot tell a
 * proxy from a client connecting directly), so the README asks for hop counts only where nothing but the proxies
 * can reach the server, and for the proxies' addresses otherwise.
 */
function trustProxyOption(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false) return false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return [...trust];
}

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
