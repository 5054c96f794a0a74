import { appConfig } from './config/app-config';

/**
 * A second, tiny entry that the built index.html loads `async` beside the main one (vite.config.ts,
 * docs/frontend-budgets.md): it starts fetching the login page and what it imports while the main entry is still
 * being downloaded and evaluated, instead of after it (the router's `lazy` then finds the module there). Only when
 * the first screen will be the login page: the address names it, or it names a screen that needs a session and no
 * session is stored (the app sends such a visit to /login).
 */
function sessionStored(): boolean {
  try {
    return localStorage.getItem(appConfig.tokenStorageKey) !== null;
  } catch {
    return false;
  }
}

const path = location.hash.replace(/^#/, '').split('?')[0] || '/';
const open = appConfig.openRoutes.some((route) => path === route || path.startsWith(`${route}/`));
if (path === '/login' || (!open && !sessionStored())) {
  // A failure here is the router's to report when it loads the page itself.
  import('./features/auth/components/LoginPage').catch(() => undefined);
}
