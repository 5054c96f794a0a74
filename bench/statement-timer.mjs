// @ts-check
/**
 * Loaded into the compiled server by the bench's write scenarios (`node --import ./bench/statement-timer.mjs …`):
 * times every SQL statement the server runs, as its driver waits for it, without changing the server.
 *
 * - better-sqlite3: each run of a prepared statement (`run`, `get`, `all`, and an `iterate` until it is exhausted),
 *   keyed by its SQL text. That is the statement's own time: the call is synchronous.
 * - pg: each `Client#query` (the pool's connections are Clients) from the call to its answer, keyed by its SQL text:
 *   the statement's time on the database plus the loopback round trip, and whatever the event loop adds before the
 *   answer is read (little with one request at a time).
 *
 * On SIGWINCH (a signal the server leaves alone: close-with-grace shuts it down on SIGUSR2) the samples gathered since the last signal are written, as JSON `{ [sql]: milliseconds[] }`, to the file
 * named by BENCH_STATEMENT_TIMES (written whole, then renamed into place), and forgotten. Bounded: at most
 * MAX_TEXTS distinct texts and MAX_SAMPLES samples of each between two signals.
 */
import { renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const MAX_TEXTS = 2_000;
const MAX_SAMPLES = 100_000;
const target = process.env.BENCH_STATEMENT_TIMES;
// The server's own copies of the drivers: resolved from the compiled server's folder, as its imports are.
const require = createRequire(join(process.cwd(), 'apps/server/dist/main.js'));

/** @type {Map<string, number[]>} */
let samples = new Map();

/** @param {string} text @param {number} ms */
function record(text, ms) {
  let list = samples.get(text);
  if (!list) {
    if (samples.size >= MAX_TEXTS) return;
    list = [];
    samples.set(text, list);
  }
  if (list.length < MAX_SAMPLES) list.push(ms);
}

if (target) {
  const SQLite = require('better-sqlite3');
  const probe = new SQLite(':memory:');
  const Statement = Object.getPrototypeOf(probe.prepare('select 1'));
  probe.close();
  for (const method of ['run', 'get', 'all']) {
    const original = Statement[method];
    Statement[method] = function timed(/** @type {unknown[]} */ ...args) {
      const started = performance.now();
      try {
        return original.apply(this, args);
      } finally {
        record(this.source, performance.now() - started);
      }
    };
  }
  const originalIterate = Statement.iterate;
  Statement.iterate = function* timedIterate(/** @type {unknown[]} */ ...args) {
    let spent = 0;
    let started = performance.now();
    const rows = originalIterate.apply(this, args);
    spent += performance.now() - started;
    try {
      for (;;) {
        started = performance.now();
        const next = rows.next();
        spent += performance.now() - started;
        if (next.done) return;
        yield next.value;
      }
    } finally {
      rows.return?.();
      record(this.source, spent);
    }
  };

  const pg = require('pg');
  const originalQuery = pg.Client.prototype.query;
  pg.Client.prototype.query = function timedQuery(/** @type {unknown[]} */ ...args) {
    const config = /** @type {unknown} */ (args[0]);
    const text =
      typeof config === 'string'
        ? config
        : config && typeof config === 'object' && 'text' in config
          ? String(config.text)
          : undefined;
    const started = performance.now();
    const answer = originalQuery.apply(this, args);
    if (text !== undefined && answer && typeof answer.then === 'function') {
      answer.then(
        () => record(text, performance.now() - started),
        () => undefined,
      );
    }
    return answer;
  };

  process.on('SIGWINCH', () => {
    const out = Object.fromEntries(samples);
    samples = new Map();
    writeFileSync(`${target}.part`, JSON.stringify(out));
    renameSync(`${target}.part`, target);
  });
}
