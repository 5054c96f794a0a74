import { MOBILE_PATTERN, normaliseMobile, PASSWORD_MAX, passwordPolicyBreach } from '@gatehouse/contract';
import type { FormRule } from 'antd';
import type { RegisterBody } from '@/features/auth/api/auth.api';
import { t } from '@/lib/i18n';
import { passwordPolicy } from '@/stores/server-options';

const MOBILE_RE = new RegExp(MOBILE_PATTERN);

/** A mainland mobile number as the contract accepts it (optional +86 / 0086), after trimming. */
export const isMobile = (value: string | undefined | null): boolean => MOBILE_RE.test((value ?? '').trim());

export const mobileRules: FormRule[] = [
  { required: true, whitespace: true, message: t('auth.mobileRequired') },
  {
    validator: (_rule, value: string | undefined) =>
      !value?.trim() || isMobile(value) ? Promise.resolve() : Promise.reject(new Error(t('auth.mobileInvalid'))),
  },
];

/**
 * What the server's password policy refuses, checked before anything is spent (an SMS token, a captcha): the policy in
 * force as the server told it (length, kinds of characters; 系统参数), the account's own number. Empty is left to
 * `required`. Answers the message, or null when the password passes.
 */
export function passwordProblem(password: string | undefined | null, accountNumber?: string | null): string | null {
  if (!password) return null;
  const policy = passwordPolicy();
  const breach = passwordPolicyBreach(password, policy);
  if (breach === 'length') return t('auth.passwordLength', { min: policy.minLength, max: PASSWORD_MAX });
  if (breach === 'classes') return t('auth.passwordClasses', { classes: policy.classes });
  const account = accountNumber ? normaliseMobile(accountNumber) : '';
  if (account && password.toLowerCase() === account.toLowerCase()) return t('auth.passwordSameAsAccount');
  return null;
}

/** Rules of a new password; `accountNumber` reads the account the password is for (it may not equal it). */
export function newPasswordRules(accountNumber?: () => string | undefined | null): FormRule[] {
  return [
    { required: true, message: t('auth.passwordRequired') },
    {
      validator: (_rule, value: string | undefined) => {
        const problem = passwordProblem(value, accountNumber?.());
        return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
      },
    },
  ];
}

/** Rules of the repeated password: required, and equal to `passwordField` (give the item `dependencies`). */
export function confirmPasswordRules(passwordField: string): FormRule[] {
  return [
    { required: true, message: t('auth.confirmRequired') },
    ({ getFieldValue }) => ({
      validator: (_rule, value: string | undefined) =>
        !value || value === getFieldValue(passwordField)
          ? Promise.resolve()
          : Promise.reject(new Error(t('auth.passwordMismatch'))),
    }),
  ];
}

/**
 * A field whose errors are set by hand (e.g. the image captcha checked when a code is sent): this rule never
 * fails, but having a rule makes antd validate on change, which clears the hand-set error as the user types.
 */
export const clearsErrorOnChange: FormRule = { validator: () => Promise.resolve() };

export interface RegisterFormValues {
  mobile: string;
  captcha?: string;
  code?: string;
  name: string;
  company: string;
  password: string;
  confirm: string;
}

/** The registration body: the number without +86, the names trimmed, the SMS-validation token. */
export const toRegisterBody = (values: RegisterFormValues, token: string): RegisterBody => ({
  mobile: normaliseMobile(values.mobile),
  token,
  name: values.name.trim(),
  company: values.company.trim(),
  password: values.password,
});
