import { MobileOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd';
import { useRef } from 'react';
import { AntdRoot } from '@/components/antd-root';
import { type CaptchaHandle, type CodeHandle, CodeInput, ImageCaptcha } from '@/components/verification';
import { type SignInAnswer, sendLoginSms, smsLogin } from '@/features/auth/api/auth.api';
import { t } from '@/lib/i18n';
import { clearsErrorOnChange, mobileRules } from './auth-form';
import { checkFailure } from './check-failure';
import { useSmsSender } from './use-sms-sender';

interface SmsLoginValues {
  mobile: string;
  captcha?: string;
  code?: string;
}

/** The SMS sign-in's mutation: one form on the page, so one key. */
const SMS_SIGN_IN = ['auth', 'smsSignIn'] as const;

interface SmsLoginProps {
  /** The sign-in's answer: the session token, or the second step it still needs. */
  onAnswer(answer: SignInAnswer): Promise<void>;
}

/**
 * The sign-in page's 短信登录 tab: fetched on its first opening with antd around it (the page itself renders
 * without antd, docs/adr/0014). The code input with its countdown and the captcha check before sending are the
 * registration page's.
 */
export function SmsLoginPanel({ onAnswer }: SmsLoginProps) {
  return (
    <AntdRoot>
      <SmsLoginForm onAnswer={onAnswer} />
    </AntdRoot>
  );
}

function SmsLoginForm({ onAnswer }: SmsLoginProps) {
  const [form] = Form.useForm<SmsLoginValues>();
  const captchaRef = useRef<CaptchaHandle>(null);
  const codeRef = useRef<CodeHandle>(null);
  const queryClient = useQueryClient();
  const send = useSmsSender({ form, captchaRef, send: sendLoginSms });

  // The submit state is TanStack's: the code check, the sign-in and the way to the next screen run in the mutation
  // (failures handled inside; `gcTime: 0` keeps the code out of the cache once the form is gone).
  const signIn = useMutation({
    mutationKey: SMS_SIGN_IN,
    gcTime: 0,
    mutationFn: async (values: SmsLoginValues) => {
      const handle = codeRef.current;
      if (!handle) return;
      let smsToken: string;
      try {
        smsToken = await handle.check(values.code);
      } catch (error) {
        form.setFields([checkFailure('code', error)]);
        return;
      }
      let answer: SignInAnswer;
      try {
        answer = await smsLogin(smsToken);
      } catch {
        // Shown by the http client; the code is used up, a new one has to be sent.
        form.setFields([{ name: 'code', value: '', errors: [] }]);
        return;
      }
      await onAnswer(answer);
    },
  });

  // Asked of the cache rather than `signIn.isPending`: it knows at once, before the re-render a second submit could
  // beat (antd's form validates first, so two quick clicks both reach here).
  const submit = (values: SmsLoginValues) => {
    if (queryClient.isMutating({ mutationKey: SMS_SIGN_IN }) > 0) return;
    signIn.mutate(values);
  };

  return (
    <Form<SmsLoginValues> name="smsLogin" form={form} size="large" onFinish={submit} requiredMark={false}>
      <Form.Item name="mobile" rules={mobileRules}>
        <Input
          prefix={<MobileOutlined />}
          placeholder={t('auth.mobilePlaceholder')}
          aria-label={t('auth.mobilePlaceholder')}
          autoComplete="tel"
          maxLength={20}
        />
      </Form.Item>
      <Form.Item name="captcha" rules={[clearsErrorOnChange]}>
        <ImageCaptcha ref={captchaRef} size="large" placeholder={t('auth.imageCaptchaPlaceholder')} />
      </Form.Item>
      <Form.Item name="code" rules={[{ required: true, whitespace: true, message: t('auth.codeRequired') }]}>
        <CodeInput ref={codeRef} channel="sms" send={send} size="large" placeholder={t('auth.smsCodePlaceholder')} />
      </Form.Item>
      <Form.Item style={{ marginBottom: 12 }}>
        <Button type="primary" htmlType="submit" block loading={signIn.isPending}>
          {t('login.submit')}
        </Button>
      </Form.Item>
    </Form>
  );
}
