import { lazy } from 'react';
import { EnrolSecondFactorPage } from '@/features/second-factor';

/** Fetched only when an account must change a generated password (keeps the auth pages out of the main chunk). */
const InitialPasswordPage = lazy(() => import('@/features/auth').then((m) => ({ default: m.InitialPasswordPage })));

/**
 * The page the route guard (RequireSession) shows in place of every screen while the account has a step to take
 * first: change a generated password, or add a second factor its role requires. The guard fetches this
 * module lazily, so the long preload lists of the two features' chunks travel here, not in the entry chunk every
 * page loads, /login included (docs/frontend-budgets.md).
 */
export function ForcedStep({ step }: { step: 'password' | 'second-factor' }) {
  return step === 'password' ? <InitialPasswordPage /> : <EnrolSecondFactorPage />;
}
