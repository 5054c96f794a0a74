export { usePrefersDarkScheme } from './color-scheme';
export { usePrefersReducedMotion } from './reduced-motion';
