import { DEFAULT_PASSWORD_POLICY, type ResponseOf, routes, SMS_RESEND_SECONDS } from '@gatehouse/contract';
import { create } from 'zustand';
import { call } from '@/lib/http';

export type ServerOptions = ResponseOf<typeof routes.authOptions>;

/** What the app assumes when the server cannot be asked: every optional mode off (specification §9). */
export const DEFAULT_OPTIONS: ServerOptions = Object.freeze({
  loginCaptcha: true,
  registration: false,
  accessControl: false,
  permissionInterceptor: false,
  encryption: false,
  verifyResendSeconds: SMS_RESEND_SECONDS,
  passwordMinLength: DEFAULT_PASSWORD_POLICY.minLength,
  passwordClasses: DEFAULT_PASSWORD_POLICY.classes,
});

/** The password policy the server told (or the default until it answered): the forms judge a new password by it. */
export const passwordPolicy = () => {
  const { passwordMinLength, passwordClasses } = useServerOptions.getState().options;
  return { minLength: passwordMinLength, classes: passwordClasses };
};

interface ServerOptionsState {
  /** The server's answer, or DEFAULT_OPTIONS itself until one arrived (features/auth useAuthOptions starts from it). */
  options: ServerOptions;
  /** GET /auth/options once at start; on failure the defaults stay. */
  load(): Promise<ServerOptions>;
}

/** The server-wide switches (access control, permission interceptor, encryption, captcha, registration). */
export const useServerOptions = create<ServerOptionsState>()((set) => ({
  options: DEFAULT_OPTIONS,
  async load() {
    try {
      const options = await call(routes.authOptions, { quiet: true, cache: true });
      set({ options });
      return options;
    } catch {
      return DEFAULT_OPTIONS;
    }
  },
}));
