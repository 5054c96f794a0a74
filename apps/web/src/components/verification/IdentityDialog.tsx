import { LockOutlined, MailOutlined, MobileOutlined, PictureOutlined } from '@ant-design/icons';
import { Alert, Divider, Modal, theme } from 'antd';
import { type ComponentType, type ReactNode, useEffect, useRef } from 'react';
import { focusFirstField } from '@/components/form-dialog';
import { t } from '@/lib/i18n';
import type { DialogState, VerifyMethod } from './dialog-state';
import { CaptchaMethod, EmailMethod, type MethodProps, MobileMethod, PasswordMethod } from './methods';

const METHODS: Record<
  VerifyMethod,
  { title: Parameters<typeof t>[0]; icon: ReactNode; form: ComponentType<MethodProps> }
> = {
  password: { title: 'verify.methodPassword', icon: <LockOutlined />, form: PasswordMethod },
  email: { title: 'verify.methodEmail', icon: <MailOutlined />, form: EmailMethod },
  mobile: { title: 'verify.methodMobile', icon: <MobileOutlined />, form: MobileMethod },
  captcha: { title: 'verify.methodCaptcha', icon: <PictureOutlined />, form: CaptchaMethod },
};

/** The identity-verification dialog of `useIdentityVerification()` (loaded on its first opening). */
export function IdentityDialog({
  state,
  onMethod,
  onSuccess,
  onCancel,
}: {
  state: DialogState;
  onMethod(method: VerifyMethod): void;
  onSuccess(token: string): void;
  onCancel(): void;
}) {
  const { open, types, command, method, round } = state;
  const { title, form: MethodForm } = METHODS[method];
  const others = types.filter((type) => type !== method);
  const body = useRef<HTMLDivElement>(null);
  /** Open and done animating: a switch of method then starts in the new method's first field. */
  const shown = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each method (or round) the dialog shows
  useEffect(() => {
    if (shown.current) focusFirstField(body.current);
  }, [method, round]);
  return (
    <Modal
      open={open}
      title={t('verify.title', { method: t(title) })}
      width={500}
      mask={{ closable: false }}
      keyboard={false}
      footer={null}
      onCancel={onCancel}
      destroyOnHidden
      // Once open, the method's first field has the focus (the dialog focuses itself first).
      afterOpenChange={(isOpen) => {
        shown.current = isOpen;
        if (isOpen) focusFirstField(body.current);
      }}
    >
      <Alert type="success" showIcon title={t('verify.notice')} style={{ marginBottom: 16 }} />
      <div ref={body} style={{ display: 'contents' }}>
        <MethodForm key={`${round}:${method}`} command={command} onSuccess={onSuccess} />
      </div>
      {others.length > 0 && (
        <>
          <Divider plain style={{ marginTop: 24 }}>
            {t('verify.otherMethods')}
          </Divider>
          <div style={{ display: 'flex', justifyContent: 'center', gap: 32 }}>
            {others.map((other) => (
              <MethodSwitch key={other} method={other} onClick={() => onMethod(other)} />
            ))}
          </div>
        </>
      )}
    </Modal>
  );
}

function MethodSwitch({ method, onClick }: { method: VerifyMethod; onClick(): void }) {
  const { title, icon } = METHODS[method];
  const { token } = theme.useToken();
  return (
    <button
      type="button"
      onClick={onClick}
      style={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 4,
        padding: 4,
        border: 0,
        borderRadius: 6,
        background: 'transparent',
        color: 'inherit',
        cursor: 'pointer',
      }}
    >
      <span
        aria-hidden="true"
        style={{
          width: 40,
          height: 40,
          borderRadius: '50%',
          background: token.colorPrimaryBg,
          color: token.colorPrimary,
          fontSize: 20,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
        }}
      >
        {icon}
      </span>
      <span style={{ fontSize: 12 }}>{t(title)}</span>
    </button>
  );
}
