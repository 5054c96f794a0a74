#!/usr/bin/env node
// The attack pass of docs/security.md ("Security classes"): the five attackers against a server as
// `npm run serve` starts it (build first: `npm run build`), on SQLite or, with DATABASE_URL, PostgreSQL. Loopback only;
// a fresh DATA_DIR; prints each attempt and what the server answered, and exits 1 when any attempt got through.
//
//   node scripts/attack-pass.mjs                                   # SQLite in a temporary DATA_DIR
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/attack node scripts/attack-pass.mjs
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PORT = 18_000 + Math.floor(Math.random() * 1000);
const BASE = `http://127.0.0.1:${PORT}/api`;
const ADMIN = 'Attack#Admin-2026';
const PASSWORD = 'Attack#Pass-2026';
const SUDO_SECONDS = 10;
const dataDir = mkdtempSync(join(tmpdir(), 'gh-attack-'));

// `npm run serve` runs the server package's start script: the same command, exec'd so the server is this child.
const start = JSON.parse(readFileSync(new URL('../apps/server/package.json', import.meta.url), 'utf8')).scripts.start;
const server = spawn('sh', ['-c', `exec ${start}`], {
  cwd: new URL('../apps/server/', import.meta.url),
  env: {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: ADMIN,
    CAPTCHA_TEST_MODE: '1',
    LOGIN_CAPTCHA: 'off',
    REGISTRATION: 'on',
    SUDO_SECONDS: String(SUDO_SECONDS),
    LOG_LEVEL: 'warn',
    // Refusals answer at once: the flood below measures rows, not waits.
    LOGIN_REFUSAL_DELAY_MS: '0',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});

async function call(method, path, { token, query, body } = {}) {
  const url = new URL(BASE + path);
  for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, String(v));
  const res = await fetch(url, {
    method,
    headers: { ...(token ? { authorization: token } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = { msg: text.slice(0, 80) };
  }
  return { status: res.status, body: json, text, headers: res.headers };
}
const data = async (promise) => {
  const res = await promise;
  if (res.status !== 200) throw new Error(`setup failed: ${res.status} ${res.body.msg}`);
  return res.body.data;
};
const outbox = () =>
  readFileSync(join(dataDir, 'outbox.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
const lastCode = (to) =>
  outbox()
    .filter((l) => l.to === to)
    .pop()?.code;
/** The code the background sender delivered to `to` (it delivers after the answer: waited for, up to 10 s). */
async function codeFor(to) {
  for (let i = 0; i < 100; i++) {
    const code = lastCode(to);
    if (code) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  return undefined;
}
const login = (account, password) => data(call('POST', '/login', { body: { account, password } }));

let failures = 0;
function expectRefused(what, res, statuses = [400, 403]) {
  const refused = statuses.includes(res.status);
  if (!refused) failures += 1;
  console.log(`${refused ? 'refused ' : 'GOT IN  '} ${res.status} ${what} — ${res.body.msg ?? ''}`);
}
function expectTrue(what, ok, detail = '') {
  if (!ok) failures += 1;
  console.log(`${ok ? 'held    ' : 'BROKEN  '} ${what} ${detail}`);
}

try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${BASE}/health`)).ok) break;
    } catch {}
    if (i > 600) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  const admin = await login('admin', ADMIN);
  const root = (await data(call('GET', '/orgs', { token: admin })))[0].id;
  const org = async (name) => (await data(call('POST', '/org', { token: admin, body: { name, pid: root } }))).id;
  const x = await org('华东区');
  const y = await org('华南区');
  const z = await org('总部职能');
  const resources = await data(call('GET', '/resources', { token: admin }));
  const role = async (body) =>
    (await data(call('POST', '/role', { token: admin, body: { name: `r${Math.random()}`, ...body } }))).id;
  const narrowRole = await role({ resources: [resources[0].id], dataScope: 'self' });
  const customRole = await role({ resources: resources.map((r) => r.id), dataScope: 'custom', scopeOrgIds: [x] });
  const treeRole = await role({ resources: [resources[0].id], dataScope: 'orgTree' });
  const account = async (number, orgId, extra = {}) =>
    (
      await data(
        call('POST', '/account', {
          token: admin,
          body: { accountNumber: number, accountName: number, password: PASSWORD, orgId, state: 1, ...extra },
        }),
      )
    ).id;
  const targetMobile = '13700001111';
  const target = await account('target.y', y, { roleId: narrowRole, contactNumber: targetMobile });
  await account('narrow.x', x, { roleId: narrowRole });
  const managerId = await account('manager.z', z, { roleId: customRole });
  const targetToken = await login('target.y', PASSWORD);
  const targetSession = JSON.parse(Buffer.from(targetToken.split('.')[1], 'base64url').toString()).sid;

  // (a) a narrow role
  const narrow = await login('narrow.x', PASSWORD);
  console.log('\n(a) a narrow role');
  expectRefused(
    'creates a super-admin',
    await call('POST', '/account', {
      token: narrow,
      body: { accountNumber: 'evil', accountName: 'evil', password: PASSWORD, orgId: root, roleId: 1, state: 1 },
    }),
  );
  expectRefused(
    'plants a number on another account',
    await call('PUT', '/account', {
      token: narrow,
      body: {
        id: target,
        accountNumber: 'target.y',
        accountName: 't',
        orgId: y,
        state: 1,
        contactNumber: '13900009999',
      },
    }),
  );
  expectRefused('resets a password', await call('PUT', '/account/reset', { token: narrow, body: { id: target } }));
  expectRefused(
    'forces a session out',
    await call('DELETE', '/online', { token: narrow, query: { id: targetSession } }),
  );
  expectRefused(
    'looks a number up',
    await call('GET', '/user/field', { token: narrow, query: { mobile: targetMobile } }),
  );

  // (b) a self-registered account
  console.log('\n(b) a self-registered account');
  const image = await data(call('GET', '/captcha/image'));
  const captcha = await data(
    call('GET', '/captcha/image/validate', { query: { id: image.id, userInput: await codeFor(image.id) } }),
  );
  const mobile = '13800002222';
  const sent = await data(call('POST', '/captcha/sms/register', { body: { mobile, captcha } }));
  const smsToken = await data(
    call('GET', '/captcha/sms/validate', { query: { id: sent.id, userInput: await codeFor(mobile) } }),
  );
  await data(
    call('POST', '/account/admin/register/noAuth', {
      body: { mobile, token: smsToken, name: '注册', company: 'c', password: PASSWORD },
    }),
  );
  const registered = await login(mobile, PASSWORD);
  expectRefused(
    'lists accounts',
    await call('GET', '/account/s', { token: registered, query: { p: 1, pageSize: 10 } }),
  );
  expectRefused(
    'changes its number without a code',
    await call('PUT', '/account/profile', {
      token: registered,
      body: { accountName: 'r', contactNumber: '13800003333' },
    }),
  );
  expectRefused(
    'previews a role',
    await call('GET', '/authz/view-as', { token: registered, query: { roleId: treeRole } }),
  );

  // (d) a switched session (before the administrator's window passes)
  console.log('\n(d) a switched session');
  const switcher = await login('admin', ADMIN);
  const switched = await data(
    call('GET', '/account/front/identity/switch', { token: switcher, query: { id: target } }),
  );
  expectRefused(
    'rewrites the account’s mobile on the personal page',
    await call('PUT', '/account/profile', {
      token: switched,
      body: { accountName: 't', contactNumber: '13900008888' },
    }),
  );
  expectRefused(
    'asks a binding code for a number of its choice',
    await call('POST', '/account/profile/mobile/code', { token: switched, body: { mobile: '13900008888' } }),
  );
  expectRefused('sets up an authenticator app', await call('POST', '/auth/totp/setup', { token: switched }));
  expectRefused(
    'ends the account’s other sessions',
    await call('DELETE', '/account/sessions/others', { token: switched }),
  );

  // (e) a custom-scope administrator outside its scope
  console.log('\n(e) a custom-scope administrator sitting outside its scope');
  const manager = await login('manager.z', PASSWORD);
  expectRefused(
    'hands itself a 本组织及以下 role (H-3)',
    await call('PUT', '/account', {
      token: manager,
      body: { id: managerId, accountNumber: 'manager.z', accountName: 'm', orgId: z, roleId: treeRole, state: 1 },
    }),
  );
  // By id only (the number it types is a guess): what comes back must not tell it the account's number.
  const edit = await call('PUT', '/account', {
    token: manager,
    body: { id: target, accountNumber: 'guessed.name', accountName: 't', orgId: y, state: 1 },
  });
  expectRefused('edits an account outside its scope', edit);
  expectTrue('the refusal does not name the account (L-2)', !edit.text.includes('target.y'));
  const preview = await call('GET', '/authz/view-as', { token: manager, query: { roleId: treeRole } });
  expectTrue(
    'the role preview lists nothing outside its scope (M-1)',
    preview.status !== 200 || !preview.text.includes('target.y'),
    `(${preview.status})`,
  );
  const lookup = await call('GET', '/user/field', { token: manager, query: { mobile: targetMobile } });
  expectTrue(
    'the number lookup finds nobody outside its scope (L-1)',
    !lookup.text.includes('target.y'),
    `(${lookup.status})`,
  );
  for (const path of ['/account/s', '/online/s', '/signin-log/s', '/audit/s']) {
    const list = await call('GET', path, { token: manager, query: { p: 1, pageSize: 100 } });
    expectTrue(
      `${path} shows nothing outside its scope`,
      !list.text.includes('target.y') && !list.text.includes(targetMobile),
      `(${list.status})`,
    );
  }
  expectRefused(
    'forces out a session outside its scope',
    await call('DELETE', '/online', { token: manager, query: { id: targetSession } }),
  );

  // (c) a stolen administrator token past its sudo window
  console.log('\n(c) a stolen token past its sudo window');
  await new Promise((r) => setTimeout(r, (SUDO_SECONDS + 1) * 1000));
  expectRefused(
    'creates a super-admin with a password of its choosing (M-3)',
    await call('POST', '/account', {
      token: admin,
      body: { accountNumber: 'evil2', accountName: 'evil', password: PASSWORD, orgId: root, roleId: 1, state: 1 },
    }),
  );
  expectRefused(
    'signs the owner out everywhere (M-3)',
    await call('DELETE', '/account/sessions/others', { token: admin }),
  );
  expectRefused(
    'forces a session out',
    await call('DELETE', '/online', { token: admin, query: { id: targetSession } }),
  );
  const me = await data(call('GET', '/getAccountInfo', { token: admin }));
  expectRefused(
    'plants its own number through PUT /account (H-1)',
    await call('PUT', '/account', {
      token: admin,
      body: {
        id: me.id,
        accountNumber: 'admin',
        accountName: me.accountName,
        orgId: me.orgId,
        roleId: me.roleId,
        state: 1,
        contactNumber: '13900007777',
      },
    }),
  );
  expectRefused(
    'plants its own number on the personal page',
    await call('PUT', '/account/profile', {
      token: admin,
      body: { accountName: me.accountName, contactNumber: '13900007777' },
    }),
  );
  expectRefused(
    'opens sudo with a code to a number it never proved',
    await call('POST', '/captcha/sms', { token: admin, body: { mobile: '13900007777' } }),
  );
  // Planting another account's number is an administrator's right, but the number stays unproven: no way in.
  const planted = await call('PUT', '/account', {
    token: admin,
    body: {
      id: target,
      accountNumber: 'target.y',
      accountName: 't',
      orgId: y,
      roleId: narrowRole,
      state: 1,
      contactNumber: '13900006666',
    },
  });
  console.log(
    `         ${planted.status} an administrator sets another account's number (allowed; unproven: ${planted.body.data?.contactVerified === false})`,
  );
  const image2 = await data(call('GET', '/captcha/image'));
  const captcha2 = await data(
    call('GET', '/captcha/image/validate', { query: { id: image2.id, userInput: await codeFor(image2.id) } }),
  );
  await call('POST', '/captcha/sms/reset-password', { body: { mobile: '13900006666', captcha: captcha2 } });
  expectTrue('a recovery code never reaches the planted number (H-1)', (await codeFor('13900006666')) === undefined);

  // M-5: a flood of refused anonymous sign-ins
  console.log('\nM-5: 300 refused sign-ins of one account number from one client');
  const fresh = await login('admin', ADMIN);
  const before = (await data(call('GET', '/signin-log/s', { token: fresh, query: { p: 1, pageSize: 1 } }))).totalCount;
  for (let i = 0; i < 300; i++)
    await call('POST', '/login', { body: { account: 'nobody', password: 'wrong-password-1' } });
  const after = (await data(call('GET', '/signin-log/s', { token: fresh, query: { p: 1, pageSize: 1 } }))).totalCount;
  expectTrue('the sign-in log grew by a bounded number of rows', after - before <= 40, `(+${after - before})`);
} catch (error) {
  failures += 1;
  console.error(error);
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(failures === 0 ? '\nnothing got through' : `\n${failures} attempt(s) got through`);
process.exit(failures === 0 ? 0 : 1);
