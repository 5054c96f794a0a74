import type { Handlers } from '../../platform/http.js';
import type { SignInPolicy } from './signin.policy.js';
import type { SignInLogService } from './signin-log.service.js';

export function signInHandlers(
  policy: SignInPolicy,
  log: SignInLogService,
): Pick<Handlers, 'loginCaptchaState' | 'listSigninLog' | 'exportSigninLog'> {
  return {
    loginCaptchaState: async ({ query }) => ({ required: await policy.captchaRequired(query.account) }),
    listSigninLog: ({ query }) => log.list(query),
    exportSigninLog: ({ query, reply }) => log.export(query, reply),
  };
}
