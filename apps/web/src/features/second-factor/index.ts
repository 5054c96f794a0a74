import { lazy } from 'react';

/**
 * The feature's public face: its two screens as lazy components, each fetched on first render. The route guard and
 * the route table import this small module (itself lazily), so the eager chunks carry only its short preload list,
 * not the screens' long ones (docs/frontend-budgets.md).
 */
export const EnrolSecondFactorPage = lazy(() =>
  import('./components/EnrolSecondFactorPage').then((m) => ({ default: m.EnrolSecondFactorPage })),
);
export const SecondFactorCard = lazy(() =>
  import('./components/SecondFactorCard').then((m) => ({ default: m.SecondFactorCard })),
);
