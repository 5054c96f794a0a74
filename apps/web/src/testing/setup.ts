import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { visibilityCss } from './visibility-css';

/**
 * The web project's files share a worker's process, its libraries (React, antd, happy-dom: imported once per worker)
 * and its document (`isolate: false`, vite.config.ts). What a file could meet of another file's is reset here, before
 * each file imports anything: the app's own modules (stores, the mock API's data, the HTTP client's settings are
 * evaluated afresh, as in a process of its own), browser storage, cookies, the address and the root element's
 * attributes (theme, language). The files that replace a module (`vi.mock`) run isolated in the web-own-modules
 * project, since a replacement would outlive its file.
 */
vi.resetModules();
if (typeof window !== 'undefined') {
  window.localStorage.clear();
  window.sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL('http://localhost:3000/');
  const root = document.documentElement;
  for (const name of root.getAttributeNames()) root.removeAttribute(name);
  document.title = '';
}

/** A fake clock a file leaves on would stand still for the next file of its worker; this says which file did. */
afterAll(() => {
  if (!vi.isFakeTimers()) return;
  vi.useRealTimers();
  throw new Error('this file left fake timers on: end them in an afterEach of the describe that starts them');
});

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
// The document is shared by a worker's files: the filter is put in once.
const FILTERED = Symbol.for('gatehouse.visibility-css');
if (typeof window !== 'undefined' && !(FILTERED in window.CSSStyleSheet.prototype)) {
  const replaceSync = window.CSSStyleSheet.prototype.replaceSync;
  window.CSSStyleSheet.prototype.replaceSync = function (this: CSSStyleSheet, text: string) {
    replaceSync.call(this, visibilityCss(text));
  };
  Object.defineProperty(window.CSSStyleSheet.prototype, FILTERED, { value: true });
}
