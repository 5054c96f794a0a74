import type { Handlers } from '../../platform/http.js';
import { noteAuditTarget } from '../audit/index.js';
import type { CredentialsService } from './credentials.service.js';
import type { VerificationService } from './verification.service.js';

type VerificationRouteName =
  | 'imageCaptcha'
  | 'validateImageCaptcha'
  | 'sendSms'
  | 'sendSmsRegister'
  | 'sendSmsLogin'
  | 'sendSmsReset'
  | 'validateSms'
  | 'sendEmailCode'
  | 'validateEmailCode'
  | 'validatePassword'
  | 'changePassword'
  | 'register'
  | 'smsLogin'
  | 'findUserByField'
  | 'sendProfileMobileCode'
  | 'sendProfileEmailCode';

export function verificationHandlers(
  verification: VerificationService,
  credentials: CredentialsService,
): Pick<Handlers, VerificationRouteName> {
  const client = (request: { ip: string; headers: Record<string, unknown> }) => ({
    ip: request.ip,
    userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : undefined,
  });
  return {
    imageCaptcha: ({ query, request }) => verification.createCaptcha(query, client(request)),
    validateImageCaptcha: ({ query }) => verification.validateCaptcha(query.id, query.userInput),
    sendSms: ({ body, principal, request }) => verification.sendSms('common', body, principal, client(request)),
    sendSmsRegister: ({ body, principal, request }) =>
      verification.sendSms('register', body, principal, client(request)),
    sendSmsLogin: ({ body, principal, request }) => verification.sendSms('login', body, principal, client(request)),
    sendSmsReset: ({ body, principal, request }) => verification.sendSms('reset', body, principal, client(request)),
    validateSms: ({ query, principal }) => verification.validateSms(query.id, query.userInput, principal),
    sendEmailCode: ({ query, principal, request }) => verification.sendEmail(query, principal, client(request)),
    validateEmailCode: ({ query, principal }) => verification.validateEmail(query.id, query.userInput, principal),
    sendProfileMobileCode: ({ body, principal, request }) =>
      verification.sendBindCode('sms', body.mobile, principal, client(request)),
    sendProfileEmailCode: ({ body, principal, request }) =>
      verification.sendBindCode('email', body.email, principal, client(request)),
    validatePassword: ({ body, principal, request }) =>
      credentials.validatePassword(principal, body.password, client(request)),
    changePassword: async ({ body, principal, request }) => {
      noteAuditTarget(request, 'account', await credentials.changePassword(principal, body));
      return null;
    },
    register: ({ body }) => credentials.register(body),
    smsLogin: ({ body, request }) => credentials.smsLogin(body.token, client(request)),
    findUserByField: ({ query }) => credentials.findByField(query),
  };
}
