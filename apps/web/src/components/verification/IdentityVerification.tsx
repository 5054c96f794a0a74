import { lazy, type ReactNode, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { configureHttp } from '@/lib/http';
import type { DialogState, VerifyMethod } from './dialog-state';
import type { SmsCommand } from './verification-api';

export type { VerifyMethod } from './dialog-state';

export interface VerifyOptions {
  /**
   * Offered methods, in order; the first is shown first. Default: all four. A signed-in account's second factors
   * ('totp', 'passkey') are not asked for here: the dialog offers them first whenever the account holds them.
   */
  types?: VerifyMethod[];
  /** SMS flavour of the mobile method. Default 'common'. */
  command?: SmsCommand;
}

const ALL_METHODS: readonly VerifyMethod[] = ['password', 'email', 'mobile', 'captcha'];

const SMS_COMMANDS: readonly SmsCommand[] = ['common', 'register', 'login', 'reset'];

/** Known methods only, each once, in the given order; nothing usable means all four. */
function offeredMethods(types: VerifyMethod[] | undefined): VerifyMethod[] {
  const known = [...new Set(types ?? [])].filter((type) => ALL_METHODS.includes(type));
  return known.length > 0 ? known : [...ALL_METHODS];
}

/**
 * The dialog itself (its method forms, the other-method switches) is a chunk of its own, fetched the first time
 * verify() opens it: the sign-in page shows it only after 忘记密码？ (docs/frontend-budgets.md). Through a small
 * module of its own (identity-dialog-lazy.ts), so the dialog's preload list stays out of this chunk.
 */
const IdentityDialog = lazy(() => import('./identity-dialog-lazy').then((m) => ({ default: m.IdentityDialog })));

/**
 * The identity-verification dialog (reference UI §3). `verify()` opens it and resolves with the token of the
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
    method: null,
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
      setState((current) => ({ open: true, types, command, method: null, round: current.round + 1 }));
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

  // Mounted from the first verify() on (round > 0), so later closings still animate.
  const dialog =
    state.round > 0 ? (
      <Suspense fallback={null}>
        <IdentityDialog state={state} onMethod={onMethod} onSuccess={settle} onCancel={onCancel} />
      </Suspense>
    ) : null;
  return { verify, dialog };
}

/**
 * Sudo mode: a call the server refuses until the user proves who they are opens the identity dialog,
 * and the http client repeats it once they did. Only the methods that prove identity are offered (a captcha proves
 * no one; the account's own second factors come first when it holds them). Mount it once where antd's providers
 * are: the signed-in layout (app/SudoVerification.tsx), or a page shown instead of it (the second factor's
 * enrolment page). Answers the dialog to render.
 */
export function useSudoVerifier(): ReactNode {
  const { verify, dialog } = useIdentityVerification();
  useEffect(() => {
    configureHttp({
      verifyIdentity: async () =>
        (await verify({ types: ['password', 'email', 'mobile'], command: 'common' })) !== null,
    });
    return () => configureHttp({ verifyIdentity: null });
  }, [verify]);
  return dialog;
}
