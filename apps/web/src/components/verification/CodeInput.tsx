import type { FormRule } from 'antd';
import { App, Button, Input, Space } from 'antd';
import { forwardRef, type RefObject, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { t } from '@/lib/i18n';
import { useServerOptions } from '@/stores/server-options';
import { checkRule } from './check-rule';
import { checkFailureMessage, refusalMessage, useVerificationApi } from './verification-api';

export interface CodeHandle {
  /** Rejects with '请先发送验证码' (nothing sent yet), '请填写验证码' (empty) or '验证失败，请重试'; resolves with the token. */
  check(input: string | undefined): Promise<string>;
}

export interface CodeInputProps {
  value?: string;
  onChange?: (value: string) => void;
  /** Which validation call checks the code. */
  channel: 'sms' | 'email';
  /**
   * Validates the consumer's fields and sends: resolves with the code's id (the countdown starts), with null
   * (nothing sent, nothing said: e.g. a field is invalid and shows why), or rejects (a warning toast with the
   * server's message when it gave one, else '验证码发送失败，请稍后重试' / '验证邮件发送失败，请稍后重试').
   */
  send: () => Promise<string | null>;
  /** Also the input's accessible name; default '请输入验证码'. */
  placeholder?: string;
  size?: 'large' | 'middle';
  /** Set by antd Form.Item so a field label names the input. */
  id?: string;
  'aria-label'?: string;
}

/** antd's form validation failure (`validateFields` rejects with it): the fields already show why. */
const isValidationFailure = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'errorFields' in error;

/**
 * SMS / e-mail code input (reference UI §1.3) with a '获取验证码' button: after a successful send it counts
 * down the server's wait between two codes (GET /auth/options `verifyResendSeconds`, 30 s by default, specification (docs/specification.md)
 * §9: '30s', '29s', … disabled), then offers '获取验证码' again.
 */
export const CodeInput = forwardRef<CodeHandle, CodeInputProps>(function CodeInput(
  { value, onChange, channel, send, placeholder, size, id, 'aria-label': ariaLabel },
  ref,
) {
  const api = useVerificationApi();
  const { message } = App.useApp();
  const sentId = useRef<string | null>(null);
  const [remaining, setRemaining] = useState(0);
  const [sending, setSending] = useState(false);
  const busy = useRef(false);
  const resendSeconds = useServerOptions((state) => state.options.verifyResendSeconds);

  useEffect(() => {
    if (remaining <= 0) return;
    const timer = setTimeout(() => setRemaining((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [remaining]);

  const onSend = async () => {
    if (busy.current || remaining > 0) return;
    busy.current = true;
    setSending(true);
    try {
      const codeId = await send();
      if (codeId === null) return;
      sentId.current = codeId;
      setRemaining(resendSeconds);
    } catch (error) {
      if (isValidationFailure(error)) return;
      const fallback = t(channel === 'sms' ? 'verify.smsSendFailed' : 'verify.emailSendFailed');
      message.warning(refusalMessage(error) ?? fallback);
    } finally {
      busy.current = false;
      setSending(false);
    }
  };

  useImperativeHandle(
    ref,
    () => ({
      async check(input) {
        const codeId = sentId.current;
        if (!codeId) throw new Error(t('verify.codeNotSent'));
        const code = input?.trim() ?? '';
        if (!code) throw new Error(t('verify.captchaRequired'));
        try {
          return await (channel === 'sms' ? api.checkSms(codeId, code) : api.checkEmail(codeId, code));
        } catch (error) {
          throw new Error(checkFailureMessage(error, t('verify.checkFailed')));
        }
      },
    }),
    [api, channel],
  );

  const shownPlaceholder = placeholder ?? t('verify.codePlaceholder');
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input
        id={id}
        size={size}
        value={value}
        onChange={(event) => onChange?.(event.target.value)}
        placeholder={shownPlaceholder}
        aria-label={ariaLabel ?? shownPlaceholder}
        autoComplete="one-time-code"
        maxLength={20}
      />
      <Button
        size={size}
        onClick={onSend}
        loading={sending}
        disabled={remaining > 0}
        style={{ minWidth: 112 }}
        aria-live="polite"
      >
        {remaining > 0 ? t('verify.countdown', { seconds: remaining }) : t('verify.sendCode')}
      </Button>
    </Space.Compact>
  );
});

/** antd Form rule: `handle.check(value)`, the token goes to `onToken`; never runs on change (see captchaRule). */
export function codeRule(handle: RefObject<CodeHandle | null>, onToken: (token: string) => void): FormRule {
  return checkRule(handle, onToken, t('verify.codeNotSent'));
}
