import { t } from '@/lib/i18n';

// Apart from auth-form.ts (the antd forms' rules): the sign-in page, which loads no antd, needs only this, and the
// rest stays out of its first load (docs/frontend-budgets.md).

/**
 * How a failed captcha or code check shows on its form field: the component's message under it, and the input
 * emptied (the image or attempt it was typed for is gone) unless nothing was checked.
 */
export function checkFailure<N extends string>(name: N, error: unknown): { name: N; errors: string[]; value?: string } {
  const message = error instanceof Error ? error.message : String(error);
  if (message === 'loading') return { name, errors: [t('auth.captchaLoading')] };
  // Nothing was checked: keep what is there (e.g. a code typed before pressing 获取验证码).
  if (message === t('auth.codeNotSent') || message === t('auth.captchaRequired')) return { name, errors: [message] };
  return { name, errors: [message], value: '' };
}
