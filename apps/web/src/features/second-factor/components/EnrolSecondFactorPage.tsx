import { KeyOutlined, SafetyOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Typography, theme } from 'antd';
import { type ReactNode, useState } from 'react';
// The modules, not the folder's index: the captcha and code inputs stay out of this chunk.
import { useSudoVerifier } from '@/components/verification/IdentityVerification';
import { passkeyAddressNote } from '@/components/verification/passkey-address';
import { useWebAuthnSupported } from '@/components/verification/webauthn';
import { byLocale } from '@/lib/i18n';
import { useSession } from '@/stores/session';
import { logout } from '../api/second-factor.api';
import { tx } from '../texts';
import { useAddPasskey } from './passkeys';
import { useRecoveryCodes } from './recovery-codes';
import { useTotpSetup } from './totp-setup';

/**
 * 启用双因素认证: shown in place of every signed-in screen while the account's role requires a second factor it
 * does not hold (AccountInfo.mustEnrolSecondFactor; app/RequireSession.tsx). The server serves nothing else until
 * one is added. Once the authenticator app is on or a passkey added, and the recovery codes saved, the account is
 * loaded again and the screen the user was going to appears.
 */
export function EnrolSecondFactorPage() {
  const { token } = theme.useToken();
  const account = useSession((state) => state.user);
  const webAuthn = useWebAuthnSupported();
  const recovery = useRecoveryCodes();
  const [finishing, setFinishing] = useState(false);
  // The main layout's verifier is not mounted here: the page installs the same one.
  const sudo = useSudoVerifier();

  const finish = async (codes: string[] | undefined) => {
    if (codes?.length) await recovery.show(codes);
    setFinishing(true);
    // The account no longer has to enrol: RequireSession then shows the app.
    await useSession.getState().bootstrap();
    setFinishing(false);
  };

  const totp = useTotpSetup((codes) => void finish(codes));
  const passkey = useAddPasskey((codes) => void finish(codes));

  const signOut = async () => {
    await logout().catch(() => undefined);
    useSession.getState().clear();
  };

  return (
    <Flex
      vertical
      align="center"
      justify="center"
      style={{ minHeight: '100vh', padding: '32px 16px', background: token.colorBgLayout }}
    >
      <Card
        title={tx('enrolTitle')}
        style={{ width: '100%', maxWidth: byLocale({ 'zh-CN': 520, 'en-US': 560 }), borderRadius: 10 }}
        data-testid="enrol-second-factor"
      >
        <Alert
          type="warning"
          showIcon
          title={tx('enrolRequired')}
          description={tx('enrolExplain')}
          style={{ marginBottom: 16 }}
        />
        <Flex vertical gap={12}>
          <EnrolOption
            icon={<SafetyOutlined />}
            title={tx('totp')}
            hint={tx('enrolTotpHint')}
            action={
              <Button type="primary" onClick={() => void totp.start()} loading={totp.starting} disabled={finishing}>
                {tx('totpSetup')}
              </Button>
            }
          />
          <EnrolOption
            icon={<KeyOutlined />}
            title={tx('passkeys')}
            hint={tx('enrolPasskeyHint')}
            action={
              webAuthn === false ? (
                <Typography.Text type="secondary">{passkeyAddressNote() ?? tx('passkeyUnsupported')}</Typography.Text>
              ) : (
                <Button onClick={passkey.open} disabled={!webAuthn || finishing}>
                  {tx('passkeyAdd')}
                </Button>
              )
            }
          />
        </Flex>
        <Flex justify="space-between" align="center" gap={8} wrap style={{ marginTop: 20 }}>
          <Typography.Text type="secondary">
            {account ? tx('enrolSignedInAs', { name: account.accountName, number: account.accountNumber }) : null}
          </Typography.Text>
          <Button type="link" onClick={signOut} style={{ paddingInline: 0 }}>
            {tx('enrolLogout')}
          </Button>
        </Flex>
      </Card>
      {totp.dialog}
      {passkey.dialog}
      {recovery.dialog}
      {sudo}
    </Flex>
  );
}

function EnrolOption({
  icon,
  title,
  hint,
  action,
}: {
  icon: ReactNode;
  title: string;
  hint: string;
  action: ReactNode;
}) {
  const { token } = theme.useToken();
  return (
    <Flex
      align="center"
      gap={16}
      wrap
      style={{ padding: 16, border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadiusLG }}
    >
      <span aria-hidden="true" style={{ fontSize: 26, color: token.colorPrimary }}>
        {icon}
      </span>
      <Flex vertical gap={2} style={{ flex: 1, minWidth: 200 }}>
        <Typography.Text strong>{title}</Typography.Text>
        <Typography.Text type="secondary">{hint}</Typography.Text>
      </Flex>
      {action}
    </Flex>
  );
}
