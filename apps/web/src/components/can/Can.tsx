import type { RouteDef } from '@gatehouse/contract';
import type { ReactNode } from 'react';
import { useCan } from '@/stores/session';

/**
 * Renders its children only when the account may call every route in `routes` (the explicit button → API map
 * of reference UI §6: pass the contract route(s) the button calls).
 */
export function Can({ routes, children }: { routes: RouteDef | RouteDef[]; children: ReactNode }) {
  const allowed = useCan(...(Array.isArray(routes) ? routes : [routes]));
  return allowed ? children : null;
}
