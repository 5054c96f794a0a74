import { PASSKEY_NAME_MAX } from '@gatehouse/contract';
import { App, Form, Input } from 'antd';
import { type ReactNode, useState } from 'react';
import { FormDialog } from '@/components/form-dialog';
import { isKnownAuthenticator, isWebAuthnCancel, passkeyCreation } from '@/components/verification/webauthn';
import { HttpError } from '@/lib/http';
import { type Passkey, passkeyRegistrationOptions, registerPasskey, renamePasskey } from '../api/second-factor.api';
import { tx } from '../texts';
import { defaultPasskeyName } from './passkey-name';

interface NameValues {
  name: string;
}

function PasskeyNameForm({
  formId,
  initial,
  onFinish,
}: {
  formId: string;
  initial: string;
  onFinish(values: NameValues): void;
}) {
  const [form] = Form.useForm<NameValues>();
  return (
    <Form<NameValues>
      form={form}
      name={formId}
      layout="vertical"
      initialValues={{ name: initial }}
      onFinish={(values) => onFinish({ name: values.name.trim() })}
      autoComplete="off"
    >
      <Form.Item
        label={tx('passkeyName')}
        name="name"
        extra={tx('passkeyNameHint')}
        rules={[{ required: true, whitespace: true, message: tx('passkeyNameRequired') }]}
        style={{ marginBottom: 0 }}
      >
        <Input maxLength={PASSKEY_NAME_MAX} showCount />
      </Form.Item>
    </Form>
  );
}

/**
 * 添加通行密钥: a name (suggested from this browser), then the server's creation options (sudo: the identity dialog
 * first when the server wants it), the browser's passkey prompt, and the server's check. A closed prompt is a
 * quiet 已取消 and the name dialog stays, to try again. `onAdded` gets the recovery codes the server answers for
 * an account's first second factor.
 */
export function useAddPasskey(onAdded: (recoveryCodes: string[] | undefined) => void): {
  open(): void;
  dialog: ReactNode;
} {
  const { message } = App.useApp();
  const [target, setTarget] = useState<{ name: string } | null>(null);

  const add = async (name: string, setSaving: (saving: boolean) => void) => {
    setSaving(true);
    try {
      const { challengeId, options } = await passkeyRegistrationOptions();
      const credential = await passkeyCreation(options);
      const { recoveryCodes } = await registerPasskey({ challengeId, name, credential });
      setTarget(null);
      message.success({ content: tx('passkeyAdded'), key: 'second-factor.passkey' });
      onAdded(recoveryCodes);
    } catch (error) {
      // A refusal was reported by the http client (or the identity dialog was closed).
      if (error instanceof HttpError) return;
      const key = 'second-factor.passkey';
      if (isWebAuthnCancel(error)) void message.info({ content: tx('passkeyCancelled'), key });
      else if (isKnownAuthenticator(error)) void message.warning({ content: tx('passkeyExists'), key });
      else void message.error({ content: tx('passkeyFailed'), key });
    } finally {
      setSaving(false);
    }
  };

  const dialog = (
    <FormDialog
      title={tx('passkeyAddTitle')}
      width={440}
      formId="passkeyAdd"
      target={target}
      onClose={() => setTarget(null)}
    >
      {(shown, setSaving) => (
        <PasskeyNameForm formId="passkeyAdd" initial={shown.name} onFinish={({ name }) => add(name, setSaving)} />
      )}
    </FormDialog>
  );
  return { open: () => setTarget({ name: defaultPasskeyName(navigator.userAgent) }), dialog };
}

/** 重命名: the passkey's new name (PUT /auth/passkeys/:id). */
export function useRenamePasskey(onRenamed: () => void): { open(passkey: Passkey): void; dialog: ReactNode } {
  const { message } = App.useApp();
  const [target, setTarget] = useState<Passkey | null>(null);

  const rename = async (passkey: Passkey, name: string, setSaving: (saving: boolean) => void) => {
    setSaving(true);
    try {
      await renamePasskey(passkey.id, name);
    } catch {
      return; // Reported by the http client.
    } finally {
      setSaving(false);
    }
    setTarget(null);
    message.success({ content: tx('passkeyRenamed'), key: 'second-factor.rename' });
    onRenamed();
  };

  const dialog = (
    <FormDialog
      title={tx('passkeyRenameTitle')}
      width={440}
      formId="passkeyRename"
      target={target}
      onClose={() => setTarget(null)}
    >
      {(passkey, setSaving) => (
        <PasskeyNameForm
          formId="passkeyRename"
          initial={passkey.name}
          onFinish={({ name }) => rename(passkey, name, setSaving)}
        />
      )}
    </FormDialog>
  );
  return { open: setTarget, dialog };
}
