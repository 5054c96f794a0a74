import { Form, type FormInstance } from 'antd';
import { type RefObject, useRef, useState } from 'react';
import { type CodeHandle, CodeInput } from '@/components/verification';
import { HttpError } from '@/lib/http';
import { t } from '@/lib/i18n';
import { emailKey, mobileKey } from './profile-form';

export type ProofKind = 'mobile' | 'email';

/** The form field holding the code typed for each kind (the profile form and the 验证 dialog name them alike). */
export const CODE_FIELD = { mobile: 'mobileCode', email: 'emailCode' } as const;

/** A code checked for a mobile number / e-mail: its token, and the value it proves. */
interface Proof {
  value: string;
  token: string;
}

/**
 * The codes of a form that proves mobile numbers / e-mails (a new one in the profile form, the stored unproven one
 * in the 验证 dialog): the code inputs' handles, and the tokens of codes already checked, kept until the save goes
 * through, so a save the user did not confirm in the identity dialog (sudo mode) can be repeated without a new code.
 */
export function useContactProofs(form: FormInstance) {
  const mobile = useRef<CodeHandle>(null);
  const email = useRef<CodeHandle>(null);
  const codes = { mobile, email };
  const proofs = useRef<Partial<Record<ProofKind, Proof>>>({});
  // Bumped to start the code inputs afresh (no code sent, no countdown) after a refused save.
  const [round, setRound] = useState(0);

  /** The token proving `value` (a code checked before, or the typed one checked now); null: the field says why. */
  const proofFor = async (kind: ProofKind, value: string): Promise<string | null> => {
    const key = (kind === 'mobile' ? mobileKey(value) : emailKey(value)) ?? '';
    const known = proofs.current[kind];
    if (known && known.value === key) return known.token;
    const field = CODE_FIELD[kind];
    try {
      const handle = codes[kind].current;
      if (!handle) throw new Error(t('verify.codeNotSent'));
      const token = await handle.check(form.getFieldValue(field) as string | undefined);
      proofs.current[kind] = { value: key, token };
      return token;
    } catch (error) {
      form.setFields([{ name: field, errors: [error instanceof Error ? error.message : t('verify.checkFailed')] }]);
      return null;
    }
  };

  /**
   * After the save: gone through (no `error`), its tokens are spent. Refused, a token may be what was refused, so
   * they are dropped and the code inputs start afresh (a new code is sent); except when the user did not confirm
   * the identity verification the server asked for: then the same tokens serve the next save.
   */
  const settle = (error?: unknown) => {
    if (error instanceof HttpError && error.verificationRequired) return;
    proofs.current = {};
    if (error === undefined) return;
    form.setFields([
      { name: CODE_FIELD.mobile, value: '' },
      { name: CODE_FIELD.email, value: '' },
    ]);
    setRound((current) => current + 1);
  };

  return { codes, round, proofFor, settle };
}

/**
 * The code field of a mobile number / e-mail being proven: 获取验证码 sends to `target` (through `send`). It starts
 * afresh when the target changes or a save was refused (`round`), so a code sent to an earlier value is never
 * checked for this one.
 */
export function ContactCode({
  kind,
  round,
  handle,
  send,
  target,
  hint,
}: {
  kind: ProofKind;
  round: number;
  handle: RefObject<CodeHandle | null>;
  send: () => Promise<string | null>;
  target: string;
  hint: string;
}) {
  const fieldLabel = t(kind === 'mobile' ? 'profile.mobileCode' : 'profile.emailCode');
  return (
    <Form.Item
      label={fieldLabel}
      name={CODE_FIELD[kind]}
      extra={hint}
      rules={[{ required: true, whitespace: true, message: t('verify.codeRequired') }]}
    >
      <CodeInput
        key={`${round}:${target}`}
        ref={handle}
        channel={kind === 'mobile' ? 'sms' : 'email'}
        send={send}
        aria-label={fieldLabel}
      />
    </Form.Item>
  );
}
