import { randomBytes } from 'node:crypto';
// The timers of node:timers, not the globals: a test that fakes the global timers for a request's own delay (the
// sign-in tarpit) does not stall the scheduler. Tests drive the scheduler by `runDue` and a clock of their own.
import { clearInterval, clearTimeout, setInterval, setTimeout } from 'node:timers';
import type { Kysely } from 'kysely';
import type { DB } from './db/schema.js';
import type { Logger } from './logger.js';

/** What a job's run is given. */
export interface JobContext {
  /** The scheduler's clock when this run was claimed: what the job counts its cut-offs from. */
  readonly now: Date;
  /** Aborted when the scheduler stops or this instance lost the lease: a long run ends at its next step. */
  readonly signal: AbortSignal;
}

/**
 * Background work (a purge, a retention, a queue's poll), declared by the module whose code it runs, in that module's
 * `<name>.jobs.ts`, and run by the one scheduler of the process (services.ts). No module arms a timer of its own for
 * it (`scheduler.test.ts` holds that rule).
 */
export interface Job {
  /** Unique among the jobs: the key of its row in `job_lease`. Renaming a job starts a new row. */
  readonly name: string;
  /** From the start of one run to the start of the next, counted across every instance on the database. */
  readonly everyMs: number;
  /**
   * True: the scheduler's start waits for this job's first run (a short purge: the server starts with it done).
   * Otherwise the first run goes on in the background (a retention over years of rows, a queue behind a slow mail
   * server).
   */
  readonly waitAtStart?: boolean;
  run(context: JobContext): Promise<void>;
}

/** How long a claim holds its job without being renewed; renewed every third of it while the run goes on. */
export const DEFAULT_LEASE_MS = 60_000;
/** After a failed look at the lease (the database down), the next look is this soon, or the job's interval if less. */
const RETRY_MS = 60_000;
/** setTimeout's longest delay. */
const MAX_DELAY_MS = 2_147_483_647;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The lease rows (`job_lease`, migration 0038). The conditions of a claim are in its UPDATE: PostgreSQL re-checks
 * them on a row another transaction has just changed, SQLite runs one write at a time, so of the instances claiming
 * a row at once one gets it.
 */
function createLeaseStore(db: Kysely<DB>) {
  return {
    read: (name: string) =>
      db.selectFrom('job_lease').select(['due_at', 'held_until']).where('name', '=', name).executeTakeFirst(),

    /** The job's row, due at once, unless another instance made it first. */
    async add(name: string, dueAt: string): Promise<void> {
      await db
        .insertInto('job_lease')
        .values({ name, due_at: dueAt })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
    },

    /** Takes the job for `holder` when it is due and no live lease holds it; the next run is due `everyMs` later. */
    async claim(name: string, holder: string, now: number, leaseMs: number, everyMs: number): Promise<boolean> {
      const at = iso(now);
      const result = await db
        .updateTable('job_lease')
        .set({ holder, held_until: iso(now + leaseMs), due_at: iso(now + everyMs) })
        .where('name', '=', name)
        .where('due_at', '<=', at)
        .where((eb) => eb.or([eb('held_until', 'is', null), eb('held_until', '<=', at)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Extends the lease `holder` still has; false when it has none (it lapsed and another instance took the job). */
    async renew(name: string, holder: string, heldUntil: string): Promise<boolean> {
      const result = await db
        .updateTable('job_lease')
        .set({ held_until: heldUntil })
        .where('name', '=', name)
        .where('holder', '=', holder)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Ends `holder`'s lease with the run's outcome (nothing, when the lease is no longer its). */
    async release(name: string, holder: string, finishedAt: string, failure: string | null): Promise<void> {
      await db
        .updateTable('job_lease')
        .set({ holder: null, held_until: null, finished_at: finishedAt, last_error: failure })
        .where('name', '=', name)
        .where('holder', '=', holder)
        .execute();
    },
  };
}

export interface SchedulerOptions {
  db: Kysely<DB>;
  jobs: readonly Job[];
  log: Logger;
  /** Milliseconds since the epoch (Date.now()); tests move a clock of their own. */
  clock?: () => number;
  leaseMs?: number;
}

interface Entry {
  readonly job: Job;
  timer?: NodeJS.Timeout;
  /** The look at the job under way (and its run, if it claimed it). */
  current?: Promise<Turn>;
}

/** What one look at a job did: whether this instance ran it, and when to look again. */
interface Turn {
  ran: boolean;
  next: number;
}

/**
 * The one scheduler of a server process: each job gets a timer, and when it fires the job runs if its lease row says
 * it is due and no other instance holds it (ADR 0039). Several instances on one database (PostgreSQL behind a load
 * balancer, or processes on one SQLite file) run each job one at a time, about once per interval between them; an
 * instance that dies mid-run holds its job only until its lease lapses. Clocks of the instances are taken to agree
 * within seconds (the message queue's claims count on it too).
 */
export function createScheduler(options: SchedulerOptions) {
  const { log } = options;
  // Read on each call, like every other clock of the server (a test's fake Date moves it too).
  const clock = options.clock ?? (() => Date.now());
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const holder = randomBytes(12).toString('hex');
  const store = createLeaseStore(options.db);
  const names = options.jobs.map((job) => job.name);
  const twice = names.filter((name, i) => names.indexOf(name) !== i);
  if (twice.length) throw new Error(`Background jobs declared twice: ${twice.join(', ')}`);
  const entries: Entry[] = options.jobs.map((job) => ({ job }));
  const stopping = new AbortController();
  let started = false;

  /** Runs a job this instance has claimed, renewing its lease meanwhile, and gives the lease back with the outcome. */
  async function runClaimed(job: Job, now: number): Promise<void> {
    const lost = new AbortController();
    let finished = false;
    const renewal = setInterval(() => {
      store.renew(job.name, holder, iso(clock() + leaseMs)).then(
        (held) => {
          if (held || finished) return;
          log.warn({ job: job.name }, 'background job lease lost: another instance may run it now');
          lost.abort();
        },
        (error: unknown) => log.warn({ err: error, job: job.name }, 'background job lease not renewed'),
      );
    }, leaseMs / 3);
    renewal.unref();
    let failure: string | null = null;
    try {
      await job.run({ now: new Date(now), signal: AbortSignal.any([stopping.signal, lost.signal]) });
    } catch (error) {
      failure = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      log.warn({ err: error, job: job.name }, 'background job failed');
    } finally {
      finished = true;
      clearInterval(renewal);
    }
    try {
      await store.release(job.name, holder, iso(clock()), failure);
    } catch (error) {
      // The lease lapses by itself.
      log.warn({ err: error, job: job.name }, 'background job lease not released');
    }
  }

  /** One look at a job: runs it when it is due and free. */
  async function turn(job: Job): Promise<Turn> {
    const now = clock();
    try {
      let row = await store.read(job.name);
      if (!row) {
        await store.add(job.name, iso(now));
        row = await store.read(job.name);
      }
      const dueAt = row ? Date.parse(row.due_at) : now;
      const heldUntil = row?.held_until ? Date.parse(row.held_until) : now;
      // A read first: a job that is not due costs no write.
      if (dueAt > now || heldUntil > now) return { ran: false, next: Math.max(dueAt, heldUntil) };
      // Another instance claimed it between the read and the claim: it is due again an interval from now.
      if (!(await store.claim(job.name, holder, now, leaseMs, job.everyMs)))
        return { ran: false, next: now + job.everyMs };
    } catch (error) {
      log.warn({ err: error, job: job.name }, 'background job lease not read');
      return { ran: false, next: now + Math.min(job.everyMs, RETRY_MS) };
    }
    await runClaimed(job, now);
    return { ran: true, next: now + job.everyMs };
  }

  /** The look at an entry's job, or the one already under way. */
  function look(entry: Entry): Promise<Turn> {
    if (stopping.signal.aborted) return Promise.resolve({ ran: false, next: Number.POSITIVE_INFINITY });
    entry.current ??= turn(entry.job).finally(() => {
      entry.current = undefined;
    });
    return entry.current;
  }

  /** The entry's timer for its next look, `at` on the clock (at the latest an interval from now). */
  function arm(entry: Entry, at: number): void {
    if (stopping.signal.aborted) return;
    const delay = Math.min(Math.max(at - clock(), 0), entry.job.everyMs, MAX_DELAY_MS);
    entry.timer = setTimeout(() => {
      entry.timer = undefined;
      void look(entry).then((done) => arm(entry, done.next));
    }, delay);
    // A server that is closing is not held open by its next purge.
    entry.timer.unref();
  }

  return {
    /** The jobs this scheduler runs. */
    jobs: options.jobs,

    /**
     * Looks at every job now, then arms its timer for the next look. Waits for the first run of the jobs that ask for
     * it (`waitAtStart`); the others run on in the background (a stop waits for them).
     */
    async start(): Promise<void> {
      if (started || stopping.signal.aborted) return;
      started = true;
      const first = entries.map((entry) => look(entry).then((done) => arm(entry, done.next)));
      await Promise.all(first.filter((_, i) => entries[i]!.job.waitAtStart));
    },

    /**
     * Runs, on this instance, every job due now that no instance holds; resolves when those runs have ended, with the
     * names of the jobs it ran. The timers take the same path; tests call this with a clock of their own.
     */
    async runDue(): Promise<string[]> {
      const turns = await Promise.all(entries.map(look));
      return entries.filter((_, i) => turns[i]!.ran).map((entry) => entry.job.name);
    },

    /** Clears every timer, tells the runs under way to stop and waits for them; nothing runs afterwards. */
    async stop(): Promise<void> {
      stopping.abort();
      for (const entry of entries) {
        clearTimeout(entry.timer);
        entry.timer = undefined;
      }
      await Promise.all(entries.map((entry) => entry.current));
    },
  };
}

export type Scheduler = ReturnType<typeof createScheduler>;
