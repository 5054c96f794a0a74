import { routes } from '@gatehouse/contract';
import type { Config } from './config.js';
import {
  createAccountsRepository,
  createAccountsService,
  createAccountTransfer,
  postsInUse,
} from './modules/accounts/index.js';
import {
  createAuditRepository,
  createAuditService,
  createLogRetention,
  logRetentionJob,
} from './modules/audit/index.js';
import { createAuthService, createSessionsRepository, createTokenIssuer } from './modules/auth/index.js';
import { createAuthz, createAuthzRepository, createExplainService } from './modules/authz/index.js';
import { createConfigBundleService } from './modules/config-bundle/index.js';
import { createCrudService, createCrudTransfer, crudEntities, type InUseCheck } from './modules/crud/index.js';
import { createDictsService, createDictTransfer } from './modules/dicts/index.js';
import { createNonceStore, nonceExpiryJob } from './modules/envelope/index.js';
import { createFileStorage, createFilesRepository, createFilesService } from './modules/files/index.js';
import { createImportJobs, createImportsRepository, importPreviewPurgeJob } from './modules/imports/index.js';
import { createOrgsService, createOrgTransfer } from './modules/orgs/index.js';
import { createPreferencesService } from './modules/preferences/index.js';
import { createRegionsService } from './modules/regions/index.js';
import {
  createResourcesAdmin,
  createResourcesRepository,
  createResourcesService,
  toResource,
} from './modules/resources/index.js';
import { createRolesService } from './modules/roles/index.js';
import {
  createSecondFactorRepository,
  createSecondFactorService,
  secondFactorPurgeJob,
} from './modules/second-factor/index.js';
import { createOnlineRepository, createOnlineService } from './modules/sessions/index.js';
import type { SetupResult } from './modules/setup/index.js';
import {
  createSignInLogService,
  createSignInPolicy,
  createSignInRepository,
  signInGuardPurgeJob,
  unavailableAccount,
} from './modules/signin/index.js';
import { createStatsRepository, createStatsService } from './modules/stats/index.js';
import { createSystemRepository } from './modules/system/index.js';
import { createSystemParams, createSystemParamsRepository, liveView } from './modules/system-params/index.js';
import {
  createCredentialsService,
  createMessageQueue,
  createOutbox,
  createSmtpSender,
  createVerificationRepository,
  createVerificationService,
  messageQueueJob,
  verificationPurgeJob,
} from './modules/verification/index.js';
import type { Database } from './platform/db/database.js';
import type { Principal } from './platform/http.js';
import { t } from './platform/i18n.js';
import { deriveKey } from './platform/keys.js';
import type { Logger } from './platform/logger.js';
import { configurePasswordHashing, decoyPasswordHash } from './platform/passwords.js';
import { createScheduler } from './platform/scheduler.js';

export type Services = Awaited<ReturnType<typeof composeServices>>;

/**
 * The one place services are made and wired to each other (the composition root's other half: app.ts gives them
 * to the modules' plugins). Nothing here knows HTTP.
 */
export async function composeServices(config: Config, database: Database, setup: SetupResult, log: Logger) {
  const { db } = database;
  const accountsRepo = createAccountsRepository(db);
  // 系统参数: the configuration in effect (the environment's, with the screen's changes over it), refreshed on each
  // request (app.ts). Services given `live()` or a `liveView` read the values in effect at the moment they use them.
  const systemParams = createSystemParams({
    repo: createSystemParamsRepository(db),
    base: config,
    log,
    refuseReference: async (key, id) => {
      if (key === 'registrationOrgId')
        return (await accountsRepo.orgExists(id)) ? undefined : t('param.orgMissing', { id });
      const role = await accountsRepo.findRole(id);
      return role && role.builtin !== 1 ? undefined : t('param.roleUnusable', { id });
    },
  });
  await systemParams.refresh();
  const live = systemParams.current;
  const sessions = createSessionsRepository(db);
  const resources = createResourcesService(createResourcesRepository(db), {
    implicitMenus: !config.accessControl,
  });
  const regions = createRegionsService();
  // The dominance rule and sudo mode, in one place (modules/authz): the route binding and the services ask it.
  const authzRepo = createAuthzRepository(db);
  const authz = createAuthz(
    authzRepo,
    resources,
    liveView(() => ({
      sudoSeconds: live().sudoSeconds,
      sudoMaxSeconds: live().sudoMaxSeconds,
      sudoUsed: (sessionId: string) => sessions.markSudoUsed(sessionId, new Date().toISOString()),
    })),
  );
  /** Sudo mode: the session's owner just proved who they are (password, or a code to their own mobile / e-mail). */
  const identityVerified = (principal: Principal) =>
    sessions.markVerified(principal.sessionId, new Date().toISOString());
  const outbox = createOutbox(config.dataDir, log);
  const smtp = config.smtpUrl ? createSmtpSender(config.smtpUrl, config.mailFrom) : undefined;
  // Codes leave through the outbound queue; its background sender is the only caller of the outbox and SMTP.
  const messages = createMessageQueue({
    db,
    secret: setup.jwtSecret,
    senders: { sms: outbox, email: smtp ?? outbox },
    log,
  });
  const verificationRepo = createVerificationRepository(db);
  // Imports: previews and their outcomes, shared by every kind that imports.
  const importJobs = createImportJobs(createImportsRepository(db));
  const verification = createVerificationService({
    repo: verificationRepo,
    // Its own key, not the token key (platform/keys.ts).
    secret: deriveKey(setup.jwtSecret, 'verification-hmac'),
    limits: config.verification,
    queue: messages,
    captchaAnswers: config.captchaTestMode ? outbox : undefined,
    registrationEnabled: () => live().registration.enabled,
    identityVerified,
    // AccountsService spends this service's tokens, so it is made below: the sends reach it when they run.
    accounts: () => accounts,
  });
  const accounts = createAccountsService(
    db,
    (trx, accountIds, exceptSessionId) =>
      createSessionsRepository(trx).endAllOf(accountIds, new Date().toISOString(), exceptSessionId),
    regions.nameOf,
    authz,
    verification,
    resources.grantsOf,
    () => live().passwordPolicy,
  );
  configurePasswordHashing({ concurrency: config.signIn.hashConcurrency, queue: config.signIn.hashQueue });
  // Made before the first sign-in, so an unknown account's first attempt costs one verification like any other.
  await decoyPasswordHash();
  const signInRepo = createSignInRepository(db);
  const signInPolicy = createSignInPolicy({
    repo: signInRepo,
    limits: liveView(() => live().signIn),
    get loginCaptcha() {
      return live().loginCaptcha;
    },
    requireCaptcha: verification.requireCaptcha,
    findAccount: accountsRepo.findByNumber,
    findAccountById: accountsRepo.findById,
  });
  const auth = createAuthService({
    accounts,
    sessions,
    resources,
    authz,
    tokens: createTokenIssuer(setup.jwtSecret),
    options: {
      get tokenTtlSeconds() {
        return live().tokenTtlSeconds;
      },
      get sessionMaxAgeSeconds() {
        return live().sessionMaxAgeSeconds;
      },
      get maxSessionsPerAccount() {
        return live().sessionMaxPerAccount;
      },
      accessControl: config.accessControl,
      authenticate: signInPolicy.authenticate,
      // An account with a second factor gets a ticket for it instead of a session (made below).
      secondStep: (accountId) => secondFactor.beginSecondStep(accountId),
    },
  });
  const secondFactorRepo = createSecondFactorRepository(db);
  const secondFactor = createSecondFactorService({
    repo: secondFactorRepo,
    totpKey: deriveKey(setup.jwtSecret, 'totp-secret'),
    codeKey: deriveKey(setup.jwtSecret, 'verification-hmac'),
    issuer: config.webauthn.rpName,
    policy: signInPolicy,
    identityVerified,
    verificationToken: verification.factorToken,
    openSession: auth.signInAs,
    unavailable: unavailableAccount,
  });
  const credentials = createCredentialsService({
    verification,
    accounts,
    registration: liveView(() => live().registration),
    openSession: auth.completeSignIn,
    checkPassword: signInPolicy.checkPassword,
    identityVerified,
    pendingApproval: async (accountId) => (await accountsRepo.findById(accountId))?.pending_approval === 1,
    accountsWithin: (principal) => authz.accountsWithin(principal),
  });

  const auditRepo = createAuditRepository(db);
  const retention = createLogRetention({
    get days() {
      return live().audit.retentionDays;
    },
    purgeAudit: auditRepo.purgeBefore,
    purgeSignIns: signInRepo.purgeLogBefore,
  });
  const envelopeNonces = createNonceStore(db);
  // The background work each module declares in its *.jobs.ts, run by the one scheduler (one instance at a time on a
  // shared database, ADR 0039).
  const scheduler = createScheduler({
    db,
    log,
    jobs: [
      messageQueueJob(messages),
      verificationPurgeJob(verificationRepo),
      signInGuardPurgeJob(signInRepo),
      secondFactorPurgeJob(secondFactorRepo),
      importPreviewPurgeJob(importJobs),
      nonceExpiryJob(envelopeNonces),
      logRetentionJob(retention, log),
    ],
  });

  /** The delete checks of the generic entities, by entity name: the modules referring to their rows provide them. */
  const crudInUse: Readonly<Record<string, readonly InUseCheck[]>> = { post: [postsInUse] };
  /** The descriptor-served entities' services (contract cruds.ts), by entity name: their routes and the bundle's. */
  const crudServices = new Map(
    [...crudEntities.values()].map((target) => [
      target.entity.name,
      createCrudService(db, { ...target, inUse: crudInUse[target.entity.name] }),
    ]),
  );

  const orgs = createOrgsService(db, regions.nameOf);
  const roles = createRolesService(db, resources, authz.coveredRoleIds, authz.assertGrantableScope);
  const resourcesAdmin = createResourcesAdmin(db);
  const dicts = createDictsService(db);

  return {
    /** What GET /api/auth/options tells the web app before anybody signs in. */
    authOptions: {
      get loginCaptcha() {
        return live().loginCaptcha;
      },
      get registration() {
        return live().registration.enabled;
      },
      accessControl: config.accessControl,
      permissionInterceptor: config.permissionInterceptor,
      encryption: config.requestEncryption,
      verifyResendSeconds: config.verification.resendSeconds,
      get passwordMinLength() {
        return live().passwordPolicy.minLength;
      },
      get passwordClasses() {
        return live().passwordPolicy.classes;
      },
    },
    systemParams,
    accounts,
    auth,
    authz,
    verification,
    credentials,
    secondFactor,
    signInPolicy,
    signInLog: createSignInLogService(signInRepo, authz.accountsWithin),
    regions,
    orgs,
    roles,
    resourcesAdmin,
    dicts,
    // Written through each table's owner (orgs, roles, dicts, resourcesAdmin), on its one transaction.
    configBundle: createConfigBundleService({
      db,
      resources,
      authz,
      orgs,
      roles,
      dicts,
      resourcesAdmin,
      systemParams,
      entities: crudServices,
    }),
    stats: createStatsService(createStatsRepository(db), authz.accountsWithin),
    files: createFilesService(createFilesRepository(db), createFileStorage(config.fileStorage, config.dataDir), {
      mayAccess: (principal, owner) => authz.mayActOnOwnedBy(principal, owner),
      limits: liveView(() => live().uploads),
      log,
    }),
    online: createOnlineService(
      createOnlineRepository(db),
      auth.idleSince,
      authz.coveredRoleIds,
      authz.sessionRefusals,
      authz.accountsWithin,
    ),
    /** The audit trail's store (app.ts hands it to the auditTrail plugin). */
    auditRepo,
    audit: createAuditService(auditRepo, authz.accountsWithin),
    explain: createExplainService({
      repo: authzRepo,
      authz,
      resources,
      toResource,
      // The guard's own permission check first, as for a real session calling GET /account/s.
      firstAccountPage: async (principal, alsoWithin) => {
        await auth.authorize(principal, routes.listAccounts);
        return accounts.list({ p: 1, pageSize: 20 }, principal, alsoWithin);
      },
    }),
    preferences: createPreferencesService(db, database.dialect),
    importJobs,
    // An import creates and edits accounts: it asks the guard's own permission check for those routes too.
    accountTransfer: createAccountTransfer(
      db,
      authz,
      importJobs,
      (principal, route) => auth.authorize(principal, route),
      () => live().passwordPolicy,
    ),
    orgTransfer: createOrgTransfer(db, authz, importJobs, regions, (principal, route) =>
      auth.authorize(principal, route),
    ),
    dictTransfer: createDictTransfer(db, importJobs, (principal, route) => auth.authorize(principal, route)),
    // The descriptor-served entities (contract cruds.ts), one engine each, with the delete checks of the modules
    // whose rows refer to them (a post an account holds is not deleted).
    crudEngines: new Map(
      [...crudEntities.values()].map((target) => [
        target.entity.name,
        {
          service: crudServices.get(target.entity.name)!,
          transfer: createCrudTransfer(db, target, importJobs, (principal, route) => auth.authorize(principal, route)),
        },
      ]),
    ),
    envelopeNonces,
    system: createSystemRepository(db),
    messages,
    retention,
    /** The background work: the scheduler's jobs, then the sender's kicked deliveries, then the mail connection. */
    scheduler,
    jobs: {
      start: () => scheduler.start(),
      async stop() {
        await scheduler.stop();
        await messages.stop();
        smtp?.close();
      },
    },
  };
}
