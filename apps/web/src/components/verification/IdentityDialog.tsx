import {
  KeyOutlined,
  LockOutlined,
  MailOutlined,
  MobileOutlined,
  PictureOutlined,
  SafetyOutlined,
} from '@ant-design/icons';
import { MOBILE_PATTERN } from '@gatehouse/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Divider, Flex, Modal, Spin, theme } from 'antd';
import { type ComponentType, type ReactNode, useEffect, useRef } from 'react';
import { focusFirstField } from '@/components/form-dialog';
import { t } from '@/lib/i18n';
import { useSession } from '@/stores/session';
import type { DialogState, VerifyMethod } from './dialog-state';
import {
  CaptchaMethod,
  EmailMethod,
  type MethodProps,
  MobileMethod,
  PasskeyMethod,
  PasswordMethod,
  TotpMethod,
} from './methods';
import { sfx } from './second-factor-texts';
import { useVerificationApi } from './verification-api';
import { webAuthnSupported } from './webauthn';

const METHODS: Record<VerifyMethod, { title: () => string; icon: ReactNode; form: ComponentType<MethodProps> }> = {
  password: { title: () => t('verify.methodPassword'), icon: <LockOutlined />, form: PasswordMethod },
  email: { title: () => t('verify.methodEmail'), icon: <MailOutlined />, form: EmailMethod },
  mobile: { title: () => t('verify.methodMobile'), icon: <MobileOutlined />, form: MobileMethod },
  captcha: { title: () => t('verify.methodCaptcha'), icon: <PictureOutlined />, form: CaptchaMethod },
  totp: { title: () => sfx('methodTotp'), icon: <SafetyOutlined />, form: TotpMethod },
  passkey: { title: () => sfx('methodPasskey'), icon: <KeyOutlined />, form: PasskeyMethod },
};

/**
 * The second factors the signed-in account holds, asked each time the dialog opens (`round`): 'totp' when its
 * authenticator app is on, 'passkey' when it holds a passkey and this browser can use one. None without a session
 * (the password-recovery page), while acting as another account, or when the question fails: the dialog then
 * offers what it was asked for.
 */
function useSecondFactorMethods(open: boolean, round: number): { loading: boolean; methods: VerifyMethod[] } {
  const api = useVerificationApi();
  const signedIn = useSession((state) => state.token !== null);
  // Acting as another account (identity switch), its second factors are not the user's to use (the server refuses).
  const switched = useSession((state) => Boolean(state.user?.originalAccount));
  const { secondFactors } = api;
  const enabled = open && signedIn && !switched && secondFactors !== undefined;
  const query = useQuery({
    queryKey: ['verification', 'second-factors', round],
    enabled,
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    queryFn: async (): Promise<VerifyMethod[]> => {
      const held = await (secondFactors as NonNullable<typeof secondFactors>)();
      const methods: VerifyMethod[] = [];
      if (held.totp && api.checkTotp) methods.push('totp');
      if (held.passkeys > 0 && api.passkeyChallenge && api.checkPasskey && (await webAuthnSupported())) {
        methods.push('passkey');
      }
      return methods;
    },
  });
  return { loading: enabled && query.isPending, methods: query.data ?? [] };
}

const mobilePattern = new RegExp(MOBILE_PATTERN);

/**
 * The contact methods the signed-in account can use: a code goes only to a contact its owner proved (an
 * administrator's entry stays 未验证), so the mobile is offered when `contactVerified` (and the number is a mobile
 * one), the e-mail when `emailVerified`. The password and the methods no contact carries stay. Without a session (the
 * password-recovery page) nothing is known of the account and everything asked for is offered. When nothing is left
 * (a caller asking for a contact only), what was asked for stays, and its form says the account has no such contact.
 */
function useUsableMethods(types: VerifyMethod[]): VerifyMethod[] {
  const signedIn = useSession((state) => state.token !== null);
  const user = useSession((state) => state.user);
  if (!signedIn || !user) return types;
  const usable = types.filter((type) => {
    if (type === 'mobile') {
      return user.contactVerified === true && mobilePattern.test(user.contactNumber?.trim() ?? '');
    }
    if (type === 'email') return user.emailVerified === true && Boolean(user.email?.trim());
    return true;
  });
  return usable.length > 0 ? usable : types;
}

/**
 * Above every other layer a screen can open: antd stacks a dialog, drawer or popconfirm opened from another one 100
 * over its parent, up to CONTAINER_MAX_OFFSET (1000) over `zIndexPopupBase`, where App.useApp()'s confirmations sit
 * (`modal.confirm`: base + 1000); a page's own dialogs are inside its popup layer (app/layouts/KeptPage.tsx, z-index
 * 1001). The identity dialog is asked for by the action of such a dialog, so it must cover it, or its mask blocks
 * the mouse while its focus trap holds the keyboard. Toasts (base + 1010) and notifications (base + 1050)
 * stay over it: a refused check is told in a toast.
 */
const ABOVE_EVERY_DIALOG = 1000 + 1;

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
  const { open, types, command, round } = state;
  const factors = useSecondFactorMethods(open, round);
  const usable = useUsableMethods(types);
  const { token } = theme.useToken();
  // A second factor is the stronger proof: offered first.
  const offered = [...factors.methods, ...usable];
  const method = state.method ?? (offered[0] as VerifyMethod);
  const { title, form: MethodForm } = METHODS[method];
  const others = offered.filter((type) => type !== method);
  const body = useRef<HTMLDivElement>(null);
  /** Open and done animating: a switch of method then starts in the new method's first field. */
  const shown = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each method (or round) the dialog shows, and once the account's second factors are known
  useEffect(() => {
    if (shown.current) focusFirstField(body.current);
  }, [method, round, factors.loading]);
  return (
    <Modal
      open={open}
      title={factors.loading ? sfx('title') : t('verify.title', { method: title() })}
      width={500}
      zIndex={token.zIndexPopupBase + ABOVE_EVERY_DIALOG}
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
      <Alert type="info" showIcon title={t('verify.notice')} style={{ marginBottom: 16 }} />
      <div ref={body} style={{ display: 'contents' }}>
        {factors.loading ? (
          <Flex justify="center" style={{ padding: 24 }}>
            <Spin />
          </Flex>
        ) : (
          <MethodForm key={`${round}:${method}`} command={command} onSuccess={onSuccess} />
        )}
      </div>
      {!factors.loading && others.length > 0 && (
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
      <span style={{ fontSize: 12 }}>{title()}</span>
    </button>
  );
}
