import { useMediaQuery } from './media-query';

/** Whether the system asks for a dark colour scheme (prefers-color-scheme); the theme follows it until chosen. */
export function usePrefersDarkScheme(): boolean {
  return useMediaQuery('(prefers-color-scheme: dark)');
}
