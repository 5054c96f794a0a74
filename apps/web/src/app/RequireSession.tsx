import { lazy, Suspense, useEffect } from 'react';
import { type LoaderFunctionArgs, Outlet, redirect, useRevalidator } from 'react-router';
import { LoadingDots } from '@/components/loading';
import { useSession } from '@/stores/session';

/**
 * The page of a step the account must take before any screen (a generated password, a second factor its role
 * requires), fetched only when one is due: it keeps the auth and second-factor pages out of the main chunk.
 */
const ForcedStep = lazy(() => import('./ForcedStep').then((m) => ({ default: m.ForcedStep })));

/**
 * Route guard, as a loader: without a token, session-required routes send the user to
 * /login?redirect=<the wanted full path>[&reason=<why the server ended the session>]. A loader runs on every
 * navigation that enters the guarded tree,
 * including a typed address or the back button right after logout; a <Navigate> element did not (it stayed
 * mounted with the same target and never fired again, leaving a blank page).
 */
export function requireSessionLoader({ request }: LoaderFunctionArgs) {
  const session = useSession.getState();
  if (session.token) return null;
  const { pathname, search } = new URL(request.url);
  // A session the server ended: its reason code (never a text) goes along, so a reload still shows it.
  const reason = session.takeEndReason();
  throw redirect(`/login?${new URLSearchParams({ redirect: pathname + search, ...(reason ? { reason } : {}) })}`);
}

/**
 * The logout event while on a guarded page: re-run the guard so it leaves for /login. While the account's
 * password is a generated one (and nobody is acting as it), the forced change replaces every screen; so does
 * adding a second factor while its role requires one it lacks (after the password change when both are due). The
 * wanted screen follows once it is done.
 */
export function RequireSession() {
  const token = useSession((state) => state.token);
  const mustChangePassword = useSession((state) =>
    Boolean(state.user?.mustChangePassword && !state.user.originalAccount),
  );
  const mustEnrol = useSession((state) => Boolean(state.user?.mustEnrolSecondFactor && !state.user.originalAccount));
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (!token) void revalidate();
  }, [token, revalidate]);
  if (!token) return null;
  if (!mustChangePassword && !mustEnrol) return <Outlet />;
  return (
    // The dots, not the layout's frame: the forced step is a page of its own, outside the main layout.
    <Suspense fallback={<LoadingDots />}>
      <ForcedStep step={mustChangePassword ? 'password' : 'second-factor'} />
    </Suspense>
  );
}
