import {
  API_BASE,
  type BodyOf,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
  type RouteDef,
  type RouteName,
  routes,
} from '@gatehouse/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { isDatabaseUnavailable } from './db/db-errors.js';
import { AppError, badRequest } from './errors.js';
import { localeContext, pickLocale, t } from './i18n.js';
import { validationField, validationMessage } from './validation.js';

/** Who is calling: resolved from the session token on every non-open route. */
export interface Principal {
  accountId: number;
  sessionId: string;
  accountNumber: string;
  roleId: number | null;
  superAdmin: boolean;
  /** The password is a generated one and must be changed first (only the owner's sessions, not switches). */
  mustChangePassword?: boolean;
  /** The role requires a second factor the account does not hold yet: it must add one first (owner only). */
  mustEnrolSecondFactor?: boolean;
  /** Set while acting as another account (identity switch): the original account's session and id. */
  origin: { sessionId: string; accountId: number } | null;
  /** Sudo mode: when the session's owner last proved who they are (ISO time; a sign-in counts). */
  verifiedAt?: string | null;
  /** Sudo mode: when the session last used it for a sensitive action (renews the window; ADR 0035). */
  sudoUsedAt?: string | null;
}

export interface HandlerContext<D extends RouteDef> {
  params: ParamsOf<D>;
  query: QueryOf<D>;
  body: BodyOf<D>;
  principal: D['access'] extends 'open' ? Principal | undefined : Principal;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * A 'file' route (its response schema is `never`) sends the bytes itself and answers the reply; every other
 * route answers the envelope's data.
 */
export type Handler<D extends RouteDef> = (
  ctx: HandlerContext<D>,
) => Promise<[ResponseOf<D>] extends [never] ? FastifyReply : ResponseOf<D>>;

export interface Guard {
  /** Resolves the principal or throws 401; may set the renewal header on `reply`. */
  authenticate(request: FastifyRequest, reply: FastifyReply): Promise<Principal>;
  /** Throws 403 when the session may not call this route at all yet (e.g. a password change is due). */
  admit?(principal: Principal, routeName: string): void;
  /** Throws 403 unless the principal holds the route's API resource. */
  authorize(principal: Principal, route: RouteDef): Promise<void>;
  /**
   * After validation, before the handler of a route naming `subjects` or asking for `sudo`: the dominance rule and
   * sudo mode (modules/authz). Throws 403 / 400.
   */
  check?(
    principal: Principal,
    route: RouteDef,
    request: { query: unknown; body: unknown },
    reply: FastifyReply,
  ): Promise<void>;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
  }
}

export function envelopeSchema(data: RouteDef['response']) {
  return Type.Object({ code: Type.Integer(), msg: Type.String(), data });
}

/** The name of the HTTP platform plugin (platform/http-platform.ts): registered before anything else. */
export const HTTP_PLATFORM = 'gatehouse-http';
/** The name of the audit trail's plugin (modules/audit): it wraps each write route as the route is registered. */
export const AUDIT_TRAIL = 'gatehouse-audit-trail';
/**
 * What every module's plugin declares as its `dependencies`: the HTTP platform, and the audit trail, which must be
 * in place before any route is registered (fastify-plugin refuses to register a module before them).
 */
export const MODULE_DEPENDENCIES = [HTTP_PLATFORM, AUDIT_TRAIL];

/** The contract's route names by their definitions: `serve` is given the definition, so "go to definition" works. */
const routeNames = new Map<RouteDef, RouteName>(
  (Object.entries(routes) as [RouteName, RouteDef][]).map(([name, route]) => [route, name]),
);

interface RouteKit {
  guard: Guard;
  /** Contract routes bound so far: each exactly once, and all of them before the server is ready. */
  bound: Set<RouteName>;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeKit: RouteKit;
  }
}

/**
 * The request's inputs as the route's handler sees them. Fastify has validated params, query and body against the
 * very schemas of `route` (see `serve`), so their static types are the contract's; this is the one place that says so.
 */
function inputsOf<D extends RouteDef>(request: FastifyRequest): Pick<HandlerContext<D>, 'params' | 'query' | 'body'> {
  return request as unknown as Pick<HandlerContext<D>, 'params' | 'query' | 'body'>;
}

/**
 * Serves one contract route with its handler: the route's schemas validate the request, the guard authenticates
 * and authorises it (before validation, so an anonymous caller learns nothing about the schema), the dominance rule
 * and sudo mode run before the handler (`subjects`, `sudo`), and the answer goes out in the envelope.
 */
export function serve<D extends RouteDef>(app: FastifyInstance, route: D, handler: Handler<D>): void {
  const name = routeNames.get(route);
  if (!name) throw new Error(`serve(): not a route of the contract: ${route.method} ${route.path}`);
  const { guard, bound } = app.routeKit;
  if (bound.has(name)) throw new Error(`serve(): the contract route ${name} is served twice`);
  bound.add(name);
  app.route({
    method: route.method,
    url: API_BASE + route.path,
    schema: {
      summary: route.title,
      description: route.description,
      tags: [route.menu ?? route.access],
      operationId: name,
      ...(route.access === 'open' ? {} : { security: [{ token: [] }] }),
      ...(route.params ? { params: route.params } : {}),
      ...(route.query ? { querystring: route.query } : {}),
      ...(route.body ? { body: route.body } : {}),
      ...(route.transport === 'upload' ? { consumes: ['multipart/form-data'] } : {}),
      ...(route.transport === 'file' || route.transport === 'raw'
        ? {}
        : { response: { 200: envelopeSchema(route.response) } }),
    },
    onRequest: async (request, reply) => {
      if (route.access === 'open') {
        // Open routes serve anybody but may act differently for a signed-in caller (identity verification):
        // a valid session is recognised, a missing or stale one makes the caller anonymous.
        if (request.headers.authorization) {
          try {
            request.principal = await guard.authenticate(request, reply);
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
          }
        }
        return;
      }
      const principal = await guard.authenticate(request, reply);
      // Known before the permission check, so a refused call is still attributed (audit trail).
      request.principal = principal;
      guard.admit?.(principal, name);
      if (route.access === 'permission') await guard.authorize(principal, route);
    },
    ...(route.subjects?.length || route.sudo || route.security?.length
      ? {
          preHandler: async (request: FastifyRequest, reply: FastifyReply) => {
            if (request.principal) await guard.check?.(request.principal, route, request, reply);
          },
        }
      : {}),
    handler: async (request, reply) => {
      // An upload route's request is a multipart form before anything else is judged of it (the body's validation).
      if (route.transport === 'upload' && !request.isMultipart()) throw badRequest(t('file.notMultipart'));
      const { params, query, body } = inputsOf<D>(request);
      const principal = request.principal as HandlerContext<D>['principal'];
      const data = await handler({ params, query, body, principal, request, reply });
      if (route.transport === 'file' || route.transport === 'raw') return data;
      return { code: 200, msg: t('ok'), data: data ?? null };
    },
  });
}

/** The contract routes no plugin served: the server refuses to start with any (`httpPlatform`'s onReady). */
export function unservedRoutes(app: FastifyInstance): RouteName[] {
  return (Object.keys(routes) as RouteName[]).filter((name) => !app.routeKit.bound.has(name));
}

interface FastifyLikeError {
  statusCode?: number;
  code?: string;
  validation?: Parameters<typeof validationMessage>[0];
  /** Where a validation error is: 'body', 'querystring', 'params', 'headers'. */
  validationContext?: string;
  message: string;
}

/**
 * Each request is served in the language its `Accept-Language` asks for (zh-CN by default): every `t()` during
 * the request reads it from async-local storage. Entered again before validation, because reading the body
 * runs in the socket's context, not the request's.
 */
export function installLocale(app: FastifyInstance): void {
  const enter = (request: FastifyRequest, _reply: FastifyReply, done: () => void) =>
    localeContext.run(pickLocale(request.headers['accept-language']), done);
  app.addHook('onRequest', enter);
  app.addHook('preValidation', enter);
}

/** The one place errors become answers (DESIGN.md §4). */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyLikeError, request, reply) => {
    if (error instanceof AppError) {
      const field = error.field === undefined ? {} : { field: error.field };
      return reply
        .status(error.status)
        .headers(error.headers)
        .send({ code: error.status, msg: error.message, ...field });
    }
    if (error.validation) {
      const field = validationField(error.validation, error.validationContext);
      return reply
        .status(400)
        .send({ code: 400, msg: validationMessage(error.validation), ...(field ? { field } : {}) });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.status(413).send({ code: 413, msg: t('http.tooLarge') });
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type and the like: the caller's fault, said plainly.
      return reply.status(400).send({ code: 400, msg: t('validation.body') });
    }
    if (isDatabaseUnavailable(error)) {
      // Said at once rather than after a hang: a connection that does not open within the connect timeout; a busy
      // pool is waited for within the request's budget (platform/db/database.ts).
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ code: 503, msg: t('http.databaseUnavailable') });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: 500, msg: t('http.internal') });
  });
}
