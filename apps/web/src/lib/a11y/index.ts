export { usePrefersReducedMotion } from './reduced-motion';
