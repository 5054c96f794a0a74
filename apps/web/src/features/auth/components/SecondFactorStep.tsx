import KeyOutlined from '@ant-design/icons-svg/es/asn/KeyOutlined';
import SafetyOutlined from '@ant-design/icons-svg/es/asn/SafetyOutlined';
import { SECOND_FACTOR_METHODS, type SecondFactorMethod, TOTP_DIGITS } from '@gatehouse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { PrimaryButton } from '@/components/lite/Button';
import { Field, TextInput } from '@/components/lite/Field';
import { passkeyAddressNote } from '@/components/verification/passkey-address';
import { loginSecondFactor, type SecondFactorChallenge, secondFactorOptions } from '@/features/auth/api/auth.api';
import { HttpError } from '@/lib/http';
import { passkeyAssertion, passkeyNotice } from './passkey';
import { tx } from './second-factor-texts';
import './second-factor.css';

/**
 * The status of the server's refusal of a ticket that no longer works (expired, used, out of attempts; the
 * contract's POST /login/second-factor): the step then goes back to the first one, which answers a new ticket.
 */
const TICKET_GONE = 410;

/** The second step's mutation: one on the page, so one key. */
const SECOND_STEP = ['auth', 'secondFactor'] as const;

interface SecondFactorStepProps {
  challenge: SecondFactorChallenge;
  onSignedIn(token: string): Promise<void>;
  /** Back to the first step; with the server's message when the ticket no longer works. */
  onBack(message?: string): void;
}

/**
 * The sign-in's 双因素认证 step, in the sign-in card, fetched when a first factor answers a challenge:
 * an authenticator code, a passkey or a recovery code, whichever of them the answer offers. Plain elements like the
 * password form (the page loads no antd, docs/adr/0014).
 */
export function SecondFactorStep({ challenge, onSignedIn, onBack }: SecondFactorStepProps) {
  const { ticket } = challenge;
  const offered = SECOND_FACTOR_METHODS.filter((method) => challenge.secondFactor.includes(method));
  const [method, setMethod] = useState<SecondFactorMethod>(offered[0] ?? 'totp');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  // A cancelled passkey prompt: said quietly, not as an error.
  const [note, setNote] = useState<string>();
  const formRef = useRef<HTMLFormElement>(null);
  const queryClient = useQueryClient();
  // Passkeys need WebAuthn and a page opened by a host name (passkey-address.ts).
  const addressNote = passkeyAddressNote();
  const passkeyReady = typeof globalThis.PublicKeyCredential === 'function' && addressNote === null;

  const focusCode = () => (formRef.current?.elements.namedItem('code') as HTMLInputElement | null)?.focus();

  // The submit state is TanStack's, as on the password form; failures are handled inside (the calls are quiet: each
  // is said here), and `gcTime: 0` keeps the code out of the cache once the step is gone.
  const verify = useMutation({
    mutationKey: SECOND_STEP,
    gcTime: 0,
    mutationFn: async (sent: { method: SecondFactorMethod; code: string }) => {
      setError(undefined);
      setNote(undefined);
      let token: string;
      try {
        if (sent.method === 'passkey') {
          const { options } = await secondFactorOptions(ticket);
          const credential = await passkeyAssertion(options);
          token = await loginSecondFactor({ ticket, method: 'passkey', credential });
        } else {
          token = await loginSecondFactor({ ticket, method: sent.method, code: sent.code });
        }
      } catch (failure) {
        if (failure instanceof HttpError && failure.status === TICKET_GONE) {
          onBack(failure.message);
          return;
        }
        const notice = passkeyNotice(failure);
        if (notice.cancelled) setNote(notice.text);
        else setError(notice.text);
        // An authenticator code is one attempt: the next one is typed afresh.
        if (sent.method === 'totp') {
          setCode('');
          focusCode();
        }
        return;
      }
      await onSignedIn(token);
    },
  });

  const send = (value: string) => {
    // Asked of the cache rather than `verify.isPending`: it knows at once, before the re-render a second submit
    // (the sixth digit and Enter together) could beat.
    if (queryClient.isMutating({ mutationKey: SECOND_STEP }) > 0) return;
    if (method === 'totp' && value.length !== TOTP_DIGITS) {
      setError(tx('totpRequired'));
      focusCode();
      return;
    }
    if (method === 'recovery' && !value) {
      setError(tx('recoveryRequired'));
      focusCode();
      return;
    }
    verify.mutate({ method, code: value });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(method === 'recovery' ? code.trim() : code);
  };

  const changeCode = (value: string) => {
    setError(undefined);
    if (method === 'recovery') {
      setCode(value);
      return;
    }
    // Digits only (a pasted "123 456" too); the sixth one sends the code.
    const digits = value.replace(/\D/g, '').slice(0, TOTP_DIGITS);
    setCode(digits);
    if (digits.length === TOTP_DIGITS) send(digits);
  };

  const switchTo = (next: SecondFactorMethod) => {
    setMethod(next);
    setCode('');
    setError(undefined);
    setNote(undefined);
  };

  return (
    <form ref={formRef} name="secondFactor" onSubmit={submit} noValidate>
      <h2 className="gh-step-title">{tx('title')}</h2>
      <p className="gh-step-hint">{tx(`hint.${method}`)}</p>
      {method === 'passkey' ? (
        <Field error={error ?? (passkeyReady ? undefined : (addressNote ?? tx('passkeyUnsupported')))}>
          {({ describedBy }) => (
            <PrimaryButton
              type="submit"
              autoFocus
              loading={verify.isPending}
              disabled={!passkeyReady}
              aria-describedby={describedBy}
            >
              {tx('passkeyVerify')}
            </PrimaryButton>
          )}
        </Field>
      ) : (
        <>
          <Field error={error}>
            {(control) => (
              <TextInput
                {...control}
                // A new input for each method: autofocus, and the browser's one-time-code autofill for the app.
                key={method}
                autoFocus
                name="code"
                value={code}
                onChange={changeCode}
                prefix={method === 'totp' ? SafetyOutlined : KeyOutlined}
                placeholder={tx(method === 'totp' ? 'totpPlaceholder' : 'recoveryPlaceholder')}
                inputMode={method === 'totp' ? 'numeric' : 'text'}
                autoComplete={method === 'totp' ? 'one-time-code' : 'off'}
                autoCapitalize="off"
                spellCheck={false}
                maxLength={method === 'recovery' ? 40 : undefined}
              />
            )}
          </Field>
          <div style={{ marginBottom: 12 }}>
            <PrimaryButton type="submit" loading={verify.isPending}>
              {tx('verify')}
            </PrimaryButton>
          </div>
        </>
      )}
      {note && (
        <output className="gh-step-note" aria-live="polite">
          {note}
        </output>
      )}
      <div className="gh-step-links">
        <button type="button" className="gh-link gh-link-muted" onClick={() => onBack()}>
          {tx('back')}
        </button>
        <span className="gh-step-methods">
          {offered
            .filter((other) => other !== method)
            .map((other) => (
              <button key={other} type="button" className="gh-link" onClick={() => switchTo(other)}>
                {tx(`use.${other}`)}
              </button>
            ))}
        </span>
      </div>
    </form>
  );
}
