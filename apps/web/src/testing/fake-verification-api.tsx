import type { ReactNode } from 'react';
import { vi } from 'vitest';
import {
  type CaptchaImage,
  type VerificationApi,
  VerificationApiContext,
} from '@/components/verification/verification-api';
import { HttpError } from '@/lib/http';
import { TestProviders } from './TestProviders';

/** Test-only answers of the in-memory API. */
export const FAKE = {
  captchaAnswer: 'abcd',
  code: '123456',
  password: 'correct-password',
  passwordToken: 'password-token',
  wrongAnswer: '验证码错误',
  wrongPassword: '密码错误',
} as const;

const refuse = (message: string) => Promise.reject(new HttpError('bad-request', message, 400));

/**
 * An in-memory VerificationApi for component tests (jsdom has no server), every method a `vi.fn` so tests can
 * assert calls or override one (`api.loadCaptcha.mockReturnValueOnce(...)`). Captcha ids are one-shot like the
 * server's; the answers are in FAKE.
 */
export function createFakeVerificationApi() {
  let captchas = 0;
  let sends = 0;
  const unused = new Set<string>();
  const api = {
    loadCaptcha: vi.fn(async (_size: { width: number; height: number }): Promise<CaptchaImage> => {
      captchas += 1;
      const id = `captcha-${captchas}`;
      unused.add(id);
      return { id, content: `data:image/svg+xml,${encodeURIComponent(`<svg data-id="${id}"/>`)}` };
    }),
    checkCaptcha: vi.fn(async (id: string, input: string) => {
      const usable = unused.delete(id);
      if (!usable || input.toLowerCase() !== FAKE.captchaAnswer) return refuse(FAKE.wrongAnswer);
      return `captcha-token:${id}`;
    }),
    sendSms: vi.fn(async (_command: string, _mobile: string, _captchaToken?: string) => {
      sends += 1;
      return `sms-${sends}`;
    }),
    checkSms: vi.fn(async (id: string, input: string) =>
      input === FAKE.code ? `sms-token:${id}` : refuse(FAKE.wrongAnswer),
    ),
    sendEmail: vi.fn(async (_email: string, _captchaToken?: string) => {
      sends += 1;
      return `email-${sends}`;
    }),
    checkEmail: vi.fn(async (id: string, input: string) =>
      input === FAKE.code ? `email-token:${id}` : refuse(FAKE.wrongAnswer),
    ),
    checkPassword: vi.fn(async (password: string) =>
      password === FAKE.password ? FAKE.passwordToken : refuse(FAKE.wrongPassword),
    ),
  } satisfies VerificationApi;
  return api;
}

export type FakeVerificationApi = ReturnType<typeof createFakeVerificationApi>;

/** TestProviders plus the given API. */
export function VerificationTestProviders({ api, children }: { api: VerificationApi; children: ReactNode }) {
  return (
    <TestProviders>
      <VerificationApiContext value={api}>{children}</VerificationApiContext>
    </TestProviders>
  );
}
