import { API_BASE, ImportResult, type RouteDef, type RouteName, routes } from '@gatehouse/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { BatchOutcome } from '../../platform/errors.js';
import { AUDIT_TRAIL, HTTP_PLATFORM } from '../../platform/http.js';
import type { AuditRepository } from './audit.repository.js';
import { type Change, diffOf, maskField, maskUrl } from './masking.js';
import { type EntityType, loaderOf, type Snapshot, targets, withoutDiff } from './snapshots.js';

/** Sign-ins go to the sign-in log; the envelope's inner call is recorded itself. */
const NOT_AUDITED = new Set<RouteName>(['login', 'smsLogin', 'envelope']);
/** GET routes that write: an identity switch opens a session, the e-mail code route sends a message. */
const AUDITED_GETS = new Set<RouteName>(['switchIdentity', 'sendEmailCode']);

/** Whether calls of this contract route are recorded in the audit trail. */
export function isAudited(name: RouteName, route: RouteDef = routes[name]): boolean {
  if (NOT_AUDITED.has(name)) return false;
  return route.method !== 'GET' || AUDITED_GETS.has(name);
}

interface AuditState {
  targetType?: EntityType;
  targetId?: number | string | null;
  before?: Snapshot;
  after?: Snapshot;
  /** The handler finished without throwing (the write happened). */
  done?: boolean;
  /** An import's commit: what it did (its answer), shown as the entry's diff instead of the request's fields. */
  importCounts?: Record<string, unknown>;
  /** A bulk action: what it did per row (`noteAuditBatch`), and the rows' snapshots before and after. */
  batch?: {
    outcome: BatchOutcome<number | string>;
    before: Map<number | string, Snapshot>;
    after: Map<number | string, Snapshot>;
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    audit?: AuditState;
  }
}

/**
 * For a handler that learns its target only while working (e.g. a password reset by SMS names the account
 * through the verification token): the entry then names it, without a field-level snapshot.
 */
export function noteAuditTarget(request: FastifyRequest, type: EntityType, id: number | string): void {
  request.audit ??= {};
  request.audit.targetType = type;
  request.audit.targetId = id;
}

/**
 * For a target that is no row of an audited table (a 系统参数): its handler gives the snapshots before and after
 * itself, and the entry shows their field-level diff as it does an entity's.
 */
export function noteAuditChange(
  request: FastifyRequest,
  type: EntityType,
  id: string,
  before: Snapshot | undefined,
  after: Snapshot | undefined,
): void {
  request.audit ??= {};
  request.audit.targetType = type;
  request.audit.targetId = id;
  request.audit.before = before;
  request.audit.after = after;
}

/**
 * A bulk action's outcome per row (its handler calls this before answering): the trail records one entry per row,
 * done or refused, as the single action records each call.
 */
export function noteAuditBatch<I extends number | string>(request: FastifyRequest, outcome: BatchOutcome<I>): void {
  request.audit ??= {};
  request.audit.batch = {
    outcome: outcome as BatchOutcome<number | string>,
    before: request.audit.batch?.before ?? new Map(),
    after: new Map(),
  };
}

/** The ids a bulk action's body names (validated by then: distinct, at most BATCH_MAX). */
const bodyIds = (request: FastifyRequest): Array<number | string> => {
  const ids = (request.body as { ids?: unknown } | undefined)?.ids;
  return Array.isArray(ids) ? ids.filter((id) => typeof id === 'number' || typeof id === 'string') : [];
};

const numericIds = (ids: ReadonlyArray<number | string>) => ids.filter((id): id is number => typeof id === 'number');

const toDbId = (id: number | string | null | undefined) => (typeof id === 'number' && Number.isInteger(id) ? id : null);

/** The request's own fields (body, else query) as the diff of a call with no snapshot, or of a refused one. */
function requestChanges(request: FastifyRequest, before: Snapshot | undefined): Change[] {
  const input = request.body ?? request.query;
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    return input === undefined || input === null
      ? []
      : [{ field: 'body', before: null, after: maskField('body', input) }];
  }
  const fields = input as Record<string, unknown>;
  const was = before && Object.fromEntries(Object.keys(fields).map((k) => [k, before.fields[k]]));
  return diffOf(was, fields);
}

function messageOf(payload: unknown): string | null {
  if (typeof payload !== 'string') return null;
  try {
    const msg = (JSON.parse(payload) as { msg?: unknown }).msg;
    return typeof msg === 'string' ? msg.slice(0, 500) : null;
  } catch {
    return null;
  }
}

/** Clients whose refusal counts are kept at once; past that, anonymous refusals of new clients are not recorded. */
const MAX_COUNTED_CLIENTS = 10_000;
const MINUTE_MS = 60_000;

/**
 * Whether one more refused anonymous write of `ip` is recorded: at most `perMinute` per address in fixed one-minute
 * windows, counted in this process. Past the cap they are dropped, not summarised: the flood itself is visible in
 * the request log, and a summary row would be one more write per refusal to keep up to date. Answers 'first-drop'
 * once per window, so the drop can be logged once.
 */
export function anonymousRefusalBudget(perMinute: number) {
  const windows = new Map<string, { start: number; count: number }>();
  return (ip: string): 'record' | 'first-drop' | 'drop' => {
    const now = Date.now();
    let window = windows.get(ip);
    if (!window || now - window.start >= MINUTE_MS) {
      if (!window && windows.size >= MAX_COUNTED_CLIENTS) {
        for (const [key, old] of windows) if (now - old.start >= MINUTE_MS) windows.delete(key);
        if (windows.size >= MAX_COUNTED_CLIENTS) return 'drop';
      }
      window = { start: now, count: 0 };
      windows.set(ip, window);
    }
    window.count++;
    if (window.count <= perMinute) return 'record';
    return window.count === perMinute + 1 ? 'first-drop' : 'drop';
  };
}

export interface AuditTrailOptions {
  /** AUDIT_ANONYMOUS_REFUSALS_PER_MINUTE: refused anonymous writes recorded per client address per minute. */
  anonymousRefusalsPerMinute: number;
}

/** The url without its query string: a refused anonymous call's query is as much its input as a body. */
const pathOf = (url: string) => maskUrl(url.split('?', 1)[0]!);

/**
 * Records every write through the API (ADR 0010). Installed before the routes are bound: Fastify's onRoute hook
 * wraps each audited contract route's handler (snapshots of its target before and after the write) and adds an
 * onSend hook that writes the entry just before the answer leaves — also for refusals by the guard (401/403),
 * validation (400) and the service (400/429/…). A failure to write the entry is logged, never answered.
 * A refused anonymous write is recorded without its input (the caller chose it, and nobody is accountable for
 * it) and only up to the per-client cap, so anonymous callers cannot grow the trail at will.
 */
export function installAuditTrail(app: FastifyInstance, repo: AuditRepository, limits: AuditTrailOptions): void {
  const wrapped = new WeakSet<object>();
  const budget = anonymousRefusalBudget(limits.anonymousRefusalsPerMinute);
  const prefix = API_BASE;
  app.addHook('onRoute', (options: RouteOptions) => {
    const name = (options.schema as { operationId?: string } | undefined)?.operationId as RouteName | undefined;
    if (!name || !(name in routes) || !options.url.startsWith(prefix)) return;
    const route = routes[name] as RouteDef;
    if (!isAudited(name, route)) return;
    const spec = targets[name];
    const load = spec ? loaderOf(spec.type) : undefined;

    // Should Fastify hand a handler over twice (HEAD routes are derived from GET ones), it is wrapped once.
    if (wrapped.has(options.handler)) return;
    const handler = options.handler;
    options.handler = async function audited(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      const state: AuditState = { ...request.audit };
      request.audit = state;
      if (spec?.batch) {
        const before: Map<number | string, Snapshot> = load
          ? await load(repo.entities, numericIds(bodyIds(request)))
          : new Map();
        state.batch = { outcome: { done: [], refused: [] }, before, after: new Map() };
        const answer = await handler.call(this, request, reply);
        state.done = true;
        const batch = request.audit?.batch;
        if (batch && load) {
          for (const [id, snapshot] of await load(repo.entities, numericIds(batch.outcome.done))) {
            batch.after.set(id, snapshot);
          }
        }
        return answer;
      }
      if (spec) {
        state.targetType = spec.type;
        state.targetId = spec.fromRequest?.(request) ?? null;
        const id = toDbId(state.targetId);
        if (load && id !== null) state.before = (await load(repo.entities, [id])).get(id);
      }
      const answer = await handler.call(this, request, reply);
      state.done = true;
      if (route.response === ImportResult) {
        const data = (answer as { data?: unknown } | undefined)?.data;
        if (data && typeof data === 'object') state.importCounts = data as Record<string, unknown>;
      }
      if (spec) {
        const fromAnswer = spec.fromAnswer?.((answer as { data?: unknown } | undefined)?.data, request);
        if (fromAnswer !== undefined && fromAnswer !== null) state.targetId = fromAnswer;
        // A handler may have named the target itself (noteAuditTarget).
        state.targetId = request.audit?.targetId ?? state.targetId;
        const id = toDbId(state.targetId);
        if (load && id !== null) state.after = (await load(repo.entities, [id])).get(id);
      }
      return answer;
    };
    wrapped.add(options.handler);

    const onSend = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      try {
        await record(request, reply, payload);
      } catch (error) {
        request.log.error({ err: error, route: name }, 'audit entry not written');
      }
      return payload;
    };
    const existing = options.onSend;
    options.onSend = existing ? [...(Array.isArray(existing) ? existing : [existing]), onSend] : [onSend];

    async function record(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
      const state = request.audit ?? {};
      const status = reply.statusCode;
      const success = status < 400 && state.done === true;
      const principal = request.principal;
      const anonymousRefusal = !success && !principal;
      if (anonymousRefusal) {
        const verdict = budget(request.ip);
        if (verdict === 'first-drop') {
          request.log.warn(
            { route: name, perMinute: limits.anonymousRefusalsPerMinute },
            'refused anonymous writes of this client past the cap are not recorded this minute',
          );
        }
        if (verdict !== 'record') return;
      }
      const batch = state.batch;
      if (success && batch) {
        await recordBatch(request, status, batch);
        return;
      }
      let diff: Change[];
      if (withoutDiff.has(name as RouteName) || anonymousRefusal) diff = [];
      // An import's commit: the rows it added, updated and skipped (its request is a preview id and a mode).
      else if (success && state.importCounts)
        diff = Object.entries(state.importCounts).map(([field, value]) => ({ field, before: null, after: value }));
      else if (success && (state.before || state.after)) diff = diffOf(state.before?.fields, state.after?.fields);
      // A refused call shows what it asked, never what the target holds: its caller reads its own entries, and the
      // target may lie outside the caller's reach (a refusal must not disclose it).
      else diff = requestChanges(request, success ? state.before : undefined);

      const originNumber = principal?.origin ? await repo.accountNumberOf(principal.origin.accountId) : null;
      const userAgent = request.headers['user-agent'];
      // A call refused before its handler still names the target its request names.
      const asked = state.targetId ?? spec?.fromRequest?.(request);
      const targetId = typeof asked === 'number' || typeof asked === 'string' ? asked : null;
      if (targetId !== null && !state.targetType) state.targetType = spec?.type;
      await repo.insert({
        at: new Date().toISOString(),
        actor_account_id: principal?.accountId ?? null,
        actor_account_number: principal?.accountNumber ?? null,
        origin_account_id: principal?.origin?.accountId ?? null,
        origin_account_number: originNumber,
        route_name: name as string,
        method: route.method,
        url: anonymousRefusal ? pathOf(request.url) : maskUrl(request.url),
        title: route.title,
        target_type: targetId === null ? null : (state.targetType ?? null),
        target_id: targetId === null ? null : String(targetId).slice(0, 100),
        target_label: success ? ((state.after ?? state.before)?.label?.slice(0, 255) ?? null) : null,
        outcome: success ? 'success' : 'refused',
        status,
        message: success ? null : messageOf(payload),
        ip: request.ip ?? null,
        user_agent: typeof userAgent === 'string' ? userAgent.slice(0, 500) : null,
        diff: JSON.stringify(diff),
      });
    }

    /** One entry per row of a bulk action: a done row with its diff, a refused one with its status and message. */
    async function recordBatch(request: FastifyRequest, status: number, batch: NonNullable<AuditState['batch']>) {
      const principal = request.principal;
      const originNumber = principal?.origin ? await repo.accountNumberOf(principal.origin.accountId) : null;
      const userAgent = request.headers['user-agent'];
      const at = new Date().toISOString();
      const entry = (id: number | string) => {
        const snapshot = batch.after.get(id) ?? batch.before.get(id);
        return {
          at,
          actor_account_id: principal?.accountId ?? null,
          actor_account_number: principal?.accountNumber ?? null,
          origin_account_id: principal?.origin?.accountId ?? null,
          origin_account_number: originNumber,
          route_name: name as string,
          method: route.method,
          url: maskUrl(request.url),
          title: route.title,
          target_type: spec?.type ?? null,
          target_id: String(id).slice(0, 100),
          target_label: snapshot?.label?.slice(0, 255) ?? null,
          ip: request.ip ?? null,
          user_agent: typeof userAgent === 'string' ? userAgent.slice(0, 500) : null,
        };
      };
      const extra = Object.fromEntries(
        Object.entries((request.body ?? {}) as Record<string, unknown>).filter(([field]) => field !== 'ids'),
      );
      await repo.insertMany([
        ...batch.outcome.done.map((id) => ({
          ...entry(id),
          outcome: 'success' as const,
          status,
          message: null,
          diff: JSON.stringify(
            load ? diffOf(batch.before.get(id)?.fields, batch.after.get(id)?.fields) : diffOf(undefined, extra),
          ),
        })),
        ...batch.outcome.refused.map(({ id, error }) => ({
          ...entry(id),
          // As for one refused call: nothing read from a target the caller may not reach.
          target_label: null,
          outcome: 'refused' as const,
          status: error.status,
          message: error.message.slice(0, 500),
          diff: JSON.stringify(diffOf(undefined, extra)),
        })),
      ]);
    }
  });
}

/**
 * The audit trail: registered before any module, because it wraps each write route as Fastify registers it
 * (ADR 0010). Every module's plugin names it among its dependencies.
 */
export const auditTrail = fp<{ repo: AuditRepository; anonymousRefusalsPerMinute: number }>(
  async (app, { repo, anonymousRefusalsPerMinute }) => {
    installAuditTrail(app, repo, { anonymousRefusalsPerMinute });
  },
  { name: AUDIT_TRAIL, dependencies: [HTTP_PLATFORM] },
);
