import { CopyOutlined } from '@ant-design/icons';
import { TOTP_DIGITS } from '@gatehouse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Form, Input, Modal, Spin, Typography, theme } from 'antd';
import { lazy, type ReactNode, Suspense, useRef, useState } from 'react';
import { focusFirstField } from '@/components/form-dialog';
import { copyText } from '@/lib/clipboard';
import { HttpError } from '@/lib/http';
import { enableTotp, setupTotp, type TotpSecret } from '../api/second-factor.api';
import { tx } from '../texts';

const TotpQrCode = lazy(() => import('./TotpQrCode'));

const codePattern = new RegExp(`^\\d{${TOTP_DIGITS}}$`);

/** The secret as typed into an app by hand: groups of four (ABCD EFGH …). */
export const groupSecret = (secret: string) => (secret.replace(/\s+/g, '').match(/.{1,4}/g) ?? []).join(' ');

/** The server's words for a refused code (400, 403, 429), else a plain "wrong code". */
const refusal = (error: unknown) =>
  error instanceof HttpError && error.status !== undefined && error.status < 500 && error.message
    ? error.message
    : tx('codeWrong');

/**
 * 设置身份验证器: `start()` asks the server for a new secret (sudo: the identity dialog comes first when the
 * server wants it; closing it ends here quietly), then the dialog shows it as a QR code and as a key to type and
 * asks for the app's current code. `onEnabled` gets the recovery codes the server answers once TOTP is on.
 */
export function useTotpSetup(onEnabled: (recoveryCodes: string[]) => void): {
  start(): Promise<void>;
  starting: boolean;
  dialog: ReactNode;
} {
  const [secret, setSecret] = useState<TotpSecret | null>(null);
  const [starting, setStarting] = useState(false);

  const start = async () => {
    if (starting) return;
    setStarting(true);
    try {
      setSecret(await setupTotp());
    } catch {
      // Reported by the http client, or the identity dialog was closed.
    } finally {
      setStarting(false);
    }
  };

  const dialog = (
    <TotpSetupDialog
      secret={secret}
      onClose={() => setSecret(null)}
      onEnabled={(codes) => {
        setSecret(null);
        onEnabled(codes);
      }}
    />
  );
  return { start, starting, dialog };
}

const ENABLE_KEY = ['second-factor', 'totp-enable'] as const;

function TotpSetupDialog({
  secret,
  onClose,
  onEnabled,
}: {
  secret: TotpSecret | null;
  onClose(): void;
  onEnabled(recoveryCodes: string[]): void;
}) {
  const [form] = Form.useForm<{ code: string }>();
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const queryClient = useQueryClient();
  const body = useRef<HTMLDivElement>(null);
  // Kept while the dialog animates closed.
  const last = useRef<TotpSecret | null>(null);
  if (secret) last.current = secret;
  const shown = secret ?? last.current;

  const enable = useMutation({
    mutationKey: ENABLE_KEY,
    gcTime: 0,
    mutationFn: (code: string) => enableTotp(code),
    onError: (error) => form.setFields([{ name: 'code', value: '', errors: [refusal(error)] }]),
    onSuccess: (codes) => {
      message.success({ content: tx('totpEnabled'), key: 'second-factor.totp' });
      onEnabled(codes);
    },
  });

  const submit = ({ code }: { code: string }) => {
    if (queryClient.isMutating({ mutationKey: ENABLE_KEY }) > 0) return;
    enable.mutate(code.trim());
  };

  const copy = async () => {
    if (!shown) return;
    if (await copyText(shown.secret)) message.success({ content: tx('copied'), key: 'second-factor.copy' });
    else message.warning({ content: tx('copyFailed'), key: 'second-factor.copy' });
  };

  return (
    <Modal
      open={secret !== null}
      title={tx('setupTitle')}
      width={520}
      mask={{ closable: false }}
      destroyOnHidden
      onCancel={onClose}
      okText={tx('enable')}
      cancelText={tx('cancel')}
      okButtonProps={{ htmlType: 'submit', form: 'totpSetup', loading: enable.isPending }}
      afterOpenChange={(open) => {
        if (open) focusFirstField(body.current);
      }}
    >
      {shown && (
        <div ref={body} data-testid="totp-setup">
          <Typography.Paragraph>{tx('setupScan')}</Typography.Paragraph>
          <Flex justify="center" style={{ marginBottom: 16 }}>
            <Suspense
              fallback={
                <Flex align="center" justify="center" style={{ width: 176, height: 176 }}>
                  <Spin />
                </Flex>
              }
            >
              <TotpQrCode value={shown.otpauthUrl} label={tx('qrLabel')} />
            </Suspense>
          </Flex>
          <Typography.Paragraph>{tx('setupKey')}</Typography.Paragraph>
          <Flex align="center" gap={8} style={{ marginBottom: 16 }}>
            <code
              data-testid="totp-secret"
              style={{
                flex: 1,
                padding: '6px 12px',
                background: token.colorFillAlter,
                borderRadius: token.borderRadius,
                fontFamily: token.fontFamilyCode,
                fontSize: 15,
                letterSpacing: 1,
                wordBreak: 'break-all',
                userSelect: 'all',
              }}
            >
              {groupSecret(shown.secret)}
            </code>
            <Button icon={<CopyOutlined />} onClick={copy}>
              {tx('copy')}
            </Button>
          </Flex>
          <Typography.Paragraph>{tx('setupCode')}</Typography.Paragraph>
          <Form form={form} name="totpSetup" onFinish={submit} autoComplete="off">
            <Form.Item
              name="code"
              validateFirst
              rules={[
                { required: true, whitespace: true, message: tx('codeRequired') },
                { pattern: codePattern, transform: (value?: string) => value?.trim(), message: tx('codeFormat') },
              ]}
              style={{ marginBottom: 0 }}
            >
              <Input
                size="large"
                placeholder={tx('codePlaceholder')}
                aria-label={tx('codePlaceholder')}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={TOTP_DIGITS}
                style={{ maxWidth: 240 }}
              />
            </Form.Item>
          </Form>
        </div>
      )}
    </Modal>
  );
}
