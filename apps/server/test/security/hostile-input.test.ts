import { type RouteDef, routes } from '@gatehouse/contract';
import fc from 'fast-check';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../harness.js';

type Schema = {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  maxLength?: number;
  anyOf?: Schema[];
};

/** JSON routes whose request has an object schema (query or body), the ones hostile input can reach. */
const targets = (Object.entries(routes) as Array<[string, RouteDef]>).filter(
  ([name, r]) =>
    (r.transport ?? 'json') === 'json' &&
    name !== 'logout' &&
    ((r.body as Schema | undefined)?.type === 'object' || (r.query as Schema | undefined)?.type === 'object'),
);

const urlOf = (route: RouteDef) => route.path.replace(/:(\w+)/g, 'x1');

/** Strings an attacker or a broken client sends: SQL and HTML metacharacters, controls, odd unicode. */
const nastyString = fc.oneof(
  fc.constantFrom(
    "' OR '1'='1",
    '1; DROP TABLE account; --',
    '"); DELETE FROM role; --',
    '<script>alert(1)</script>',
    '%00%27',
    '\u0000\u0001\u001f',
    '\u202e\u2066evil',
    '\ud800',
    '😀'.repeat(30),
    'Ａ'.repeat(10),
    '../../etc/passwd',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the literal text is the attack.
    '${jndi:ldap://x}',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

/** A value of the wrong JSON type for a property of the given schema type. */
const wrongType = (type: string | undefined) =>
  type === 'string'
    ? fc.oneof(fc.integer(), fc.boolean(), fc.constant({ nested: 1 }), fc.constant([1, 2]))
    : fc.oneof(fc.constant('not-a-number'), fc.constant({ x: 1 }), fc.constant([null]), fc.constant(true));

/** The properties of an object schema, with the type of each (looking through `anyOf` unions). */
function fields(schema: Schema | undefined): Array<[string, Schema]> {
  return Object.entries(schema?.properties ?? {}).map(([name, s]) => [name, s.anyOf?.[0] ?? s]);
}

describe('hostile input over every request schema (SQLite)', () => {
  let t: TestApp;
  let admin: string;
  let writes: () => Promise<number>;

  beforeAll(async () => {
    t = await startTestApp('sqlite');
    admin = await t.login();
    // A fingerprint of everything a request could have written.
    writes = async () => {
      let n = 0;
      for (const table of ['account', 'org', 'role', 'resource', 'dict', 'dict_item', 'role_resource'] as const) {
        const row = await t.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .executeTakeFirstOrThrow();
        n = n * 1000 + Number(row.n);
      }
      return n;
    };
  });
  afterAll(() => t.close());

  const send = (route: RouteDef, input: { query?: Record<string, unknown>; body?: unknown }) =>
    t.app.fastify.inject({
      method: route.method,
      url: `/api${urlOf(route)}`,
      query: input.query
        ? Object.fromEntries(
            Object.entries(input.query).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
          )
        : undefined,
      headers: { authorization: admin, 'content-type': 'application/json' },
      payload: input.body === undefined ? undefined : JSON.stringify(input.body),
    });

  it('refuses wrong types, unknown query fields and oversize strings with 400 and a message, writing nothing', async () => {
    const before = await writes();
    for (const [name, route] of targets) {
      const where = route.body ? 'body' : 'query';
      const schema = (route.body ?? route.query) as Schema;
      const props = fields(schema);
      const invalid = fc.oneof(
        // An unknown field next to otherwise nothing: a query refuses it; a body drops it (ADR 0030), so there it
        // comes with a wrong type for one of the fields, which is still refused.
        where === 'query' || !props.length
          ? fc.record({ ['__proto_x' as string]: nastyString })
          : fc
              .tuple(nastyString, fc.constantFrom(...props))
              .chain(([text, [field, s]]) => wrongType(s.type).map((value) => ({ __proto_x: text, [field]: value }))),
        // A wrong type for one of the fields.
        ...(props.length
          ? [fc.constantFrom(...props).chain(([field, s]) => wrongType(s.type).map((value) => ({ [field]: value })))]
          : []),
        // A string one character over its limit.
        ...props
          .filter(([, s]) => s.type === 'string' && typeof s.maxLength === 'number')
          .map(([field, s]) => fc.constant({ [field]: 'x'.repeat((s.maxLength ?? 0) + 1) })),
      );
      await fc.assert(
        fc.asyncProperty(invalid, async (value) => {
          // Queries can only carry strings, so a wrong type there may be a valid string: only bodies assert 400.
          const res = await send(route, where === 'body' ? { body: value } : { query: value });
          expect(res.statusCode, `${name} ${JSON.stringify(value)}`).toBeLessThan(500);
          if (where === 'body' || Object.keys(value).some((k) => k.startsWith('__'))) {
            expect(res.statusCode, `${name} ${JSON.stringify(value)}`).toBe(400);
          }
          expect(res.json().msg, name).toMatch(/\S/);
        }),
        { numRuns: 15 },
      );
    }
    expect(await writes()).toBe(before);
  }, 120_000);

  it('never answers 5xx to metacharacters, controls and odd unicode in any string field', async () => {
    for (const [name, route] of targets) {
      const where = route.body ? 'body' : 'query';
      const props = fields((route.body ?? route.query) as Schema).filter(([, s]) => s.type === 'string');
      if (!props.length) continue;
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...props), nastyString, async ([field], text) => {
          const res = await send(route, where === 'body' ? { body: { [field]: text } } : { query: { [field]: text } });
          expect(res.statusCode, `${name}.${field} ${JSON.stringify(text)}`).toBeLessThan(500);
          expect(typeof res.json().msg, name).toBe('string');
        }),
        { numRuns: 12 },
      );
    }
    // The schema is intact: the metacharacters never reached SQL as code.
    expect((await t.call('GET', '/account/s', { token: admin, query: { p: 1, pageSize: 10 } })).status).toBe(200);
  }, 120_000);

  it('refuses bodies that are not JSON, or too large, with 400 / 413', async () => {
    const route = routes.createOrg;
    const broken = await t.app.fastify.inject({
      method: 'POST',
      url: `/api${route.path}`,
      headers: { authorization: admin, 'content-type': 'application/json' },
      payload: '{"name": "x",',
    });
    expect(broken.statusCode).toBe(400);
    const huge = await t.app.fastify.inject({
      method: 'POST',
      url: `/api${route.path}`,
      headers: { authorization: admin, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().msg).toMatch(/\S/);
  });
});

describe('forged tokens (SQLite)', () => {
  let t: TestApp;
  let token: string;
  const probe = (authorization: string) =>
    t.app.fastify.inject({ method: 'GET', url: '/api/getAccountInfo', headers: { authorization } });

  beforeAll(async () => {
    t = await startTestApp('sqlite');
    token = await t.login();
  });
  afterAll(() => t.close());

  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

  it('answers 401 to alg none, a wrong key, a tampered payload, an expired token and an ended session', async () => {
    expect((await probe(token)).statusCode).toBe(200);
    const claims = decodeJwt(token);
    const [header, , signature] = token.split('.');

    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
    const wrongKey = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.sub))
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('not-the-server-secret-at-all-0123456789'));
    const tampered = `${header}.${b64({ ...claims, sub: '999' })}.${signature}`;
    const garbage = 'a.b.c';
    for (const [label, forged] of [
      ['alg none', none],
      ['wrong key', wrongKey],
      ['tampered payload', tampered],
      ['garbage', garbage],
    ] as const) {
      const res = await probe(forged);
      expect(res.statusCode, label).toBe(401);
    }

    // Expired: the session's absolute end has passed.
    await t.database.db
      .updateTable('session')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', String(claims.sid))
      .execute();
    expect((await probe(token)).statusCode).toBe(401);

    // Ended: signed out.
    const fresh = await t.login();
    await t.call('POST', '/logout', { token: fresh });
    expect((await probe(fresh)).statusCode).toBe(401);
  });
});
