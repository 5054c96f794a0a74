import { cleanup, configure } from '@testing-library/react';
import * as React from 'react';
import { afterEach, vi } from 'vitest';
import { visibilityCss } from './visibility-css';

// Testing Library only cleans up by itself when test globals are on; they are not here.
afterEach(() => cleanup());

/**
 * No short waits (docs/testing.md): how long a render, a lazily loaded dialog (its module is transformed on first
 * import) or a local HTTP round trip takes depends on what else the machine runs. Testing Library's findBy* and
 * waitFor wait 1 s by default and `expect.poll` 1 s: on a busy machine that failed tests whose code was right. A
 * wait here ends as soon as its condition holds, so a long bound costs a passing test nothing; it only decides how
 * long a failing one takes to say so. The test and hook bounds (5 s and 10 s by default) are hang guards, above
 * every wait inside them.
 */
const PATIENT_WAIT_MS = 20_000;
configure({ asyncUtilTimeout: PATIENT_WAIT_MS });
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000, expect: { poll: { timeout: PATIENT_WAIT_MS } } });

// happy-dom matches every rule of every sheet for each element whose style is asked: a sheet keeps only what
// decides what a test can see (testing/visibility-css.ts). Files in the node environment have no window.
if (typeof window !== 'undefined') {
  const replaceSync = window.CSSStyleSheet.prototype.replaceSync;
  window.CSSStyleSheet.prototype.replaceSync = function (this: CSSStyleSheet, text: string) {
    replaceSync.call(this, visibilityCss(text));
  };
}

/**
 * React's development build records where each element was created (an owner stack: an `Error` and a
 * `console.createTask` for up to 10,000 elements a second) so that its console warnings can name the components
 * behind them. Tests read the DOM, never those stacks, and on a screen of a few thousand elements the recording was
 * about a third of a test file's CPU time (a profile of ResourcesPage.edits.test.tsx: 28 s to 20 s). Held at its cap,
 * the counter makes React use its shared "unknown owner" stack instead; rendering and warnings are otherwise the same.
 */
const reactInternals = (React as unknown as Record<string, Record<string, unknown> | undefined>)
  .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
if (reactInternals && 'recentlyCreatedOwnerStacks' in reactInternals) {
  Object.defineProperty(reactInternals, 'recentlyCreatedOwnerStacks', { get: () => Infinity, set: () => undefined });
}
