import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { safeRedirect } from '../../../config/app-config';
import { t } from '../../../lib/i18n';
import { useSession } from '../../../stores/session';
import { type Credentials, login } from '../api/auth.api';

/** Sign-in (reference-ui §1.2). The captcha and the 忘记密码 / 立即注册 links arrive with their screens. */
export function LoginPage() {
  const [form] = Form.useForm<Credentials>();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const signIn = useSession((state) => state.signIn);
  const [submitting, setSubmitting] = useState(false);
  const inFlight = useRef(false);

  const submit = async (values: Credentials) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setSubmitting(true);
    try {
      const token = await login({ account: values.account.trim(), password: values.password });
      await signIn(token);
      navigate(safeRedirect(searchParams.get('redirect')), { replace: true });
    } catch {
      // The http client has shown the reason (e.g. wrong password).
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  };

  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        background: 'linear-gradient(135deg, #dbe8fb 0%, #f4f7fc 55%, #e3ecf9 100%)',
      }}
    >
      <Typography.Title level={1} style={{ color: '#257ff7', fontSize: 28, marginBottom: 24 }}>
        {t('login.heading')}
      </Typography.Title>
      <Card style={{ width: 320, borderRadius: 10 }} styles={{ body: { padding: '24px 24px 8px' } }}>
        <Typography.Title
          level={2}
          style={{
            fontSize: 18,
            display: 'inline-block',
            borderBottom: '2px solid #257ff7',
            paddingBottom: 4,
            marginTop: 0,
            marginBottom: 24,
          }}
        >
          {t('login.subHeading')}
        </Typography.Title>
        <Form form={form} size="large" onFinish={submit} autoComplete="on" requiredMark={false}>
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
          <Form.Item>
            <Button type="primary" htmlType="submit" block loading={submitting}>
              {t('login.submit')}
            </Button>
          </Form.Item>
        </Form>
      </Card>
      <footer style={{ position: 'fixed', bottom: 16, color: '#888' }}>{t('app.copyright')}</footer>
    </div>
  );
}
