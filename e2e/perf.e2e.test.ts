import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AuditBrowser,
  audit,
  coldLoadTimings,
  median,
  signInForAudit,
  startAuditBrowser,
  FRONTEND_TARGET as TARGET,
} from './frontend-perf.js';
import { ADMIN_PASSWORD, launchBrowser, type RunningServer, startServer } from './support.js';

/**
 * Issue 8's front-end goals, measured on the built app served by the real server over loopback
 * (docs/frontend-budgets.md): a cold load of /login shows an usable form within 500 ms (median of 7 fresh
 * browser contexts), and Lighthouse's desktop performance score is at least 98 on /login and on the account screen.
 *
 * `npm run bench` reports these figures against the targets on a quiet machine (bench/run.ts, docs/benchmarks.md).
 * Here, where other test processes share the 2 cores, each measurement is logged against the TARGET and asserted
 * against an enforced GUARD: the numbers swing twofold with the load, so the guards sit above the worst value
 * measured under load. They catch a regression (an eager import of every screen, a lost chunk split).
 */
const GUARD = { coldLoadMs: 3000, lighthouse: 30 };

const verdict = (ok: boolean) => (ok ? 'meets' : 'MISSES');
describe('front-end performance', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({ LOGIN_CAPTCHA: 'off' });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    expect(await server?.stop()).toBe(0);
  });

  it('shows an enabled login form soon after navigation start on a cold load (median of 7; target 500 ms)', async () => {
    const timings = await coldLoadTimings(browser, server.baseUrl, 7);
    expect(timings).toHaveLength(7);
    const middle = median(timings);
    console.log(
      `cold load of /login to an enabled form, ms: ${timings.map((t) => t.toFixed(0)).join(', ')}; median ` +
        `${middle.toFixed(0)} (${verdict(middle <= TARGET.coldLoadMs)} the ${TARGET.coldLoadMs} ms target)`,
    );
    expect(middle).toBeGreaterThan(0);
    expect(middle).toBeLessThanOrEqual(GUARD.coldLoadMs);
  });

  describe('Lighthouse (desktop preset)', () => {
    let auditBrowser: AuditBrowser;

    beforeAll(async () => {
      auditBrowser = await startAuditBrowser();
    });

    afterAll(async () => {
      await auditBrowser?.close();
    });

    async function scored(url: string) {
      const result = await audit(auditBrowser.port, url);
      const target = verdict((result.scores.performance ?? 0) >= TARGET.lighthouse);
      console.log(
        `Lighthouse ${url}: ${JSON.stringify(result.scores)} (${target} the ${TARGET.lighthouse} target); ` +
          `${result.metrics}; main thread: ${result.work}`,
      );
      return result;
    }

    it('scores /login for performance (target 98, guarded at 30)', async () => {
      const { scores, finalUrl } = await scored(`${server.baseUrl}/#/login`);
      expect(finalUrl).toContain('#/login');
      expect(scores.performance).toBeGreaterThanOrEqual(GUARD.lighthouse);
    }, 180_000);

    it('scores the account screen, signed in, for performance (target 98, guarded at 30)', async () => {
      await signInForAudit(auditBrowser.port, server.baseUrl, 'admin', ADMIN_PASSWORD);
      const { scores, finalUrl } = await scored(`${server.baseUrl}/#/user/Account`);
      expect(finalUrl).toContain('#/user/Account');
      expect(scores.performance).toBeGreaterThanOrEqual(GUARD.lighthouse);
    }, 180_000);
  });
});
