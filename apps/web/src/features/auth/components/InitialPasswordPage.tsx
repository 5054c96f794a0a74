import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { PasswordStrengthInput } from '@/components/verification';
import { changeInitialPassword, logout } from '@/features/auth/api/auth.api';
import { HttpError } from '@/lib/http';
import { byLocale, t } from '@/lib/i18n';
import { useSession } from '@/stores/session';
import { takeSignInPassword } from '../sign-in-carry';
import { AuthBackdrop } from './AuthBackdrop';
import { confirmPasswordRules, newPasswordRules } from './auth-form';

interface InitialPasswordValues {
  current: string;
  newPassword: string;
  confirm: string;
}

/** The change's mutation: one form on the page, so one key. */
const CHANGE_INITIAL = ['auth', 'changeInitialPassword'] as const;

/**
 * 修改初始密码: shown in place of every signed-in screen while the account's password is a generated one
 * (first start without ADMIN_PASSWORD, or an administrator's reset). The server serves nothing else until it is
 * changed; afterwards the screen the user was going to appears.
 */
export function InitialPasswordPage() {
  const [form] = Form.useForm<InitialPasswordValues>();
  const { message } = App.useApp();
  const accountNumber = useSession((state) => state.user?.accountNumber);
  const [refusal, setRefusal] = useState<string | null>(null);
  // The password just typed at sign-in, when this page follows it: not asked again. A refusal of it (or a reload,
  // which forgets it) shows the field.
  const [carried, setCarried] = useState(takeSignInPassword);
  const queryClient = useQueryClient();

  // The submit state is TanStack's (`gcTime: 0` keeps the passwords out of the cache once the page is gone). It
  // stays pending until the session is reloaded, when the screen the user was going to replaces this one.
  const change = useMutation({
    mutationKey: CHANGE_INITIAL,
    gcTime: 0,
    mutationFn: ({ current, newPassword }: InitialPasswordValues) =>
      changeInitialPassword(carried ?? current, newPassword),
    onError: (error) => {
      setCarried(undefined);
      // A wrong current password or a refused new one: the server's reason, inline.
      if (error instanceof HttpError && error.status !== undefined && error.status < 500) setRefusal(error.message);
    },
    onSuccess: async () => {
      message.success({ content: t('initialPassword.done'), key: 'initialPassword.done' });
      await useSession.getState().bootstrap();
    },
  });

  // Asked of the cache rather than `change.isPending`: it knows at once, before the re-render a second submit could
  // beat (antd's form validates first, so two quick clicks both reach here).
  const submit = (values: InitialPasswordValues) => {
    if (queryClient.isMutating({ mutationKey: CHANGE_INITIAL }) > 0) return;
    setRefusal(null);
    change.mutate(values);
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
            hidden={carried !== undefined}
            rules={carried === undefined ? [{ required: true, message: t('initialPassword.currentRequired') }] : []}
          >
            <Input.Password
              placeholder={t('initialPassword.currentPlaceholder')}
              autoComplete="current-password"
              // The page is this one step: the cursor starts in its first field.
              autoFocus={carried === undefined}
            />
          </Form.Item>
          <Form.Item
            label={t('initialPassword.new')}
            name="newPassword"
            dependencies={['current']}
            rules={[
              ...newPasswordRules(() => accountNumber),
              ({ getFieldValue }) => ({
                validator: (_rule, value: string | undefined) =>
                  value && value === (carried ?? getFieldValue('current'))
                    ? Promise.reject(new Error(t('initialPassword.sameAsCurrent')))
                    : Promise.resolve(),
              }),
            ]}
          >
            <PasswordStrengthInput
              placeholder={t('initialPassword.newPlaceholder')}
              autoComplete="new-password"
              autoFocus={carried !== undefined}
            />
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
            <Button type="primary" htmlType="submit" loading={change.isPending}>
              {t('initialPassword.submit')}
            </Button>
          </Flex>
        </Form>
      </Card>
    </AuthBackdrop>
  );
}
