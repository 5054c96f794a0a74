import { ArrowRightOutlined, LockOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Form, Input, Tabs, Typography } from 'antd';
import { useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import {
  type CaptchaHandle,
  type CodeHandle,
  CodeInput,
  ImageCaptcha,
  useIdentityVerification,
} from '../../../components/verification';
import { safeRedirect } from '../../../config/app-config';
import { HttpError } from '../../../lib/http';
import { t } from '../../../lib/i18n';
import { useSession } from '../../../stores/session';
import { login, loginCaptchaState, sendLoginSms, smsLogin, useAuthOptions } from '../api/auth.api';
import { AuthBackdrop } from './AuthBackdrop';
import { checkFailure, clearsErrorOnChange, mobileRules, updatePasswordPath } from './auth-form';
import { useSmsSender } from './use-sms-sender';

interface AccountLoginValues {
  account: string;
  password: string;
  captcha?: string;
}

interface SmsLoginValues {
  mobile: string;
  captcha?: string;
  code?: string;
}

/** What the registration page hands over: the new account number, to fill in. */
interface LoginLocationState {
  account?: string;
}

/**
 * Sign-in (reference-ui §1.2): by account and password (plus the image captcha when the server asks for one),
 * or by an SMS code; 忘记密码？ verifies the identity and goes to the password page; 立即注册 when open.
 */
export function LoginPage() {
  const options = useAuthOptions();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const signIn = useSession((state) => state.signIn);
  const restricted = useSession((state) => state.restricted);
  const { verify, dialog } = useIdentityVerification();

  // Unknown options (the call failed) fall back to the server's defaults: captcha on.
  const captchaOn = options.data?.loginCaptcha ?? options.isError;
  const registrationOpen = options.data?.registration === true;
  const initialAccount = (location.state as LoginLocationState | null)?.account;

  const signedIn = async (token: string) => {
    await signIn(token);
    // Access-control mode with no permitted route: the token is gone and this page says so.
    if (useSession.getState().restricted) return;
    navigate(safeRedirect(searchParams.get('redirect')), { replace: true });
  };

  const forgotPassword = async () => {
    const token = await verify({ types: ['email', 'mobile'], command: 'reset' });
    if (token) navigate(updatePasswordPath(token));
  };

  return (
    <AuthBackdrop>
      <Typography.Title level={1} style={{ color: '#257ff7', fontSize: 28, marginBottom: 24 }}>
        {t('login.heading')}
      </Typography.Title>
      {restricted && (
        <Alert
          type="error"
          showIcon
          title={t('login.restricted')}
          style={{ width: 320, marginBottom: 12 }}
          role="alert"
        />
      )}
      <Card style={{ width: 320, borderRadius: 10 }} styles={{ body: { padding: '4px 24px 16px' } }}>
        <Tabs
          centered
          defaultActiveKey="account"
          destroyOnHidden
          items={[
            {
              key: 'account',
              label: t('auth.tabAccount'),
              children: (
                <AccountLoginForm
                  captchaOn={captchaOn}
                  ready={!options.isPending}
                  initialAccount={initialAccount}
                  onSignedIn={signedIn}
                  onForgotPassword={forgotPassword}
                />
              ),
            },
            { key: 'sms', label: t('auth.tabSms'), children: <SmsLoginForm onSignedIn={signedIn} /> },
          ]}
        />
        {registrationOpen && (
          <Flex justify="flex-end">
            <Link to="/register">
              {t('auth.registerNow')} <ArrowRightOutlined />
            </Link>
          </Flex>
        )}
      </Card>
      {dialog}
    </AuthBackdrop>
  );
}

/** Guards a submit handler against double submits and drives the button's loading state. */
function useSubmitting() {
  const [submitting, setSubmitting] = useState(false);
  const inFlight = useRef(false);
  const run = async (task: () => Promise<void>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setSubmitting(true);
    try {
      await task();
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  };
  return [submitting, run] as const;
}

interface AccountLoginFormProps {
  captchaOn: boolean;
  /** The sign-in options are known (until then nobody can tell whether a captcha is needed). */
  ready: boolean;
  initialAccount?: string;
  onSignedIn(token: string): Promise<void>;
  onForgotPassword(): void;
}

function AccountLoginForm({
  captchaOn: captchaAlways,
  ready,
  initialAccount,
  onSignedIn,
  onForgotPassword,
}: AccountLoginFormProps) {
  const [form] = Form.useForm<AccountLoginValues>();
  const captchaRef = useRef<CaptchaHandle>(null);
  const [submitting, run] = useSubmitting();
  // With LOGIN_CAPTCHA=off the server asks for the captcha after a few failures of one account (ADR 0011).
  const [captchaAsked, setCaptchaAsked] = useState(false);
  // A 429 (locked, too many attempts, busy) stays on the page as well as in the toast.
  const [refusal, setRefusal] = useState<string | null>(null);
  const captchaOn = captchaAlways || captchaAsked;

  const askServer = async (account: string | undefined) => {
    if (captchaAlways || !account?.trim()) return;
    try {
      setCaptchaAsked((await loginCaptchaState(account.trim())).required);
    } catch {
      // Unknown: keep the form as it is; the server still says so when the captcha is missing.
    }
  };

  const submit = (values: AccountLoginValues) =>
    run(async () => {
      setRefusal(null);
      let captcha: string | undefined;
      if (captchaOn) {
        const handle = captchaRef.current;
        if (!handle) return;
        try {
          captcha = await handle.check(values.captcha);
        } catch (error) {
          form.setFields([checkFailure('captcha', error)]);
          return;
        }
      }
      let token: string;
      try {
        token = await login({ account: values.account.trim(), password: values.password, captcha });
      } catch (error) {
        // The http client has shown why (e.g. a wrong password). The captcha token is spent either way; the
        // check already put a new image up (one per check), so only the old answer has to go.
        if (captchaOn) form.setFields([{ name: 'captcha', value: '', errors: [] }]);
        if (error instanceof HttpError && error.kind === 'rate-limited') setRefusal(error.message);
        await askServer(values.account);
        return;
      }
      await onSignedIn(token);
    });

  return (
    <Form<AccountLoginValues>
      name="accountLogin"
      form={form}
      size="large"
      onFinish={submit}
      autoComplete="on"
      requiredMark={false}
      initialValues={{ account: initialAccount }}
    >
      <Form.Item
        name="account"
        rules={[
          { required: true, whitespace: true, message: t('login.accountRequired') },
          { min: 3, max: 30, message: t('login.accountLength') },
        ]}
      >
        <Input
          autoFocus
          prefix={<UserOutlined />}
          placeholder={t('login.accountPlaceholder')}
          aria-label={t('login.accountPlaceholder')}
          autoComplete="username"
          onBlur={(event) => void askServer(event.target.value)}
        />
      </Form.Item>
      <Form.Item
        name="password"
        rules={[
          { required: true, message: t('login.passwordRequired') },
          { max: 128, message: t('login.passwordLength') },
        ]}
      >
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('login.passwordPlaceholder')}
          aria-label={t('login.passwordPlaceholder')}
          autoComplete="current-password"
          maxLength={128}
        />
      </Form.Item>
      {captchaAsked && !captchaAlways && (
        <Typography.Text type="warning" style={{ display: 'block', marginTop: -12, marginBottom: 8, fontSize: 12 }}>
          {t('loginGuard.captchaHint')}
        </Typography.Text>
      )}
      {captchaOn && (
        <Form.Item name="captcha" rules={[{ required: true, whitespace: true, message: t('auth.captchaRequired') }]}>
          <ImageCaptcha ref={captchaRef} size="large" />
        </Form.Item>
      )}
      <Flex justify="flex-end" style={{ marginTop: -12, marginBottom: 12 }}>
        <Button type="link" size="small" onClick={onForgotPassword} style={{ color: '#999', padding: 0 }}>
          {t('auth.forgotPassword')}
        </Button>
      </Flex>
      {refusal && <Alert type="warning" showIcon title={refusal} role="alert" style={{ marginBottom: 12 }} />}
      <Form.Item style={{ marginBottom: 12 }}>
        <Button type="primary" htmlType="submit" block loading={submitting} disabled={!ready}>
          {t('login.submit')}
        </Button>
      </Form.Item>
    </Form>
  );
}

function SmsLoginForm({ onSignedIn }: { onSignedIn(token: string): Promise<void> }) {
  const [form] = Form.useForm<SmsLoginValues>();
  const captchaRef = useRef<CaptchaHandle>(null);
  const codeRef = useRef<CodeHandle>(null);
  const [submitting, run] = useSubmitting();
  const send = useSmsSender({ form, captchaRef, send: sendLoginSms });

  const submit = (values: SmsLoginValues) =>
    run(async () => {
      const handle = codeRef.current;
      if (!handle) return;
      let smsToken: string;
      try {
        smsToken = await handle.check(values.code);
      } catch (error) {
        form.setFields([checkFailure('code', error)]);
        return;
      }
      let token: string;
      try {
        token = await smsLogin(smsToken);
      } catch {
        // Shown by the http client; the code is used up, a new one has to be sent.
        form.setFields([{ name: 'code', value: '', errors: [] }]);
        return;
      }
      await onSignedIn(token);
    });

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
        <Button type="primary" htmlType="submit" block loading={submitting}>
          {t('login.submit')}
        </Button>
      </Form.Item>
    </Form>
  );
}
