import { setupWorker } from 'msw/browser';
import { createMockHandlers } from './handlers';
import { MOCK_PASSWORD } from './seed';

/**
 * `npm run dev:mock`: a service worker answers every /api call from an in-memory store, so the app runs with
 * no server. main.tsx imports this module only when `import.meta.env.MODE === 'mock'`, so neither it nor msw
 * reaches a production bundle (scripts/check-no-mocks.mjs verifies that after `npm run build`).
 */
export async function startMockWorker(): Promise<void> {
  const { handlers } = createMockHandlers();
  const worker = setupWorker(...handlers);
  await worker.start({
    serviceWorker: { url: `${import.meta.env.BASE_URL}mockServiceWorker.js` },
    // Modules, styles and fonts of the dev server go to the network as usual.
    onUnhandledRequest: 'bypass',
  });
  console.info(
    `[mock] Gatehouse 模拟接口已启动：任一种子账号（如 admin）使用密码 ${MOCK_PASSWORD} 登录，验证码任意填写。`,
  );
}
