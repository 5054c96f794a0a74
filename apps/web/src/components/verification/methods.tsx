import { KeyOutlined, LockOutlined, MailOutlined, MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { MOBILE_PATTERN, normaliseMobile, PASSWORD_MAX, TOTP_DIGITS } from '@gatehouse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormRule } from 'antd';
import { Alert, App, Button, Form, Input, Typography } from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import { t } from '@/lib/i18n';
import { useSession } from '@/stores/session';
import { type CodeHandle, CodeInput } from './CodeInput';
import { type CaptchaHandle, ImageCaptcha } from './ImageCaptcha';
import { maskEmail, maskMobile } from './mask';
import { sfx } from './second-factor-texts';
import { refusalMessage, type SmsCommand, useVerificationApi } from './verification-api';
import { isWebAuthnCancel, passkeyAssertion } from './webauthn';

export interface MethodProps {
  /** The SMS flavour of the mobile method. */
  command: SmsCommand;
  onSuccess(token: string): void;
}

const mobilePattern = new RegExp(MOBILE_PATTERN);

const messageOf = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : t('verify.checkFailed');

/**
 * Each method's check is a TanStack mutation: its `isPending` spins the button. One dialog shows one method at a
 * time, so a key per method is enough to ask the cache whether a check runs: it knows at once, before the re-render
 * a second submit could beat (antd's form validates first, so two quick clicks both reach the handler). `gcTime: 0`
 * keeps what was typed out of the cache once the form is gone.
 */
const checkKey = (method: string) => ['verification', method] as const;

function SubmitButton({ loading }: { loading: boolean }) {
  return (
    <Form.Item style={{ marginBottom: 0 }}>
      <Button type="primary" htmlType="submit" block loading={loading}>
        {t('verify.submit')}
      </Button>
    </Form.Item>
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Password

export function PasswordMethod({ onSuccess }: MethodProps) {
  const [form] = Form.useForm<{ password: string }>();
  const api = useVerificationApi();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const check = useMutation({
    mutationKey: checkKey('password'),
    gcTime: 0,
    mutationFn: (password: string) => api.checkPassword(password),
    onError: (error) => {
      form.resetFields();
      message.warning(refusalMessage(error) ?? t('verify.failed'));
    },
    onSuccess: (token) => onSuccess(token),
  });

  const submit = ({ password }: { password: string }) => {
    if (queryClient.isMutating({ mutationKey: checkKey('password') }) > 0) return;
    check.mutate(password);
  };

  const placeholder = t('verify.currentPasswordPlaceholder');
  return (
    <Form form={form} size="large" onFinish={submit} autoComplete="off">
      <Form.Item
        name="password"
        rules={[
          { required: true, message: t('verify.passwordRequired') },
          { min: 1, max: PASSWORD_MAX, message: t('verify.passwordInvalid') },
        ]}
      >
        <Input.Password
          autoFocus
          prefix={<LockOutlined />}
          placeholder={placeholder}
          aria-label={placeholder}
          autoComplete="current-password"
          maxLength={PASSWORD_MAX}
        />
      </Form.Item>
      <SubmitButton loading={check.isPending} />
    </Form>
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Image captcha

export function CaptchaMethod({ onSuccess }: MethodProps) {
  const [form] = Form.useForm<{ captcha: string }>();
  const captcha = useRef<CaptchaHandle>(null);
  const token = useRef<string | null>(null);
  const check = useMutation({
    mutationKey: checkKey('captcha'),
    gcTime: 0,
    mutationFn: (value: string | undefined) =>
      captcha.current?.check(value) ?? Promise.reject(new Error(t('verify.captchaLoading'))),
  });

  // captchaRule with the button spinning while the check runs; submitting runs it, typing does not. A refused
  // check is the field's error (onFinishFailed).
  const rule: FormRule = {
    validateTrigger: [],
    async validator(_rule, value: string | undefined) {
      token.current = await check.mutateAsync(value);
    },
  };

  const onFinish = () => {
    if (token.current) onSuccess(token.current);
  };

  // Unless the image was still loading, the answer was used up and a new image shows: type a new one.
  const onFinishFailed = ({ errorFields }: { errorFields: { errors: string[] }[] }) => {
    const errors = errorFields[0]?.errors ?? [];
    if (errors[0] !== t('verify.captchaLoading')) form.setFields([{ name: 'captcha', value: '', errors }]);
  };

  return (
    <Form form={form} size="large" onFinish={onFinish} onFinishFailed={onFinishFailed} autoComplete="off">
      <Form.Item name="captcha" validateTrigger={[]} rules={[rule]}>
        <ImageCaptcha ref={captcha} size="large" />
      </Form.Item>
      <SubmitButton loading={check.isPending} />
    </Form>
  );
}

// ---------------------------------------------------------------------------------------------------------------
// E-mail and mobile: an address, (without a session) an image captcha guarding the send, and the code

/**
 * Without a session every send needs a fresh image-captcha token (reference: forgot-password). The field is
 * not a form field: the form's submit must not check it, only the 获取验证码 button does.
 */
function useSendCaptcha(enabled: boolean) {
  const handle = useRef<CaptchaHandle>(null);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const placeholder = t('verify.sendCaptchaPlaceholder');

  const field = enabled ? (
    <Form.Item validateStatus={error ? 'error' : undefined} help={error ?? undefined}>
      <ImageCaptcha
        ref={handle}
        size="large"
        placeholder={placeholder}
        value={value}
        onChange={(next) => {
          setValue(next);
          setError(null);
        }}
      />
    </Form.Item>
  ) : null;

  /** undefined: no captcha needed; null: the check failed (the field shows why); else the token. */
  const obtain = async (): Promise<string | null | undefined> => {
    if (!enabled) return undefined;
    const current = handle.current;
    if (!current) return null;
    // Any check uses the answer up (a token is single-use, a wrong answer brings a new image): the next send
    // needs a newly typed one. Only a check refused while the image loads leaves the answer in place.
    try {
      const token = await current.check(value);
      setValue('');
      return token;
    } catch (failure) {
      const text = messageOf(failure);
      setError(text);
      if (text !== t('verify.captchaLoading')) setValue('');
      return null;
    }
  };

  return { field, obtain };
}

interface AddressMethodConfig {
  channel: 'sms' | 'email';
  icon: ReactNode;
  placeholder: string;
  requiredMessage: string;
  formatRule: FormRule;
  /** The signed-in account's address, when known: shown masked, and the input must match it. */
  known: string | null;
  knownLabel: string;
  mask(address: string): string;
  same(input: string, known: string): boolean;
  mismatchMessage: string;
  normalise(input: string): string;
  codeRules: FormRule[];
  send(address: string, captchaToken?: string): Promise<string>;
}

interface AddressValues {
  address: string;
  code: string;
}

function AddressMethod({
  config,
  signedIn,
  onSuccess,
}: { config: AddressMethodConfig; signedIn: boolean } & Pick<MethodProps, 'onSuccess'>) {
  const [form] = Form.useForm<AddressValues>();
  const code = useRef<CodeHandle>(null);
  const sendCaptcha = useSendCaptcha(!signedIn);
  const queryClient = useQueryClient();
  const { known } = config;

  const send = async (): Promise<string | null> => {
    try {
      await form.validateFields(['address']);
    } catch {
      return null;
    }
    const captchaToken = await sendCaptcha.obtain();
    if (captchaToken === null) return null;
    const address = config.normalise(form.getFieldValue('address') as string);
    return config.send(address, captchaToken);
  };

  const check = useMutation({
    mutationKey: checkKey(config.channel),
    gcTime: 0,
    mutationFn: (input: string) => code.current?.check(input) ?? Promise.reject(new Error(t('verify.codeNotSent'))),
    onError: (error) => form.setFields([{ name: 'code', errors: [messageOf(error)] }]),
    onSuccess: (token) => onSuccess(token),
  });

  const submit = ({ code: input }: AddressValues) => {
    if (!code.current || queryClient.isMutating({ mutationKey: checkKey(config.channel) }) > 0) return;
    check.mutate(input);
  };

  const addressRules: FormRule[] = [
    { required: true, whitespace: true, message: config.requiredMessage },
    config.formatRule,
  ];
  if (known) {
    addressRules.push({
      validator: async (_rule, value: string | undefined) => {
        if (value?.trim() && !config.same(config.normalise(value), known)) throw new Error(config.mismatchMessage);
      },
    });
  }

  return (
    <Form form={form} size="large" onFinish={submit} autoComplete="off">
      {known && (
        <Typography.Paragraph style={{ marginBottom: 12 }}>
          {config.knownLabel}
          {config.mask(known)}
        </Typography.Paragraph>
      )}
      <Form.Item name="address" validateFirst rules={addressRules}>
        <Input autoFocus prefix={config.icon} placeholder={config.placeholder} aria-label={config.placeholder} />
      </Form.Item>
      {sendCaptcha.field}
      <Form.Item name="code" validateFirst rules={config.codeRules}>
        <CodeInput ref={code} channel={config.channel} send={send} size="large" />
      </Form.Item>
      <SubmitButton loading={check.isPending} />
    </Form>
  );
}

/** The session's account, and whether there is a session at all (forgot-password has none). */
function useAccount() {
  const signedIn = useSession((state) => state.token !== null);
  const user = useSession((state) => state.user);
  return { signedIn, user };
}

export function EmailMethod({ onSuccess }: MethodProps) {
  const api = useVerificationApi();
  const { signedIn, user } = useAccount();
  if (signedIn && user && !user.email) return <Alert type="info" showIcon title={t('verify.noEmail')} />;
  const config: AddressMethodConfig = {
    channel: 'email',
    icon: <MailOutlined />,
    placeholder: t('verify.emailPlaceholder'),
    requiredMessage: t('verify.emailRequired'),
    formatRule: { type: 'email', transform: (value?: string) => value?.trim(), message: t('verify.emailFormat') },
    known: signedIn ? (user?.email ?? null) : null,
    knownLabel: t('verify.securityEmail'),
    mask: maskEmail,
    same: (input, known) => input.toLowerCase() === known.trim().toLowerCase(),
    mismatchMessage: t('verify.emailMismatch'),
    normalise: (input) => input.trim(),
    codeRules: [
      { required: true, whitespace: true, message: t('verify.codeRequired') },
      { min: 4, max: 6, message: t('verify.codeLength') },
    ],
    send: (email, captchaToken) => api.sendEmail(email, captchaToken),
  };
  return <AddressMethod config={config} signedIn={signedIn} onSuccess={onSuccess} />;
}

export function MobileMethod({ command, onSuccess }: MethodProps) {
  const api = useVerificationApi();
  const { signedIn, user } = useAccount();
  // A 手机号码 that is no mobile number (e.g. a landline) cannot receive a code either.
  const bound = user?.contactNumber && mobilePattern.test(user.contactNumber.trim()) ? user.contactNumber : null;
  if (signedIn && user && !bound) return <Alert type="info" showIcon title={t('verify.noMobile')} />;
  const config: AddressMethodConfig = {
    channel: 'sms',
    icon: <MobileOutlined />,
    placeholder: t('verify.mobilePlaceholder'),
    requiredMessage: t('verify.mobileRequired'),
    formatRule: {
      validator: async (_rule, value: string | undefined) => {
        if (value?.trim() && !mobilePattern.test(value.trim())) throw new Error(t('verify.mobileFormat'));
      },
    },
    known: signedIn ? bound : null,
    knownLabel: t('verify.boundMobile'),
    mask: maskMobile,
    same: (input, known) => input === normaliseMobile(known),
    mismatchMessage: t('verify.mobileMismatch'),
    normalise: normaliseMobile,
    codeRules: [{ required: true, whitespace: true, message: t('verify.captchaRequired') }],
    send: (mobile, captchaToken) => api.sendSms(command, mobile, captchaToken),
  };
  return <AddressMethod config={config} signedIn={signedIn} onSuccess={onSuccess} />;
}

// ---------------------------------------------------------------------------------------------------------------
// Second factors: offered only when the signed-in account holds them (IdentityDialog asks)

const totpPattern = new RegExp(`^\\d{${TOTP_DIGITS}}$`);

/** What an authenticator code field keeps of its input: the digits, at most TOTP_DIGITS of them. */
const totpDigits = (value: string | undefined): string => (value ?? '').replace(/\D/g, '').slice(0, TOTP_DIGITS);

/** 身份验证器: the app's current code, checked by the server (each code works once). */
export function TotpMethod({ onSuccess }: MethodProps) {
  const [form] = Form.useForm<{ code: string }>();
  const api = useVerificationApi();
  const queryClient = useQueryClient();
  /**
   * A code was accepted: nothing more is sent. The sixth digit sends the code at once, and an Enter or a click typed
   * with it submits too, after the form's validation, which a quick answer may have outrun.
   */
  const verified = useRef(false);
  const check = useMutation({
    mutationKey: checkKey('totp'),
    gcTime: 0,
    mutationFn: (code: string) =>
      api.checkTotp ? api.checkTotp(code) : Promise.reject(new Error(t('verify.checkFailed'))),
    // A wrong or used code: the server's words under the field, which is emptied for the next code.
    onError: (error) =>
      form.setFields([{ name: 'code', value: '', errors: [refusalMessage(error) ?? t('verify.checkFailed')] }]),
    onSuccess: (token) => {
      verified.current = true;
      onSuccess(token);
    },
  });

  const submit = ({ code }: { code: string }) => {
    if (verified.current || queryClient.isMutating({ mutationKey: checkKey('totp') }) > 0) return;
    check.mutate(code.trim());
  };

  const placeholder = sfx('totpPlaceholder');
  return (
    <Form form={form} size="large" onFinish={submit} autoComplete="off">
      <Typography.Paragraph type="secondary">{sfx('totpHint')}</Typography.Paragraph>
      <Form.Item
        name="code"
        validateFirst
        // Digits only (a pasted "123 456" too), as on the sign-in page's second step.
        normalize={totpDigits}
        rules={[
          { required: true, whitespace: true, message: sfx('totpRequired') },
          { pattern: totpPattern, transform: (value?: string) => value?.trim(), message: sfx('totpFormat') },
        ]}
      >
        <Input
          autoFocus
          prefix={<SafetyOutlined />}
          placeholder={placeholder}
          aria-label={placeholder}
          inputMode="numeric"
          autoComplete="one-time-code"
          // The sixth digit sends the code (the sign-in page's second step does the same); Enter still submits.
          onChange={(event) => {
            const digits = totpDigits(event.target.value);
            if (digits.length === TOTP_DIGITS) submit({ code: digits });
          }}
        />
      </Form.Item>
      <SubmitButton loading={check.isPending} />
    </Form>
  );
}

/**
 * 通行密钥: the server's challenge, the browser's passkey prompt, the server's check. Closing the prompt is said
 * quietly (已取消); the user may try again or pick another method.
 */
export function PasskeyMethod({ onSuccess }: MethodProps) {
  const api = useVerificationApi();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const check = useMutation({
    mutationKey: checkKey('passkey'),
    gcTime: 0,
    mutationFn: async () => {
      const { passkeyChallenge, checkPasskey } = api;
      if (!passkeyChallenge || !checkPasskey) throw new Error(sfx('passkeyFailed'));
      const { challengeId, options } = await passkeyChallenge();
      return checkPasskey(challengeId, await passkeyAssertion(options));
    },
    onError: (error) => {
      if (isWebAuthnCancel(error)) void message.info({ content: sfx('cancelled'), key: 'verify.passkey' });
      else void message.warning({ content: refusalMessage(error) ?? sfx('passkeyFailed'), key: 'verify.passkey' });
    },
    onSuccess: (token) => onSuccess(token),
  });

  const start = () => {
    if (queryClient.isMutating({ mutationKey: checkKey('passkey') }) > 0) return;
    check.mutate();
  };

  return (
    <>
      <Typography.Paragraph type="secondary">{sfx('passkeyHint')}</Typography.Paragraph>
      <Button
        type="primary"
        size="large"
        block
        icon={<KeyOutlined />}
        loading={check.isPending}
        onClick={start}
        data-autofocus
      >
        {sfx('passkeyStart')}
      </Button>
    </>
  );
}
