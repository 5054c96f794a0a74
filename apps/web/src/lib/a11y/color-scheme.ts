import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-color-scheme: dark)';

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const list = window.matchMedia(QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

function snapshot(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(QUERY).matches;
}

/** Whether the system asks for a dark colour scheme (prefers-color-scheme); the theme follows it until chosen. */
export function usePrefersDarkScheme(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
