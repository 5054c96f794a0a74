import { routes } from '@gatehouse/contract';
import fp from 'fastify-plugin';
import { MODULE_DEPENDENCIES, serve } from '../../platform/http.js';
import { sendTable } from '../../platform/spreadsheet.js';
import type { SignInPolicy } from './signin.policy.js';
import type { SignInLogService } from './signin-log.service.js';

/** The sign-in page's captcha state and the sign-in log's screen. */
export const signInModule = fp<{ signInPolicy: SignInPolicy; signInLog: SignInLogService }>(
  async (app, { signInPolicy, signInLog }) => {
    serve(app, routes.loginCaptchaState, async ({ query }) => ({
      required: await signInPolicy.captchaRequired(query.account),
    }));
    serve(app, routes.listSigninLog, ({ query, principal }) => signInLog.list(query, principal));
    serve(app, routes.exportSigninLog, async ({ query, principal, reply }) =>
      sendTable(reply, await signInLog.export(query, principal)),
    );
  },
  { name: 'gatehouse-signin', dependencies: MODULE_DEPENDENCIES },
);
