import ArrowRightOutlined from '@ant-design/icons-svg/es/asn/ArrowRightOutlined';
import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import { needsSecondFactor, sessionEndReason } from '@gatehouse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '@/components/lite/Alert';
import { PrimaryButton } from '@/components/lite/Button';
import { CaptchaInput } from '@/components/lite/CaptchaInput';
import { Field, PasswordInput, TextInput } from '@/components/lite/Field';
import { Icon } from '@/components/lite/Icon';
import { Tabs } from '@/components/lite/Tabs';
import type { CaptchaHandle } from '@/components/verification/use-captcha-image';
import { safeRedirect } from '@/config/app-config';
import {
  login,
  loginCaptchaState,
  type SecondFactorChallenge,
  type SignInAnswer,
  useAuthOptions,
} from '@/features/auth/api/auth.api';
import { HttpError } from '@/lib/http';
import { type MessageKey, t } from '@/lib/i18n';
import { dismissNotices } from '@/lib/notify';
import { useSession } from '@/stores/session';
import { AuthBackdrop } from './AuthBackdrop';
import type { PasskeyNotice } from './passkey';
import '@/components/lite/lite-base.css';
import '@/components/lite/lite.css';
import './auth.css';
import { carrySignInPassword, takeSignInPassword } from '../sign-in-carry';

/**
 * The page renders without antd (docs/adr/0014): its first screen is the account form in plain elements styled like
 * antd's. The SMS tab and 忘记密码？'s identity-verification dialog are antd screens fetched on first use, each inside
 * an antd root of its own.
 */
const SmsLoginPanel = lazy(() => import('./SmsLoginForm').then((m) => ({ default: m.SmsLoginPanel })));
const PasswordReset = lazy(() => import('./PasswordReset').then((m) => ({ default: m.PasswordReset })));
/** The second factor: the step and the passkey code are fetched when a sign-in needs them. */
const SecondFactorStep = lazy(() => import('./SecondFactorStep').then((m) => ({ default: m.SecondFactorStep })));

/** What the registration page hands over: the new account number, to fill in. */
interface LoginLocationState {
  account?: string;
}

/**
 * Sign-in (reference UI §1.2): by account and password (plus the image captcha when the server asks for one),
 * or by an SMS code; 忘记密码？ verifies the identity and goes to the password page; 立即注册 when open.
 */
export function LoginPage() {
  const options = useAuthOptions();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const initialAccount = (location.state as LoginLocationState | null)?.account;
  const signIn = useSession((state) => state.signIn);
  const restricted = useSession((state) => state.restricted);
  // Clicks of 忘记密码？: the first one fetches the identity verification, each one opens it.
  const [resetRound, setResetRound] = useState(0);
  const [tab, setTab] = useState('account');
  // A first factor that answered a second-factor challenge: the card shows the second step.
  const [challenge, setChallenge] = useState<SecondFactorChallenge | null>(null);
  // Why the second step came back (its ticket no longer works), and the account number to fill in again.
  const [stepEnded, setStepEnded] = useState<string>();
  const [typedAccount, setTypedAccount] = useState(initialAccount);
  // Opened while signed in (a bookmark, the back button): the page has nothing to do; the account goes on. A
  // sign-in made here goes on by itself once the account is loaded (or stays, access restricted).
  const hasToken = useSession((state) => Boolean(state.token));
  const signingIn = useRef(false);
  // Why the last session ended, as a known code from the address (a reload keeps it); never text from the URL.
  const ended = sessionEndReason(searchParams.get('reason'));

  // Unknown options (the call failed) fall back to the server's defaults: captcha on.
  const captchaOn = options.data?.loginCaptcha ?? options.isError;
  const registrationOpen = options.data?.registration === true;

  const signedIn = async (token: string) => {
    signingIn.current = true;
    await signIn(token);
    // Kept only for a password the account must change first (the 修改初始密码 page takes it).
    if (!useSession.getState().user?.mustChangePassword) takeSignInPassword();
    // Access-control mode with no permitted route: the token is gone and this page says so.
    if (useSession.getState().restricted) return;
    // A refusal of an earlier attempt ('账号或密码错误') no longer holds on the screen the account goes to.
    dismissNotices();
    navigate(safeRedirect(searchParams.get('redirect')), { replace: true });
  };

  /** A first factor's answer: the session, or the second step it still needs. */
  const answered = async (answer: SignInAnswer, account?: string) => {
    if (!needsSecondFactor(answer)) return signedIn(answer);
    setStepEnded(undefined);
    if (account) setTypedAccount(account);
    setChallenge(answer);
  };

  const backToFirstStep = (message?: string) => {
    setChallenge(null);
    setStepEnded(message);
  };

  if (hasToken && !signingIn.current) return <Navigate to={safeRedirect(searchParams.get('redirect'))} replace />;

  return (
    <AuthBackdrop>
      <h1 className="gh-login-heading">{t('login.heading')}</h1>
      {restricted ? (
        <Alert type="error" style={{ width: 320, marginBottom: 12 }}>
          {t('login.restricted')}
        </Alert>
      ) : stepEnded ? (
        <Alert type="warning" style={{ width: 320, marginBottom: 12 }}>
          {stepEnded}
        </Alert>
      ) : (
        ended && (
          <Alert type="warning" style={{ width: 320, marginBottom: 12 }}>
            {t(`auth.ended.${ended}`)}
          </Alert>
        )
      )}
      <div className="gh-card">
        {challenge ? (
          <Suspense fallback={<PanelLoading />}>
            <SecondFactorStep challenge={challenge} onSignedIn={signedIn} onBack={backToFirstStep} />
          </Suspense>
        ) : (
          <>
            <Tabs
              activeKey={tab}
              onChange={setTab}
              items={[
                { key: 'account', label: t('auth.tabAccount') },
                { key: 'sms', label: t('auth.tabSms') },
              ]}
            >
              {tab === 'account' ? (
                <AccountLoginForm
                  captchaOn={captchaOn}
                  ready={!options.isPending}
                  initialAccount={typedAccount}
                  onAnswer={answered}
                  onSignedIn={signedIn}
                  onForgotPassword={() => setResetRound((round) => round + 1)}
                />
              ) : (
                <Suspense fallback={<PanelLoading />}>
                  <SmsLoginPanel onAnswer={answered} />
                </Suspense>
              )}
            </Tabs>
            {registrationOpen && (
              <div style={{ display: 'flex', justifyContent: 'flex-end' }}>
                <Link to="/register" className="gh-link">
                  {t('auth.registerNow')} <Icon icon={ArrowRightOutlined} />
                </Link>
              </div>
            )}
          </>
        )}
      </div>
      {resetRound > 0 && (
        <Suspense fallback={null}>
          <PasswordReset round={resetRound} />
        </Suspense>
      )}
    </AuthBackdrop>
  );
}

/** While the SMS tab's or the second step's code loads: its height, so the card does not jump. */
function PanelLoading(): ReactNode {
  return (
    <output className="gh-panel-loading" aria-label={t('common.loading')}>
      <span className="gh-spinner" aria-hidden />
    </output>
  );
}

type AccountField = 'account' | 'password' | 'captcha';
type AccountValues = Record<AccountField, string>;
type AccountErrors = Partial<Record<AccountField, string>>;

/** The account form's rules (as the antd form had them): the first broken rule's message, or undefined. */
function problemOf(field: AccountField, value: string, captchaOn: boolean): MessageKey | undefined {
  switch (field) {
    case 'account':
      if (!value.trim()) return 'login.accountRequired';
      if (value.length < 3 || value.length > 30) return 'login.accountLength';
      return undefined;
    case 'password':
      if (!value) return 'login.passwordRequired';
      if (value.length > 128) return 'login.passwordLength';
      return undefined;
    case 'captcha':
      return captchaOn && !value.trim() ? 'auth.captchaRequired' : undefined;
  }
}

const FIELDS: readonly AccountField[] = ['account', 'password', 'captcha'];

/** The account sign-in's mutation: one form on the page, so one key. */
const SIGN_IN = ['auth', 'signIn'] as const;
const PASSKEY_SIGN_IN = ['auth', 'passkeySignIn'] as const;

interface AccountLoginFormProps {
  captchaOn: boolean;
  /** The sign-in options are known (until then nobody can tell whether a captcha is needed). */
  ready: boolean;
  initialAccount?: string;
  /** The sign-in's answer, with the account number it was for. */
  onAnswer(answer: SignInAnswer, account: string): Promise<void>;
  onSignedIn(token: string): Promise<void>;
  onForgotPassword(): void;
}

function AccountLoginForm({
  captchaOn: captchaAlways,
  ready,
  initialAccount,
  onAnswer,
  onSignedIn,
  onForgotPassword,
}: AccountLoginFormProps) {
  const [values, setValues] = useState<AccountValues>({ account: initialAccount ?? '', password: '', captcha: '' });
  const [errors, setErrors] = useState<AccountErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const captchaRef = useRef<CaptchaHandle>(null);
  const queryClient = useQueryClient();
  // With LOGIN_CAPTCHA=off the server asks for the captcha after a few failures of one account (ADR 0011).
  const [captchaAsked, setCaptchaAsked] = useState(false);
  // A 429 (locked, too many attempts, busy) stays on the page as well as in the toast.
  const [refusal, setRefusal] = useState<string | null>(null);
  const captchaOn = captchaAlways || captchaAsked;

  /** Each field is checked as it changes (antd's default), and all of them on submit. */
  const change = (field: AccountField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    const problem = problemOf(field, value, captchaOn);
    setErrors((current) => ({ ...current, [field]: problem && t(problem) }));
  };

  const askServer = async (account: string) => {
    if (captchaAlways || !account.trim()) return;
    try {
      setCaptchaAsked((await loginCaptchaState(account.trim())).required);
    } catch {
      // Unknown: keep the form as it is; the server still says so when the captcha is missing.
    }
  };

  // The submit state (the button's spinner, a second submit ignored while one runs) is TanStack's. Everything the
  // submit does runs in it: the captcha check, the sign-in, the way to the next screen. Failures are handled inside
  // (the http client has reported them); `gcTime: 0` keeps the password out of the cache once the form is gone.
  const signIn = useMutation({
    mutationKey: SIGN_IN,
    gcTime: 0,
    mutationFn: async (sent: AccountValues) => {
      setRefusal(null);
      let captcha: string | undefined;
      if (captchaOn) {
        const handle = captchaRef.current;
        if (!handle) return;
        try {
          captcha = await handle.check(sent.captcha);
        } catch (error) {
          // Fetched on a failed check only, outside the page's first load (docs/frontend-budgets.md).
          const failure = (await import('./check-failure')).checkFailure('captcha', error);
          setErrors((current) => ({ ...current, captcha: failure.errors[0] }));
          if (failure.value !== undefined) setValues((current) => ({ ...current, captcha: '' }));
          return;
        }
      }
      let answer: SignInAnswer;
      try {
        answer = await login({ account: sent.account.trim(), password: sent.password, captcha });
      } catch (error) {
        // The http client has shown why (e.g. a wrong password). The captcha token is spent either way; the
        // check already put a new image up (one per check), so only the old answer has to go.
        if (captchaOn) {
          setValues((current) => ({ ...current, captcha: '' }));
          setErrors((current) => ({ ...current, captcha: undefined }));
        }
        if (error instanceof HttpError && error.kind === 'rate-limited') setRefusal(error.message);
        // Access-control mode: the server gives an account without a permitted screen no session; the page says so
        // as it does when the browser finds no permitted route.
        if (error instanceof HttpError && error.kind === 'forbidden') useSession.setState({ restricted: true });
        await askServer(sent.account);
        return;
      }
      carrySignInPassword(sent.password);
      await onAnswer(answer, sent.account.trim());
    },
  });

  // A passwordless sign-in; the code that asks the browser (and its library) is fetched on the first click.
  const [passkeyNote, setPasskeyNote] = useState<PasskeyNotice>();
  // On a page opened by an IP address the passkey sign-in cannot work: it says why in the link's place. Asked of a
  // module fetched after the first render (passkey-address.ts), outside the page's first load; the link waits for it.
  const webAuthn = typeof globalThis.PublicKeyCredential === 'function';
  const [passkeyAddress, setPasskeyAddress] = useState<{ note: string; url: string | null } | null | undefined>();
  useEffect(() => {
    if (!webAuthn) return;
    let live = true;
    void import('@/components/verification/passkey-address').then(({ localhostUrl, passkeyAddressNote }) => {
      const note = passkeyAddressNote();
      if (live) setPasskeyAddress(note === null ? null : { note, url: localhostUrl(location.href) });
    });
    return () => {
      live = false;
    };
  }, [webAuthn]);
  const passkey = useMutation({
    mutationKey: PASSKEY_SIGN_IN,
    mutationFn: async () => {
      setPasskeyNote(undefined);
      const answer = await (await import('./passkey')).signInWithPasskey();
      if (typeof answer === 'string') await onSignedIn(answer);
      else setPasskeyNote(answer);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: AccountErrors = {};
    for (const field of FIELDS) {
      const problem = problemOf(field, values[field], captchaOn);
      if (problem) found[field] = t(problem);
    }
    setErrors(found);
    const firstInvalid = FIELDS.find((field) => found[field]);
    if (firstInvalid) {
      (formRef.current?.elements.namedItem(firstInvalid) as HTMLInputElement | null)?.focus();
      return;
    }
    // Asked of the cache rather than `signIn.isPending`: it knows at once, before the re-render a second click
    // could beat.
    if (queryClient.isMutating({ mutationKey: SIGN_IN }) > 0) return;
    signIn.mutate(values);
  };

  return (
    <form ref={formRef} name="accountLogin" onSubmit={submit} autoComplete="on" noValidate>
      <Field error={errors.account}>
        {(control) => (
          <TextInput
            {...control}
            autoFocus
            prefix={UserOutlined}
            value={values.account}
            onChange={change('account')}
            onBlur={(event) => void askServer(event.target.value)}
            placeholder={t('login.accountPlaceholder')}
            autoComplete="username"
            name="account"
          />
        )}
      </Field>
      <Field error={errors.password}>
        {(control) => (
          <PasswordInput
            {...control}
            prefix={LockOutlined}
            value={values.password}
            onChange={change('password')}
            placeholder={t('login.passwordPlaceholder')}
            autoComplete="current-password"
            maxLength={128}
            name="password"
          />
        )}
      </Field>
      {captchaAsked && !captchaAlways && <p className="gh-login-hint">{t('loginGuard.captchaHint')}</p>}
      {captchaOn && (
        <Field error={errors.captcha}>
          {(control) => (
            <CaptchaInput
              ref={captchaRef}
              {...control}
              name="captcha"
              value={values.captcha}
              onChange={change('captcha')}
            />
          )}
        </Field>
      )}
      <div className="gh-login-forgot">
        <button type="button" className="gh-link gh-link-muted" onClick={onForgotPassword}>
          {t('auth.forgotPassword')}
        </button>
      </div>
      {refusal && (
        <Alert type="warning" style={{ marginBottom: 12 }}>
          {refusal}
        </Alert>
      )}
      <div style={{ marginBottom: 12 }}>
        <PrimaryButton type="submit" loading={signIn.isPending} disabled={!ready}>
          {t('login.submit')}
        </PrimaryButton>
      </div>
      {/* @simplewebauthn/browser's browserSupportsWebAuthn() test, written out: the library is fetched on the
          button's click, not with the page (docs/frontend-budgets.md). */}
      {webAuthn && passkeyAddress && (
        <div className="gh-login-passkey">
          {/* On this machine's own address, the note is the way to the same page at localhost. */}
          <output data-testid="passkey-address-note">
            {passkeyAddress.url ? (
              <a className="gh-link" href={passkeyAddress.url}>
                {passkeyAddress.note}
              </a>
            ) : (
              passkeyAddress.note
            )}
          </output>
        </div>
      )}
      {webAuthn && passkeyAddress === null && (
        <div className="gh-login-passkey">
          <button
            type="button"
            className="gh-link"
            aria-busy={passkey.isPending || undefined}
            onClick={() => queryClient.isMutating({ mutationKey: PASSKEY_SIGN_IN }) > 0 || passkey.mutate()}
          >
            {passkey.isPending && <span className="gh-spinner" aria-hidden />}
            {t('auth.passkeySignIn')}
          </button>
          {passkeyNote &&
            (passkeyNote.cancelled ? (
              <output aria-live="polite">{passkeyNote.text}</output>
            ) : (
              <Alert type="error">{passkeyNote.text}</Alert>
            ))}
        </div>
      )}
    </form>
  );
}
