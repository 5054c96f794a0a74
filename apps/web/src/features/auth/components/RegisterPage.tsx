import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Form, Input, Result, Spin, Typography, theme } from 'antd';
import { useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  type CaptchaHandle,
  type CodeHandle,
  CodeInput,
  ImageCaptcha,
  PasswordStrengthInput,
} from '@/components/verification';
import { register, sendRegisterSms, useAuthOptions } from '@/features/auth/api/auth.api';
import { t } from '@/lib/i18n';
import { useEffectiveTheme } from '@/stores/preferences';
import { AuthBackdrop } from './AuthBackdrop';
import {
  clearsErrorOnChange,
  confirmPasswordRules,
  mobileRules,
  newPasswordRules,
  type RegisterFormValues,
  toRegisterBody,
} from './auth-form';
import { checkFailure } from './check-failure';
import { useSmsSender } from './use-sms-sender';

const boxStyle = {
  width: 600,
  maxWidth: '100%',
  boxSizing: 'border-box',
  padding: '50px 100px',
  borderRadius: 6,
  boxShadow: '0 4px 24px rgba(0, 0, 0, 0.08)',
} as const;

/** 注册 (reference UI §1.3, §7): mobile, image captcha (to send the SMS), SMS code, name, company, password. */
export function RegisterPage() {
  const options = useAuthOptions();
  // Unknown options (the call failed) fall back to the server's default: registration open.
  const open = options.data?.registration ?? options.isError;
  const { token } = theme.useToken();
  // The reference's dark red title, lightened on the dark surface so it keeps its contrast.
  const accent = useEffectiveTheme() === 'dark' ? '#ff7875' : '#94070a';
  return (
    <AuthBackdrop>
      <div style={{ ...boxStyle, background: token.colorBgContainer }}>
        <Typography.Title
          level={1}
          style={{ fontSize: 24, fontWeight: 700, color: accent, textAlign: 'center', margin: '0 0 32px' }}
        >
          {t('auth.register.title')}
        </Typography.Title>
        {options.isPending ? (
          <Flex justify="center" style={{ padding: 48 }}>
            <Spin />
          </Flex>
        ) : open ? (
          <RegisterForm />
        ) : (
          <Result
            status="info"
            title={t('auth.register.closedTitle')}
            subTitle={t('auth.register.closedText')}
            style={{ padding: '8px 0' }}
            extra={
              <Link to="/login">
                <Button type="primary">{t('auth.register.backToLogin')}</Button>
              </Link>
            }
          />
        )}
      </div>
    </AuthBackdrop>
  );
}

/** The registration's mutation: one form on the page, so one key. */
const REGISTER = ['auth', 'register'] as const;

function RegisterForm() {
  const [form] = Form.useForm<RegisterFormValues>();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const captchaRef = useRef<CaptchaHandle>(null);
  const codeRef = useRef<CodeHandle>(null);
  const queryClient = useQueryClient();
  /** The SMS-validation token with the code it was checked for: kept while the code is unchanged. */
  const checked = useRef<{ code: string; token: string } | null>(null);
  const send = useSmsSender({ form, captchaRef, send: sendRegisterSms });

  const smsToken = async (code: string | undefined): Promise<string | null> => {
    if (checked.current && checked.current.code === code) return checked.current.token;
    const handle = codeRef.current;
    if (!handle) return null;
    try {
      const token = await handle.check(code);
      checked.current = { code: code ?? '', token };
      return token;
    } catch (error) {
      form.setFields([checkFailure('code', error)]);
      return null;
    }
  };

  // The submit state is TanStack's: the code check and the registration run in the mutation (failures handled
  // inside; `gcTime: 0` keeps the password out of the cache once the form is gone).
  const registration = useMutation({
    mutationKey: REGISTER,
    gcTime: 0,
    mutationFn: async (values: RegisterFormValues) => {
      const token = await smsToken(values.code);
      if (!token) return;
      const mobile = toRegisterBody(values, token).mobile;
      let pendingApproval = false;
      try {
        ({ pendingApproval } = await register(toRegisterBody(values, token)));
      } catch {
        // The http client showed the server's reason. A refused password or name keeps the token (the server
        // spends it only with the new account), so it is kept too; a token the server calls void needs a new
        // code, and a changed code input is checked afresh.
        return;
      }
      modal.success({
        title: t('auth.register.successTitle'),
        // REGISTRATION=approval: the account waits, disabled, for an administrator.
        content: pendingApproval ? t('account.registerPending') : t('auth.register.successText'),
        okText: t('common.ok'),
        keyboard: false,
        afterClose: () => navigate('/login', { replace: true, state: { account: mobile } }),
      });
    },
  });

  // Asked of the cache rather than `registration.isPending`: it knows at once, before the re-render a second submit
  // could beat (antd's form validates first, so two quick clicks both reach here).
  const submit = (values: RegisterFormValues) => {
    if (queryClient.isMutating({ mutationKey: REGISTER }) > 0) return;
    registration.mutate(values);
  };

  return (
    <Form<RegisterFormValues>
      name="register"
      form={form}
      onFinish={submit}
      labelCol={{ flex: '100px' }}
      // Basis 0: a wide control (code input + button) shrinks into the row instead of wrapping under the label.
      wrapperCol={{ flex: '1 1 0%', style: { minWidth: 0 } }}
      labelAlign="right"
      colon={false}
      requiredMark={false}
      autoComplete="off"
    >
      <Form.Item label={t('auth.register.mobile')} name="mobile" rules={mobileRules}>
        <Input placeholder={t('auth.register.mobilePlaceholder')} maxLength={20} autoComplete="tel" />
      </Form.Item>
      <Form.Item label={t('auth.register.imageCaptcha')} name="captcha" rules={[clearsErrorOnChange]}>
        <ImageCaptcha ref={captchaRef} placeholder={t('auth.imageCaptchaPlaceholder')} />
      </Form.Item>
      <Form.Item
        label={t('auth.register.code')}
        name="code"
        rules={[{ required: true, whitespace: true, message: t('auth.codeRequired') }]}
      >
        <CodeInput ref={codeRef} channel="sms" send={send} placeholder={t('auth.register.codePlaceholder')} />
      </Form.Item>
      <Form.Item
        label={t('auth.register.name')}
        name="name"
        normalize={(value: string) => value.trimStart()}
        rules={[
          { required: true, whitespace: true, message: t('auth.register.nameRequired') },
          { max: 100, message: t('auth.register.length100') },
        ]}
      >
        <Input placeholder={t('auth.register.namePlaceholder')} maxLength={100} autoComplete="name" />
      </Form.Item>
      <Form.Item
        label={t('auth.register.company')}
        name="company"
        normalize={(value: string) => value.trimStart()}
        rules={[
          { required: true, whitespace: true, message: t('auth.register.companyRequired') },
          { max: 100, message: t('auth.register.length100') },
        ]}
      >
        <Input placeholder={t('auth.register.companyPlaceholder')} maxLength={100} autoComplete="organization" />
      </Form.Item>
      <Form.Item
        label={t('auth.register.password')}
        name="password"
        rules={newPasswordRules(() => form.getFieldValue('mobile'))}
      >
        <PasswordStrengthInput placeholder={t('auth.register.passwordPlaceholder')} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label={t('auth.register.confirm')}
        name="confirm"
        dependencies={['password']}
        rules={confirmPasswordRules('password')}
      >
        <Input.Password placeholder={t('auth.register.confirmPlaceholder')} autoComplete="new-password" />
      </Form.Item>
      <Form.Item label=" " style={{ marginBottom: 12 }}>
        <Button
          type="primary"
          htmlType="submit"
          block
          loading={registration.isPending}
          style={{ fontSize: 18, height: 40 }}
        >
          {t('auth.register.submit')}
        </Button>
      </Form.Item>
      <Flex justify="flex-end" gap={4}>
        <Typography.Text type="secondary">{t('auth.register.haveAccount')}</Typography.Text>
        <Link to="/login" style={{ color: '#94070a' }}>
          {t('auth.register.toLogin')}
        </Link>
      </Flex>
    </Form>
  );
}
