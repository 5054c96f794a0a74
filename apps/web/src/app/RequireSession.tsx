import { useEffect } from 'react';
import { type LoaderFunctionArgs, Outlet, redirect, useRevalidator } from 'react-router';
import { useSession } from '../stores/session';

/**
 * Route guard, as a loader: without a token, session-required routes send the user to
 * /login?redirect=<the wanted full path>. A loader runs on every navigation that enters the guarded tree,
 * including a typed address or the back button right after logout; a <Navigate> element did not (it stayed
 * mounted with the same target and never fired again, leaving a blank page).
 */
export function requireSessionLoader({ request }: LoaderFunctionArgs) {
  if (useSession.getState().token) return null;
  const { pathname, search } = new URL(request.url);
  throw redirect(`/login?redirect=${encodeURIComponent(pathname + search)}`);
}

/** The logout event while on a guarded page: re-run the guard so it leaves for /login. */
export function RequireSession() {
  const token = useSession((state) => state.token);
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (!token) void revalidate();
  }, [token, revalidate]);
  return token ? <Outlet /> : null;
}
