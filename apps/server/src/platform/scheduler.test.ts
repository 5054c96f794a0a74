import { createHook } from 'node:async_hooks';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanes, openTestDatabase, startTestApp, type TestDatabase } from '../../test/harness.js';
import type { Database } from './db/database.js';
import type { Logger } from './logger.js';
import { createScheduler, type Job, type JobContext } from './scheduler.js';

const HOUR = 3_600_000;
const SRC = resolve(import.meta.dirname, '..');

/** A logger keeping its lines, for the warnings a test reads. */
function keptLog() {
  const lines: Array<Record<string, unknown>> = [];
  const at =
    (level: string) =>
    (object: object, msg?: string): void => {
      lines.push({ level, msg, ...object });
    };
  const log: Logger = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
  return { log, lines };
}

/** Waits, turn after turn of the event loop, until `condition` holds (no time limit but the test's hang guard). */
async function until(condition: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setImmediate(resolve));
}

/**
 * What a look answers, or 'ran at once' as soon as `overlap` holds while it is under way: a look that wrongly starts a
 * held job fails the test then, instead of waiting on the held run.
 */
async function lookWhile(look: Promise<string[]>, overlap: () => boolean): Promise<string[] | 'ran at once'> {
  let settled = false;
  const answer = look.finally(() => {
    settled = true;
  });
  while (!settled) {
    if (overlap()) return 'ran at once';
    await new Promise((resolve) => setImmediate(resolve));
  }
  return answer;
}

/**
 * A job whose runs the test watches: how many ran, how many at once at most; a run waits while the test holds the job
 * (`hold`), until `release`.
 */
function watchedJob(name: string, everyMs: number) {
  const state = { runs: 0, active: 0, most: 0, held: false, contexts: [] as JobContext[] };
  let gates: Array<() => void> = [];
  const job: Job = {
    name,
    everyMs,
    async run(context) {
      state.runs++;
      state.contexts.push(context);
      state.active++;
      state.most = Math.max(state.most, state.active);
      try {
        if (state.held) await new Promise<void>((resolve) => gates.push(resolve));
      } finally {
        state.active--;
      }
    },
  };
  return {
    job,
    state,
    hold() {
      state.held = true;
    },
    release() {
      state.held = false;
      for (const open of gates) open();
      gates = [];
    },
  };
}

/**
 * The Timeouts (setTimeout and setInterval) armed by platform/scheduler.ts itself and not yet cleared or fired, seen
 * through async_hooks: what a stopped scheduler must leave none of.
 */
function schedulerTimers() {
  const live = new Set<number>();
  const hook = createHook({
    init(asyncId, type) {
      if (type !== 'Timeout') return;
      const limit = Error.stackTraceLimit;
      Error.stackTraceLimit = 50;
      const stack = new Error().stack ?? '';
      Error.stackTraceLimit = limit;
      // The first frame outside Node's own code, below this hook, is the code that armed the timer.
      const caller = stack
        .split('\n')
        .slice(2)
        .find((frame) => !/\(node:|at node:/.test(frame));
      if (caller?.includes('platform/scheduler')) live.add(asyncId);
    },
    destroy(asyncId) {
      live.delete(asyncId);
    },
  });
  hook.enable();
  return { live, disable: () => hook.disable() };
}

describe.each(lanes)('the scheduler on %s', (lane) => {
  let database: TestDatabase;
  /** A second connection to the same database: a second server instance's. */
  let other: Database;
  beforeAll(async () => {
    database = await openTestDatabase(lane, true);
    other = database.reopen!();
  });
  afterAll(async () => {
    await other.close();
    await database.dispose();
  });

  const leaseOf = (name: string) =>
    database.db.selectFrom('job_lease').selectAll().where('name', '=', name).executeTakeFirstOrThrow();

  it('runs each due job once among two instances on one database, then again only once its interval has passed', async () => {
    const clock = { now: Date.parse('2031-03-01T00:00:00.000Z') };
    const hourly = watchedJob('once.hourly', HOUR);
    const daily = watchedJob('once.daily', 24 * HOUR);
    const jobs = [hourly.job, daily.job];
    const { log } = keptLog();
    const a = createScheduler({ db: database.db, jobs, log, clock: () => clock.now });
    const b = createScheduler({ db: other.db, jobs, log, clock: () => clock.now });
    try {
      const both = async () => (await Promise.all([a.runDue(), b.runDue()])).flat().sort();
      expect(await both()).toEqual(['once.daily', 'once.hourly']);
      expect([hourly.state.runs, daily.state.runs]).toEqual([1, 1]);
      // The run was given the scheduler's clock.
      expect(hourly.state.contexts[0]!.now.getTime()).toBe(clock.now);
      expect(await both()).toEqual([]);
      clock.now += HOUR - 1;
      expect(await both()).toEqual([]);
      clock.now += 1;
      expect(await both()).toEqual(['once.hourly']);
      expect([hourly.state.runs, daily.state.runs]).toEqual([2, 1]);
      expect(await leaseOf('once.hourly')).toMatchObject({
        due_at: new Date(clock.now + HOUR).toISOString(),
        holder: null,
        held_until: null,
        finished_at: new Date(clock.now).toISOString(),
        last_error: null,
      });
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });

  it('never runs a job on two instances at once: a run under way holds it past its interval, until it ends', async () => {
    const clock = { now: Date.parse('2031-04-01T00:00:00.000Z') };
    const watched = watchedJob('held.hourly', HOUR);
    const { log } = keptLog();
    const options = { jobs: [watched.job], log, clock: () => clock.now, leaseMs: 24 * HOUR };
    const a = createScheduler({ db: database.db, ...options });
    const b = createScheduler({ db: other.db, ...options });
    try {
      watched.hold();
      const first = a.runDue();
      await until(() => watched.state.active === 1);
      // Due again by its interval, several times over: the other instance still leaves it alone.
      for (let hour = 1; hour <= 5; hour++) {
        clock.now += HOUR;
        expect(await lookWhile(b.runDue(), () => watched.state.runs > 1)).toEqual([]);
      }
      watched.release();
      expect(await first).toEqual(['held.hourly']);
      // Ended: the next instance to look runs it at once (it has been due for hours).
      expect(await b.runDue()).toEqual(['held.hourly']);
      expect(await a.runDue()).toEqual([]);
      // Both look at the same moment, many times over: one of them runs it each time, never both.
      for (let round = 0; round < 10; round++) {
        clock.now += HOUR;
        expect((await Promise.all([a.runDue(), b.runDue()])).flat()).toEqual(['held.hourly']);
      }
      expect(watched.state.runs).toBe(12);
      expect(watched.state.most).toBe(1);
    } finally {
      watched.release();
      await Promise.all([a.stop(), b.stop()]);
    }
  });

  it("takes over the job of an instance gone quiet once its lease lapses; that instance's late end frees nothing", async () => {
    const clock = { now: Date.parse('2031-06-01T00:00:00.000Z') };
    let runs = 0;
    const gates: Array<() => void> = [];
    // The first two runs wait for the test; later ones end at once.
    const job: Job = {
      name: 'late.release',
      everyMs: HOUR / 2,
      run: () => {
        runs++;
        return runs <= 2 ? new Promise<void>((resolve) => gates.push(resolve)) : Promise.resolve();
      },
    };
    const { log } = keptLog();
    const options = { jobs: [job], log, clock: () => clock.now, leaseMs: HOUR };
    const a = createScheduler({ db: database.db, ...options });
    const b = createScheduler({ db: other.db, ...options });
    const c = createScheduler({ db: database.db, ...options });
    try {
      // A claims the job and does not come back while its lease lasts (its renewal is a third of an hour away).
      const stranded = a.runDue();
      await until(() => runs === 1);
      clock.now += HOUR - 1;
      expect(await lookWhile(b.runDue(), () => runs > 1)).toEqual([]);
      clock.now += 1;
      const takenOver = b.runDue();
      await until(() => runs === 2);
      // A ends while B runs: B's lease stays, and a third instance, finding the job due, leaves it to B.
      gates[0]!();
      expect(await stranded).toEqual(['late.release']);
      expect((await leaseOf('late.release')).held_until).toBe(new Date(clock.now + HOUR).toISOString());
      clock.now += HOUR / 2;
      expect(await lookWhile(c.runDue(), () => runs > 2)).toEqual([]);
      gates[1]!();
      expect(await takenOver).toEqual(['late.release']);
      expect(await c.runDue()).toEqual(['late.release']);
      expect(runs).toBe(3);
    } finally {
      for (const open of gates) open();
      await Promise.all([a.stop(), b.stop(), c.stop()]);
    }
  });

  it("logs a failed run with the job's name, keeps its message, and gives the lease back for the next interval", async () => {
    const clock = { now: Date.parse('2031-07-01T00:00:00.000Z') };
    let runs = 0;
    const job: Job = {
      name: 'fails',
      everyMs: HOUR,
      run: async () => {
        runs++;
        throw new Error('planted failure');
      },
    };
    const { log, lines } = keptLog();
    const scheduler = createScheduler({ db: database.db, jobs: [job], log, clock: () => clock.now });
    try {
      expect(await scheduler.runDue()).toEqual(['fails']);
      expect(lines).toContainEqual(
        expect.objectContaining({ level: 'warn', msg: 'background job failed', job: 'fails' }),
      );
      expect(await leaseOf('fails')).toMatchObject({ holder: null, held_until: null, last_error: 'planted failure' });
      expect(await scheduler.runDue()).toEqual([]);
      clock.now += HOUR;
      expect(await scheduler.runDue()).toEqual(['fails']);
      expect(runs).toBe(2);
    } finally {
      await scheduler.stop();
    }
  });

  it('refuses two jobs of one name', () => {
    const { log } = keptLog();
    const job = watchedJob('twice', HOUR).job;
    expect(() => createScheduler({ db: database.db, jobs: [job, { ...job }], log })).toThrow(/twice/);
  });

  it('stops: tells the run under way, waits for it, then runs nothing and leaves no timer armed', async () => {
    const timers = schedulerTimers();
    try {
      let quickRuns = 0;
      let longEnded = false;
      let longStarted = false;
      const quick: Job = {
        name: 'stop.quick',
        everyMs: HOUR,
        waitAtStart: true,
        run: async () => {
          quickRuns++;
        },
      };
      const long: Job = {
        name: 'stop.long',
        everyMs: HOUR,
        run: async ({ signal }) => {
          longStarted = true;
          await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
          longEnded = true;
        },
      };
      const { log } = keptLog();
      // The real clock and the real timers: the server's own way of running.
      const scheduler = createScheduler({ db: database.db, jobs: [quick, long], log });
      await scheduler.start();
      // The start waited for the quick job's first run, not for the long one's.
      expect(quickRuns).toBe(1);
      await until(() => longStarted);
      // Armed meanwhile: the quick job's next look, the long run's lease renewal.
      await until(() => timers.live.size >= 2);
      await scheduler.stop();
      expect(longEnded).toBe(true);
      expect(await leaseOf('stop.long')).toMatchObject({ holder: null, held_until: null });
      await until(() => timers.live.size === 0);
      expect(await scheduler.runDue()).toEqual([]);
      await scheduler.start();
      expect(timers.live.size).toBe(0);
      expect(quickRuns).toBe(1);
    } finally {
      timers.disable();
    }
  });
});

describe.each(lanes)('the server on %s', (lane) => {
  it('runs every job its modules declare through its scheduler, and closes with none of its timers left', async () => {
    const timers = schedulerTimers();
    try {
      const t = await startTestApp(lane);
      let closed = false;
      try {
        expect(t.app.jobs.map((job) => job.name).sort()).toEqual([
          'envelope-nonce-expiry',
          'import-preview-purge',
          'log-retention',
          'message-queue',
          'second-factor-purge',
          'signin-guard-purge',
          'verification-purge',
        ]);
        const leases = () => t.database.db.selectFrom('job_lease').selectAll().orderBy('name').execute();
        // The purges ran before the server was ready; the queue's poll and the retention run on in the background.
        await until(async () => {
          const rows = await leases();
          return rows.length === 7 && rows.every((row) => row.finished_at !== null);
        });
        for (const row of await leases()) expect(row.last_error, row.name).toBeNull();
        expect(timers.live.size).toBeGreaterThan(0);
        await t.close();
        closed = true;
        await until(() => timers.live.size === 0);
      } finally {
        if (!closed) await t.close();
      }
    } finally {
      timers.disable();
    }
  });
});

describe('background work', () => {
  /** Every source file of the server but tests and test doubles, relative to src/. */
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'testing' ? [] : sources(path);
      return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [relative(SRC, path)] : [];
    });

  it('is armed by the scheduler alone: no module keeps a timer of its own for a job', () => {
    // Timers that are not background work, each for a reason: the scheduler's own; HTTP plumbing; one request's
    // waits (a preview waiting for the process's preview slot, the sign-in refusal delay).
    const allowed: Record<string, RegExp> = {
      'platform/scheduler.ts': /setTimeout|setInterval|node:timers/,
      'main.ts': /setInterval/,
      'modules/imports/imports.service.ts': /setTimeout/,
      'modules/signin/signin.policy.ts': /setTimeout/,
    };
    const found = sources(SRC).flatMap((file) =>
      readFileSync(join(SRC, file), 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          /\bset(Interval|Timeout)\b|node:timers|['"]timers(\/promises)?['"]/.test(line) &&
          !allowed[file.split('\\').join('/')]?.test(line)
            ? [`${file}:${i + 1}: ${line.trim()}`]
            : [],
        ),
    );
    expect(found).toEqual([]);
  });
});
