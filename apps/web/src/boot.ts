import { type BootModule, bootModules } from './boot-plan';
import { appConfig } from './config/app-config';

/**
 * A second, tiny entry that the built index.html loads `async` beside the main one (vite.config.ts,
 * docs/frontend-budgets.md): it starts fetching what the first screen needs (boot-plan.ts) while the main entry is
 * still being downloaded and evaluated, instead of after it; the router then finds the modules there. None of them
 * reads a text at load (main.tsx waits for an English catalogue before anything does).
 */
function sessionStored(): boolean {
  try {
    return localStorage.getItem(appConfig.tokenStorageKey) !== null;
  } catch {
    return false;
  }
}

const load: Record<BootModule, () => Promise<unknown>> = {
  login: () => import('./features/auth/components/LoginPage'),
  'antd-root': () => import('./components/antd-root'),
  'main-layout': () => import('./app/layouts/MainLayout'),
};

for (const module of bootModules(location.hash, sessionStored())) {
  // A failure here is the router's to report when it loads the module itself.
  load[module]().catch(() => undefined);
}
