import { PASSWORD_MAX } from '@gatehouse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Typography, theme } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ToolBar } from '@/components/tool-bar';
import { PasswordStrengthInput } from '@/components/verification';
import { changePassword } from '@/features/auth/api/auth.api';
import { HttpError } from '@/lib/http';
import { byLocale, t } from '@/lib/i18n';
import { readAuthCode } from '@/lib/router/update-password';
import { useServerOptions } from '@/stores/server-options';
import { useSession } from '@/stores/session';
import { confirmPasswordRules, newPasswordRules } from './auth-form';

interface UpdatePasswordValues {
  newPassword: string;
  confirm: string;
}

/** The password change's mutation: one form on the page, so one key. */
const CHANGE_PASSWORD = ['auth', 'changePassword'] as const;

/** True when the router has an earlier entry of this app to go back to (react-router keeps `idx` in history). */
const canGoBack = () => ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;

/**
 * 修改密码 (reference UI §1.4), an open route: sets a new password with the token (`authCode`) the identity
 * dialog answered. Signed out it ends on /login; signed in the session stays and the page goes back.
 */
export function UpdatePasswordPage() {
  const [form] = Form.useForm<UpdatePasswordValues>();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const { token } = theme.useToken();
  const authCode = readAuthCode(searchParams);
  const [refusal, setRefusal] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const signedIn = useSession((state) => state.token !== null);
  const accountNumber = useSession((state) => state.user?.accountNumber);
  const { passwordMinLength, passwordClasses } = useServerOptions((state) => state.options);
  const policy = { minLength: passwordMinLength, classes: passwordClasses };

  const back = () => {
    if (canGoBack()) navigate(-1);
    else navigate(useSession.getState().token ? '/' : '/login', { replace: true });
  };

  // The submit state is TanStack's (`gcTime: 0` keeps the password out of the cache once the page is gone).
  const change = useMutation({
    mutationKey: CHANGE_PASSWORD,
    gcTime: 0,
    mutationFn: ({ newPassword, authCode }: { newPassword: string; authCode: string }) =>
      changePassword(newPassword, authCode),
    onError: (error) => {
      // A refused token (used, expired) or password: the server's reason, inline. Other failures were reported.
      if (error instanceof HttpError && error.status !== undefined && error.status < 500) setRefusal(error.message);
    },
    onSuccess: () => {
      const stillSignedIn = useSession.getState().token !== null;
      modal.success({
        title: t('auth.updatePassword.success'),
        content: stillSignedIn ? t('auth.updatePassword.successSignedIn') : t('auth.updatePassword.successSignedOut'),
        okText: t('common.ok'),
        keyboard: false,
        afterClose: () => {
          if (useSession.getState().token) back();
          else navigate('/login', { replace: true });
        },
      });
    },
  });

  // Asked of the cache rather than `change.isPending`: it knows at once, before the re-render a second submit could
  // beat (antd's form validates first, so two quick clicks both reach here).
  const submit = ({ newPassword }: UpdatePasswordValues) => {
    if (!authCode || queryClient.isMutating({ mutationKey: CHANGE_PASSWORD }) > 0) return;
    setRefusal(null);
    change.mutate({ newPassword, authCode });
  };

  return (
    <div style={{ minHeight: '100vh', background: token.colorBgContainer, padding: '0 20px' }}>
      <ToolBar title={t('auth.updatePassword.title')} onBack={back} />
      <div style={{ maxWidth: 600, margin: '24px auto 0' }}>
        {!authCode && (
          <Alert type="error" showIcon title={t('auth.updatePassword.noAuthCode')} style={{ marginBottom: 24 }} />
        )}
        {refusal && (
          <Alert
            type="error"
            showIcon
            title={t('auth.updatePassword.refused', { message: refusal })}
            style={{ marginBottom: 24 }}
            data-testid="update-password-refusal"
          />
        )}
        <Typography.Paragraph type="secondary" style={{ marginBottom: 24 }}>
          {t('auth.updatePassword.hint', {
            min: policy.minLength,
            max: PASSWORD_MAX,
            classes: policy.classes,
          })}
        </Typography.Paragraph>
        <Form<UpdatePasswordValues>
          name="updatePassword"
          form={form}
          onFinish={submit}
          labelCol={{ flex: byLocale({ 'zh-CN': '100px', 'en-US': '140px' }) }}
          wrapperCol={{ flex: '1 1 0%', style: { minWidth: 0 } }}
          requiredMark={false}
        >
          {/* The account name helps password managers file the new password; unknown when signed out. */}
          {signedIn && accountNumber && (
            <input type="text" name="username" autoComplete="username" value={accountNumber} readOnly hidden />
          )}
          <Form.Item
            label={t('auth.updatePassword.newPassword')}
            name="newPassword"
            hasFeedback
            rules={newPasswordRules(() => useSession.getState().user?.accountNumber)}
          >
            <PasswordStrengthInput placeholder={t('auth.updatePassword.newPlaceholder')} autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            label={t('auth.updatePassword.confirm')}
            name="confirm"
            hasFeedback
            dependencies={['newPassword']}
            rules={confirmPasswordRules('newPassword')}
          >
            <Input.Password placeholder={t('auth.updatePassword.confirmPlaceholder')} autoComplete="new-password" />
          </Form.Item>
          <Form.Item label=" " colon={false}>
            <Button type="primary" htmlType="submit" loading={change.isPending} disabled={!authCode}>
              {t('auth.updatePassword.submit')}
            </Button>
          </Form.Item>
        </Form>
      </div>
    </div>
  );
}
