import { routes } from '@gatehouse/contract';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MODULE_DEPENDENCIES, serve } from '../../platform/http.js';
import { noteAuditTarget } from '../audit/index.js';
import type { SignInPolicy } from '../signin/index.js';
import type { CredentialsService } from './credentials.service.js';
import type { VerificationService } from './verification.service.js';

export interface VerificationModuleOptions {
  verification: VerificationService;
  credentials: CredentialsService;
  signInPolicy: SignInPolicy;
}

const client = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

/**
 * Image captchas, SMS and e-mail codes, identity verification, password change, registration, SMS sign-in,
 * password recovery's account lookup.
 */
export const verificationModule = fp<VerificationModuleOptions>(
  async (app, { verification, credentials, signInPolicy }) => {
    serve(app, routes.imageCaptcha, ({ query, request }) => verification.createCaptcha(query, client(request)));
    serve(app, routes.validateImageCaptcha, ({ query }) => verification.validateCaptcha(query.id, query.userInput));
    serve(app, routes.sendSms, ({ body, principal, request }) =>
      verification.sendSms('common', body, principal, client(request)),
    );
    serve(app, routes.sendSmsRegister, ({ body, principal, request }) =>
      verification.sendSms('register', body, principal, client(request)),
    );
    serve(app, routes.sendSmsLogin, ({ body, principal, request }) =>
      verification.sendSms('login', body, principal, client(request)),
    );
    serve(app, routes.sendSmsReset, ({ body, principal, request }) =>
      verification.sendSms('reset', body, principal, client(request)),
    );
    serve(app, routes.validateSms, ({ query, principal }) =>
      verification.validateSms(query.id, query.userInput, principal),
    );
    serve(app, routes.sendEmailCode, ({ query, principal, request }) =>
      verification.sendEmail(query, principal, client(request)),
    );
    serve(app, routes.validateEmailCode, ({ query, principal }) =>
      verification.validateEmail(query.id, query.userInput, principal),
    );
    serve(app, routes.sendProfileMobileCode, ({ body, principal, request }) =>
      verification.sendBindCode('sms', body.mobile, principal, client(request)),
    );
    serve(app, routes.sendProfileEmailCode, ({ body, principal, request }) =>
      verification.sendBindCode('email', body.email, principal, client(request)),
    );
    serve(app, routes.validatePassword, ({ body, principal, request }) =>
      credentials.validatePassword(principal, body.password, client(request)),
    );
    serve(app, routes.changePassword, async ({ body, principal, request }) => {
      noteAuditTarget(request, 'account', await credentials.changePassword(principal, body));
      return null;
    });
    serve(app, routes.register, ({ body }) => credentials.register(body));
    // SMS sign-ins go to the sign-in log too: the mobile number and account come from the (unspent) token.
    serve(app, routes.smsLogin, async ({ body, request }) => {
      const row = await verification.peekToken(body.token).catch(() => undefined);
      return signInPolicy.smsSignIn(row?.recipient ?? null, row?.account_id ?? null, client(request), () =>
        credentials.smsLogin(body.token, client(request)),
      );
    });
    serve(app, routes.findUserByField, ({ query, principal }) => credentials.findByField(query, principal));
  },
  { name: 'gatehouse-verification', dependencies: MODULE_DEPENDENCIES },
);
