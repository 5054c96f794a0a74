import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createAppRouter } from './app/router';
import { configureHttp } from './lib/http';
import { currentLocale, textsReady } from './lib/i18n';
import { setNoticeFallback } from './lib/notify';
import { useServerOptions } from './stores/server-options';
import { canCall, useSession } from './stores/session';
import 'antd/dist/reset.css';
import './app/global.css';

// The http client reads and renews the token through the session store.
configureHttp({
  session: {
    getToken: () => useSession.getState().token,
    replaceToken: (token) => useSession.getState().setToken(token),
    notePermissionStamp: (stamp) => useSession.getState().notePermissionStamp(stamp),
    permits: (route) => canCall(useSession.getState().permissions, route),
  },
});

// A notice raised where no antd root is mounted (the sign-in page renders without antd) mounts one of its own.
setNoticeFallback(() => import('./components/antd-root').then((m) => m.mountNoticeIsland()));

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

/**
 * Starts the page. A function rather than top-level awaits: an entry module with a top-level await makes rolldown
 * split the shared code into more, smaller chunks (about 3 KiB more gzip for each route's cold load).
 */
async function start(container: HTMLElement) {
  // An English page's catalogue is a chunk of its own: nothing reads a text before it is in (at once for zh-CN).
  await textsReady;

  // The page's language (the remembered choice, read by lib/i18n) for screen readers, hyphenation and fonts.
  document.documentElement.lang = currentLocale();

  // `npm run dev:mock`: the mock service worker answers the API, so it is started (on a first visit: registered,
  // activated and controlling this page) before the first call; that mode's index.html preloads nothing from /api
  // (vite.config.ts, mockMode), so no answer from before the worker can be reused. Only this mode loads it, so msw
  // never reaches a production bundle (apps/web/scripts/check-no-mocks.mjs).
  if (import.meta.env.MODE === 'mock') await (await import('./mocks/browser')).startMockWorker();

  // The router starts at once: the first screen's chunk (route `lazy`) loads while the server's options are read.
  const router = createAppRouter();

  // The server's switches decide how calls travel and which routes exist, so they are read before the first
  // render.
  const options = await useServerOptions.getState().load();
  configureHttp({
    modes: { encryption: options.encryption, permissionInterceptor: options.permissionInterceptor },
  });
  // The account's permissions and profile (the menu and header wait for them) are asked for now, while the first
  // screen's chunks still load, rather than from an effect after they have.
  if (useSession.getState().token) void useSession.getState().ensureBootstrap();
  createRoot(container).render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
}

void start(root);
