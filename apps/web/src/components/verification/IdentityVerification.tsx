import { LockOutlined, MailOutlined, MobileOutlined, PictureOutlined } from '@ant-design/icons';
import { Alert, Divider, Modal, theme } from 'antd';
import { type ComponentType, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { t } from '../../lib/i18n';
import { CaptchaMethod, EmailMethod, type MethodProps, MobileMethod, PasswordMethod } from './methods';
import type { SmsCommand } from './verification-api';

export type VerifyMethod = 'password' | 'email' | 'mobile' | 'captcha';

export interface VerifyOptions {
  /** Offered methods, in order; the first is shown first. Default: all four. */
  types?: VerifyMethod[];
  /** SMS flavour of the mobile method. Default 'common'. */
  command?: SmsCommand;
}

const ALL_METHODS: readonly VerifyMethod[] = ['password', 'email', 'mobile', 'captcha'];

const METHODS: Record<
  VerifyMethod,
  { title: Parameters<typeof t>[0]; icon: ReactNode; form: ComponentType<MethodProps> }
> = {
  password: { title: 'verify.methodPassword', icon: <LockOutlined />, form: PasswordMethod },
  email: { title: 'verify.methodEmail', icon: <MailOutlined />, form: EmailMethod },
  mobile: { title: 'verify.methodMobile', icon: <MobileOutlined />, form: MobileMethod },
  captcha: { title: 'verify.methodCaptcha', icon: <PictureOutlined />, form: CaptchaMethod },
};

const SMS_COMMANDS: readonly SmsCommand[] = ['common', 'register', 'login', 'reset'];

/** Known methods only, each once, in the given order; nothing usable means all four. */
function offeredMethods(types: VerifyMethod[] | undefined): VerifyMethod[] {
  const known = [...new Set(types ?? [])].filter((type) => ALL_METHODS.includes(type));
  return known.length > 0 ? known : [...ALL_METHODS];
}

interface DialogState {
  open: boolean;
  types: VerifyMethod[];
  command: SmsCommand;
  method: VerifyMethod;
  /** Bumped on every verify() so each opening starts with fresh forms. */
  round: number;
}

/**
 * The identity-verification dialog (reference-ui §3). `verify()` opens it and resolves with the token of the
 * method that succeeded, or null when the user closes it with ×. Render `dialog` somewhere in the page.
 */
export function useIdentityVerification(): {
  verify(options?: VerifyOptions): Promise<string | null>;
  dialog: ReactNode;
} {
  const [state, setState] = useState<DialogState>({
    open: false,
    types: [...ALL_METHODS],
    command: 'common',
    method: 'password',
    round: 0,
  });
  const pending = useRef<((token: string | null) => void) | null>(null);

  const settle = useCallback((token: string | null) => {
    const resolve = pending.current;
    pending.current = null;
    setState((current) => ({ ...current, open: false }));
    resolve?.(token);
  }, []);

  const verify = useCallback((options: VerifyOptions = {}) => {
    // A second verify() while open replaces the first, which ends as if closed.
    pending.current?.(null);
    const types = offeredMethods(options.types);
    const command = options.command && SMS_COMMANDS.includes(options.command) ? options.command : 'common';
    return new Promise<string | null>((resolve) => {
      pending.current = resolve;
      setState((current) => ({ open: true, types, command, method: types[0]!, round: current.round + 1 }));
    });
  }, []);

  // A page that goes away with the dialog open ends its verify() as closed.
  useEffect(
    () => () => {
      pending.current?.(null);
      pending.current = null;
    },
    [],
  );

  const onMethod = useCallback((method: VerifyMethod) => setState((current) => ({ ...current, method })), []);
  const onCancel = useCallback(() => settle(null), [settle]);

  const dialog = <IdentityDialog state={state} onMethod={onMethod} onSuccess={settle} onCancel={onCancel} />;
  return { verify, dialog };
}

function IdentityDialog({
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
    >
      <Alert type="success" showIcon title={t('verify.notice')} style={{ marginBottom: 16 }} />
      <MethodForm key={`${round}:${method}`} command={command} onSuccess={onSuccess} />
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
