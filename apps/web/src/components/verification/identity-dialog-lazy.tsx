import { type ComponentProps, lazy } from 'react';

const Dialog = lazy(() => import('./IdentityDialog').then((m) => ({ default: m.IdentityDialog })));

/**
 * The identity dialog, fetched on first render. A module of its own, itself fetched lazily by
 * IdentityVerification.tsx: the dialog chunk's long list of files to preload then travels in this small chunk,
 * fetched when the dialog first opens, instead of in the chunk of every page with the hook (/login, the main
 * layout; docs/frontend-budgets.md). A component around the lazy one, since React refuses a lazy that resolves to a
 * lazy.
 */
export function IdentityDialog(props: ComponentProps<typeof Dialog>) {
  return <Dialog {...props} />;
}
