import { Alert, App, Button, Card, Flex, Form, Input, Typography } from 'antd';
import { useRef, useState } from 'react';
import { PasswordStrengthInput } from '@/components/verification';
import { changeInitialPassword, logout } from '@/features/auth/api/auth.api';
import { HttpError } from '@/lib/http';
import { byLocale, t } from '@/lib/i18n';
import { useSession } from '@/stores/session';
import { AuthBackdrop } from './AuthBackdrop';
import { confirmPasswordRules, newPasswordRules } from './auth-form';

interface InitialPasswordValues {
  current: string;
  newPassword: string;
  confirm: string;
}

/**
 * 修改初始密码: shown in place of every signed-in screen while the account's password is a generated one
 * (first start without ADMIN_PASSWORD, or an administrator's reset). The server serves nothing else until it is
 * changed; afterwards the screen the user was going to appears.
 */
export function InitialPasswordPage() {
  const [form] = Form.useForm<InitialPasswordValues>();
  const { message } = App.useApp();
  const accountNumber = useSession((state) => state.user?.accountNumber);
  const [submitting, setSubmitting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const inFlight = useRef(false);

  const submit = async ({ current, newPassword }: InitialPasswordValues) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setSubmitting(true);
    setRefusal(null);
    try {
      await changeInitialPassword(current, newPassword);
    } catch (error) {
      // A wrong current password or a refused new one: the server's reason, inline.
      if (error instanceof HttpError && error.status !== undefined && error.status < 500) setRefusal(error.message);
      return;
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
    message.success({ content: t('initialPassword.done'), key: 'initialPassword.done' });
    await useSession.getState().bootstrap();
  };

  const signOut = async () => {
    await logout().catch(() => undefined);
    useSession.getState().clear();
  };

  return (
    <AuthBackdrop>
      <Card
        title={t('initialPassword.title')}
        style={{ width: byLocale({ 'zh-CN': 460, 'en-US': 520 }), borderRadius: 10 }}
        data-testid="initial-password"
      >
        <Typography.Paragraph type="secondary">{t('initialPassword.hint')}</Typography.Paragraph>
        {refusal && (
          <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} data-testid="initial-refusal" />
        )}
        <Form<InitialPasswordValues>
          name="initialPassword"
          form={form}
          onFinish={submit}
          layout="vertical"
          requiredMark={false}
        >
          {accountNumber && (
            <input type="text" name="username" autoComplete="username" value={accountNumber} readOnly hidden />
          )}
          <Form.Item
            label={t('initialPassword.current')}
            name="current"
            rules={[{ required: true, message: t('initialPassword.currentRequired') }]}
          >
            <Input.Password placeholder={t('initialPassword.currentPlaceholder')} autoComplete="current-password" />
          </Form.Item>
          <Form.Item
            label={t('initialPassword.new')}
            name="newPassword"
            dependencies={['current']}
            rules={[
              ...newPasswordRules(() => accountNumber),
              ({ getFieldValue }) => ({
                validator: (_rule, value: string | undefined) =>
                  value && value === getFieldValue('current')
                    ? Promise.reject(new Error(t('initialPassword.sameAsCurrent')))
                    : Promise.resolve(),
              }),
            ]}
          >
            <PasswordStrengthInput placeholder={t('initialPassword.newPlaceholder')} autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            label={t('initialPassword.confirm')}
            name="confirm"
            dependencies={['newPassword']}
            rules={confirmPasswordRules('newPassword')}
          >
            <Input.Password placeholder={t('initialPassword.confirmPlaceholder')} autoComplete="new-password" />
          </Form.Item>
          <Flex justify="space-between" align="center">
            <Button type="link" onClick={signOut} style={{ paddingInline: 0 }}>
              {t('initialPassword.logout')}
            </Button>
            <Button type="primary" htmlType="submit" loading={submitting}>
              {t('initialPassword.submit')}
            </Button>
          </Flex>
        </Form>
      </Card>
    </AuthBackdrop>
  );
}
