// @vitest-environment node
// The dev mock against the contract: every route answered, every answer shaped as the contract says.
import {
  API_BASE,
  type BodyOf,
  CRUDS,
  crudRouteName,
  orgEntity,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
  type RouteDef,
  type RouteName,
  type Routes,
  routes,
  sheetColumns,
} from '@gatehouse/contract';
import { getResponse } from 'msw';
import { setupServer } from 'msw/node';
import { type TSchema, Type } from 'typebox';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMockHandlers, mockRoutes, UNHANDLED_HEADER } from './handlers';
import { SECOND_FACTOR_NEEDS_SERVER } from './handlers/auth';
import { SHEETS_NEED_SERVER } from './handlers/imports';
import { MOCK_PASSWORD } from './seed';

const ORIGIN = 'http://localhost';
const { store, handlers } = createMockHandlers({ origin: ORIGIN, latency: () => 0 });
const server = setupServer(...handlers);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

/** The `{code, msg, data}` answer of a json or upload route. */
const envelopeOf = (data: TSchema) =>
  Type.Object({ code: Type.Literal(200), msg: Type.String(), data }, { additionalProperties: false });

interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
  bytes: ArrayBuffer;
}

interface Request<D extends RouteDef> {
  query?: QueryOf<D>;
  params?: ParamsOf<D>;
  body?: BodyOf<D> | FormData;
  /** The Authorization header; default the admin's session, null for none. */
  token?: string | null;
}

let adminToken = '';

async function call<D extends RouteDef>(route: D, request: Request<D> = {}): Promise<Answer> {
  const path = route.path.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(String((request.params as Record<string, unknown>)[name])),
  );
  const url = new URL(`${ORIGIN}${API_BASE}${path}`);
  for (const [name, value] of Object.entries((request.query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null) url.searchParams.set(name, String(value));
  }
  const headers = new Headers();
  const token = request.token === undefined ? adminToken : request.token;
  if (token) headers.set('Authorization', token);
  let body: BodyInit | undefined;
  if (request.body instanceof FormData) body = request.body;
  else if (request.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(request.body);
  }
  const response = await fetch(url, { method: route.method, headers, body });
  const bytes = await response.arrayBuffer();
  const text = new TextDecoder().decode(bytes);
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // 'file' routes answer bytes.
  }
  return { status: response.status, headers: response.headers, body: parsed, bytes };
}

/** Calls the route and answers the envelope's data, failing on anything but 200. */
async function data<D extends RouteDef>(route: D, request: Request<D> = {}): Promise<ResponseOf<D>> {
  const answer = await call(route, request);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body as { data: ResponseOf<D> }).data;
}

async function captchaToken(): Promise<string> {
  const { id } = await data(routes.imageCaptcha, { query: {}, token: null });
  return data(routes.validateImageCaptcha, { query: { id, userInput: 'abcd' }, token: null });
}

async function signIn(account: string, password = MOCK_PASSWORD): Promise<string> {
  // The mock has no second factor: its sign-ins answer the token.
  return (await data(routes.login, {
    body: { account, password, captcha: await captchaToken() },
    token: null,
  })) as string;
}

async function smsToken(route: typeof routes.sendSms, mobile: string, token?: string | null) {
  const captcha = token === null ? await captchaToken() : undefined;
  const { id } = await data(route, { body: { mobile, captcha }, token });
  return data(routes.validateSms, { query: { id, userInput: '000000' }, token: null });
}

function pngUpload(name = 'avatar.png'): FormData {
  const form = new FormData();
  const bytes = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
  form.append('file', new Blob([bytes], { type: 'image/png' }), name);
  return form;
}

/** A configuration bundle adding one dictionary (the mock compares dictionaries and their items). */
const sampleBundle = () => ({
  format: 'gatehouse-config',
  version: 1,
  resources: [],
  roles: [],
  dicts: [
    { dictCode: 'sampleCfg', dictName: '样例', remark: null, items: [{ value: '一', parent: null, orderNum: 0 }] },
  ],
  orgs: [],
});

/** A WebAuthn answer of the contract's shape (the mock refuses it before looking). */
const SAMPLE_CREDENTIAL = {
  id: 'a',
  rawId: 'a',
  type: 'public-key' as const,
  response: { clientDataJSON: 'e30' },
  clientExtensionResults: {},
};

const SECOND_FACTOR_ROUTES = Object.fromEntries(
  Object.entries(routes).filter(([, route]) =>
    /^\/(auth\/(totp|passkeys|second-factor|recovery-codes)|login\/(passkey|second-factor)|account\/second-factor)/.test(
      route.path,
    ),
  ),
);

interface Sample<D extends RouteDef> extends Request<D> {
  /** Expected HTTP status; default 200. */
  status?: number;
}

/**
 * A valid call of every route (setting up what it needs first). Mapped over the contract's route names, so a
 * new route without a sample does not compile.
 */
const samples: { [K in RouteName]: () => Promise<Sample<Routes[K]>> } = {
  health: async () => ({ token: null }),
  // The second factor needs the server: the mock refuses each of its routes with one clear message.
  secondFactorStatus: async () => ({ status: 501 }),
  totpSetup: async () => ({ status: 501 }),
  totpEnable: async () => ({ body: { code: '123456' }, status: 501 }),
  totpDisable: async () => ({ status: 501 }),
  regenerateRecoveryCodes: async () => ({ status: 501 }),
  passkeyRegisterOptions: async () => ({ status: 501 }),
  registerPasskey: async () => ({
    body: { challengeId: 'c', name: 'k', credential: SAMPLE_CREDENTIAL },
    status: 501,
  }),
  renamePasskey: async () => ({ params: { id: 'a' }, body: { name: 'k' }, status: 501 }),
  deletePasskey: async () => ({ params: { id: 'a' }, status: 501 }),
  validateTotp: async () => ({ body: { code: '123456' }, status: 501 }),
  passkeyVerifyOptions: async () => ({ status: 501 }),
  validatePasskey: async () => ({
    body: { challengeId: 'c', credential: SAMPLE_CREDENTIAL },
    status: 501,
  }),
  passkeyLoginOptions: async () => ({ token: null, status: 501 }),
  passkeyLogin: async () => ({
    body: { challengeId: 'c', credential: SAMPLE_CREDENTIAL },
    token: null,
    status: 501,
  }),
  secondFactorOptions: async () => ({ body: { ticket: 't' }, token: null, status: 501 }),
  loginSecondFactor: async () => ({
    body: { ticket: 't', method: 'totp' as const, code: '123456' },
    token: null,
    status: 501,
  }),
  resetSecondFactor: async () => ({ query: { id: 2 } }),
  login: async () => ({ body: { account: 'admin', password: MOCK_PASSWORD, captcha: await captchaToken() } }),
  logout: async () => ({}),
  loginCaptchaState: async () => ({ query: { account: 'admin' } }),
  listSigninLog: async () => ({ query: { p: 1, pageSize: 10, outcome: 'failure' } }),
  exportSigninLog: async () => ({ query: { account: 'zhang' } }),
  getAccountInfo: async () => ({}),
  getPermissions: async () => ({}),
  listOnline: async () => ({ query: { p: 1, pageSize: 10, account: 'admin' } }),
  forceLogout: async () => {
    await data(routes.login, { body: { account: 'lina', password: MOCK_PASSWORD, captcha: await captchaToken() } });
    const online = await data(routes.listOnline, { query: { p: 1, pageSize: 100, account: 'lina' } });
    return { query: { id: online.list[0]!.id } };
  },
  batchForceLogout: async () => {
    await data(routes.login, { body: { account: 'lina', password: MOCK_PASSWORD, captcha: await captchaToken() } });
    const online = await data(routes.listOnline, { query: { p: 1, pageSize: 100, account: 'lina' } });
    return { body: { ids: [online.list[0]!.id, 'no-such-session'] } };
  },
  listOwnSessions: async () => ({}),
  endOwnSession: async () => {
    const mine = await data(routes.listOwnSessions, {});
    return { query: { id: mine.find((s) => !s.current)!.id } };
  },
  endOtherOwnSessions: async () => ({}),
  listAccounts: async () => ({ query: { p: 1, pageSize: 10 } }),
  createAccount: async () => ({
    body: { accountNumber: 'sample.create', accountName: '样例账号', password: 'Sample#2026', state: 1, orgId: 2 },
  }),
  updateAccount: async () => ({
    body: { id: 2, accountNumber: 'zhangwei', accountName: '张伟', state: 1, orgId: 2, roleId: 2 },
  }),
  deleteAccount: async () => {
    const { id } = await data(routes.createAccount, {
      body: { accountNumber: 'sample.delete', accountName: '待删除', password: 'Sample#2026', state: 0, orgId: 3 },
    });
    return { query: { id } };
  },
  batchDeleteAccounts: async () => {
    const { id } = await data(routes.createAccount, {
      body: { accountNumber: 'sample.batch', accountName: '待批量删除', password: 'Sample#2026', state: 0, orgId: 3 },
    });
    return { body: { ids: [id, 1] } };
  },
  batchAccountState: async () => ({ body: { ids: [3, 4], state: 1 } }),
  resetAccountPassword: async () => ({ body: { id: 3 } }),
  updateProfile: async () => ({ body: { accountName: '系统管理员', address: '北京市海淀区' } }),
  switchIdentity: async () => ({ query: { id: 4 } }),
  restoreIdentity: async () => ({ token: await data(routes.switchIdentity, { query: { id: 5 } }) }),
  listOrgs: async () => ({ query: { pid: 1 } }),
  createOrg: async () => ({ body: { name: '法务部', pid: 1, regionId: 110108 } }),
  updateOrg: async () => ({ body: { id: 12, name: '客户服务部', fullName: '运营中心客户服务部' } }),
  deleteOrg: async () => ({
    query: { id: (await data(routes.createOrg, { body: { name: '临时项目组', pid: 2 } })).id },
  }),
  listRoles: async () => ({}),
  createRole: async () => ({ body: { name: '样例角色', resources: [1, 2] } }),
  updateRole: async () => ({ body: { id: 4, name: '字典维护员', remark: '维护系统字典', resources: [1, 8] } }),
  deleteRole: async () => ({
    query: { id: (await data(routes.createRole, { body: { name: '临时角色', resources: [1] } })).id },
  }),
  listResources: async () => ({}),
  explainAccount: async () => ({ query: { id: 2 } }),
  explainResource: async () => ({ query: { id: 1 } }),
  viewAs: async () => ({ query: { roleId: 3, orgId: 2 } }),
  createResource: async () => ({ body: { type: 0, name: '样例菜单', route: '/sample' } }),
  updateResource: async () => {
    const created = await data(routes.createResource, {
      body: { type: 1, name: '样例接口', method: 'get', url: '/sample/s', pid: 2 },
    });
    const { builtin: _builtin, ...fields } = created;
    return { body: { ...fields, name: '样例接口（改）' } };
  },
  deleteResource: async () => ({
    query: { id: (await data(routes.createResource, { body: { type: 0, name: '临时菜单', route: '/tmp' } })).id },
  }),
  listDicts: async () => ({ query: { p: 1, pageSize: 10 } }),
  createDict: async () => ({ body: { dictName: '样例字典', dictCode: 'sample_dict' } }),
  updateDict: async () => ({ body: { id: 1, dictName: '性别', dictCode: 'gender', remark: null } }),
  deleteDict: async () => ({
    query: { id: (await data(routes.createDict, { body: { dictName: '临时字典', dictCode: 'tmp' } })).id },
  }),
  listDictItems: async () => ({ query: { dictCode: 'industry' } }),
  createDictItem: async () => ({ body: { dictCode: 'industry', value: '教育', pid: null } }),
  updateDictItem: async () => ({ body: { id: 1, dictCode: 'gender', value: '男', orderNum: 0 } }),
  deleteDictItem: async () => ({
    query: { id: (await data(routes.createDictItem, { body: { dictCode: 'gender', value: '临时' } })).id },
  }),
  batchDeleteDictItems: async () => {
    const { id } = await data(routes.createDictItem, { body: { dictCode: 'gender', value: '批量临时' } });
    return { body: { ids: [id] } };
  },
  getPreference: async () => ({ params: { key: 'table.accounts' } }),
  putPreference: async () => ({
    params: { key: 'table.accounts' },
    body: { columns: ['accountNumber'], density: 'small' },
  }),
  authOptions: async () => ({ token: null }),
  imageCaptcha: async () => ({ query: { width: 120, height: 40 }, token: null }),
  validateImageCaptcha: async () => ({
    query: { id: (await data(routes.imageCaptcha, { query: {}, token: null })).id, userInput: 'xyzw' },
    token: null,
  }),
  sendSms: async () => ({ body: { mobile: '13800000000' } }),
  sendSmsRegister: async () => ({ body: { mobile: '13700001111', captcha: await captchaToken() }, token: null }),
  sendSmsLogin: async () => ({ body: { mobile: '+8613800000000', captcha: await captchaToken() }, token: null }),
  sendSmsReset: async () => ({ body: { mobile: '13800000000' } }),
  validateSms: async () => ({
    query: { id: (await data(routes.sendSms, { body: { mobile: '13800000000' } })).id, userInput: '123456' },
  }),
  sendEmailCode: async () => ({ query: { email: 'admin@gatehouse.cn' } }),
  validateEmailCode: async () => ({
    query: {
      id: (await data(routes.sendEmailCode, { query: { email: 'admin@gatehouse.cn' } })).id,
      userInput: '123456',
    },
  }),
  sendProfileMobileCode: async () => ({ body: { mobile: '13600001234' } }),
  sendProfileEmailCode: async () => ({ body: { email: 'new.admin@gatehouse.cn' } }),
  validatePassword: async () => ({ body: { password: MOCK_PASSWORD } }),
  changePassword: async () => ({
    body: {
      newPassword: MOCK_PASSWORD,
      token: await data(routes.validatePassword, { body: { password: MOCK_PASSWORD } }),
    },
  }),
  register: async () => ({
    body: {
      mobile: '13700002222',
      token: await smsToken(routes.sendSmsRegister, '13700002222', null),
      name: '新同事',
      company: '门楼科技',
      password: 'Register#2026',
    },
    token: null,
  }),
  smsLogin: async () => ({ body: { token: await smsToken(routes.sendSmsLogin, '13800000000') }, token: null }),
  findUserByField: async () => ({ query: { mobile: '13800000000' } }),
  uploadFile: async () => ({ query: { ownerId: 'sample' }, body: pngUpload() }),
  downloadFile: async () => {
    const { url } = await data(routes.uploadFile, { query: {}, body: pngUpload('报表.png') });
    const [key, name] = url.split('/').slice(-2).map(decodeURIComponent);
    return { params: { key: key ?? '', name: name ?? '' } };
  },
  listImages: async () => {
    await data(routes.uploadFile, { query: { ownerId: 'gallery' }, body: pngUpload() });
    return { query: { id: 'gallery' } };
  },
  deleteFile: async () => ({
    query: { id: (await data(routes.uploadFile, { query: {}, body: pngUpload('旧文件.png') })).id },
  }),
  listAudit: async () => ({ query: { p: 1, pageSize: 10, outcome: 'success' } }),
  exportAudit: async () => ({ query: { accountNumber: 'admin' } }),
  exportOrgs: async () => ({ query: { format: 'csv', columns: 'path,name' } }),
  exportRoles: async () => ({ query: { format: 'csv' } }),
  exportDicts: async () => ({ query: { format: 'csv', sort: 'dictCode', order: 'asc' } }),
  exportConfigBundle: async () => ({}),
  diffConfigBundle: async () => ({ body: sampleBundle() }),
  applyConfigBundle: async () => ({ body: { bundle: sampleBundle(), changeIds: ['dict:sampleCfg'] } }),
  listSystemParams: async () => ({}),
  updateSystemParam: async () => ({ body: { key: 'loginLockAfter', value: '5' } }),
  // Spreadsheets need the server (mocks/handlers/imports.ts): the mock refuses them with a message.
  exportAccounts: async () => ({ query: { format: 'csv', columns: 'accountNumber,orgPath' } }),
  accountImportTemplate: async () => ({ status: 501 }),
  previewAccountImport: async () => ({ body: pngUpload('accounts.xlsx'), status: 501 }),
  commitAccountImport: async () => ({
    body: { previewId: 'none', mode: 'insert', initialPassword: 'Import-2026!' },
    status: 501,
  }),
  importProgress: async () => ({ params: { previewId: 'none' }, status: 501 }),
  orgImportTemplate: async () => ({ status: 501 }),
  previewOrgImport: async () => ({ body: pngUpload('orgs.xlsx'), status: 501 }),
  commitOrgImport: async () => ({ body: { previewId: 'none', mode: 'upsert' }, status: 501 }),
  addCommonDicts: async () => ({}),
  dictItemImportTemplate: async () => ({ status: 501 }),
  previewDictItemImport: async () => ({ body: pngUpload('dicts.xlsx'), status: 501 }),
  commitDictItemImport: async () => ({ body: { previewId: 'none', mode: 'insert' }, status: 501 }),
  importRejected: async () => ({ params: { previewId: 'none' }, status: 501 }),
  saveText: async () => ({ params: { path: 'notice', id: 'n-1' }, body: { ops: [{ insert: '公告内容\n' }] } }),
  getText: async () => {
    const id = await data(routes.saveText, { params: { path: 'notice', id: 'n-2' }, body: { title: '通知' } });
    return { params: { id } };
  },
  listRegions: async () => ({ query: { pid: 320000 } }),
  searchRegions: async () => ({ query: { keyword: '州' } }),
  regionPath: async () => ({ query: { id: 320506 } }),
  overview: async () => ({}),
  envelope: async () => ({ params: { digest: 'abc123' }, body: { data: 'U2FsdGVkX1+sealed' }, status: 404 }),
  // 岗位, a descriptor-served entity (contract cruds.ts).
  listPosts: async () => {
    await data(routes.createPost, { body: { postCode: 'list_sample', postName: '列表样例' } });
    return { query: { p: 1, pageSize: 10, keyword: 'sample', state: 1, sort: 'postCode', order: 'asc' } };
  },
  createPost: async () => ({ body: { postCode: 'sample_post', postName: '样例岗位', sort: 1, state: 1 } }),
  updatePost: async () => {
    const { id } = await data(routes.createPost, { body: { postCode: 'edit_sample', postName: '编辑样例' } });
    return { body: { id, postCode: 'edit_sample', postName: '编辑后', remark: '备注' } };
  },
  deletePost: async () => ({
    query: { id: (await data(routes.createPost, { body: { postCode: 'tmp_post', postName: '临时岗位' } })).id },
  }),
  batchDeletePosts: async () => {
    const { id } = await data(routes.createPost, { body: { postCode: 'batch_tmp', postName: '批量临时' } });
    return { body: { ids: [id] } };
  },
  batchPostState: async () => {
    const { id } = await data(routes.createPost, { body: { postCode: 'state_tmp', postName: '状态样例' } });
    return { body: { ids: [id], state: 0 } };
  },
  exportPosts: async () => ({ query: { format: 'csv', sort: 'postCode', order: 'asc' } }),
  postImportTemplate: async () => ({ status: 501 }),
  previewPostImport: async () => ({ body: pngUpload('posts.xlsx'), status: 501 }),
  commitPostImport: async () => ({ body: { previewId: 'none', mode: 'insert' }, status: 501 }),
};

describe('the dev mock answers the contract', () => {
  beforeAll(async () => {
    adminToken = await signIn('admin');
  });

  it('has one mock per contract route, bound to that route', () => {
    expect(Object.keys(mockRoutes).sort()).toEqual(Object.keys(routes).sort());
    for (const [name, mock] of Object.entries(mockRoutes)) expect(mock.route).toBe(routes[name as RouteName]);
  });

  it.each(Object.keys(routes) as RouteName[])('%s answers as its response schema says', async (name) => {
    const route: RouteDef = routes[name];
    const sample = await (samples[name] as () => Promise<Sample<RouteDef>>)();
    const answer = await call(route, sample);
    expect(answer.headers.get(UNHANDLED_HEADER), `${route.method} ${route.path} has no handler`).toBeNull();
    expect(answer.status, JSON.stringify(answer.body)).toBe(sample.status ?? 200);

    if (name === 'exportSigninLog') {
      expect(answer.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
      expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(answer.bytes)).toMatch(
        /^\uFEFF时间,账号,结果,原因,IP,浏览器,方式,类型\r\n/,
      );
      return;
    }
    if (name === 'exportConfigBundle') {
      expect(answer.headers.get('Content-Type')).toBe('application/json; charset=utf-8');
      expect(JSON.parse(new TextDecoder().decode(answer.bytes))).toMatchObject({
        format: 'gatehouse-config',
        version: 1,
      });
      return;
    }
    if (sample.status === 501) {
      // A refusal the mock answers on purpose (spreadsheet imports need the server): the envelope and its reason.
      expect(answer.body).toMatchObject({
        code: sample.status,
        msg: name in SECOND_FACTOR_ROUTES ? SECOND_FACTOR_NEEDS_SERVER : SHEETS_NEED_SERVER,
      });
      return;
    }
    if (
      name === 'exportOrgs' ||
      name === 'exportRoles' ||
      name === 'exportDicts' ||
      name === 'exportAccounts' ||
      CRUDS.some((crud) => crudRouteName(crud.name, 'exportRows') === name)
    ) {
      // A list export in CSV: UTF-8 with its BOM, the header row first.
      expect(answer.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
      expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(answer.bytes)).toMatch(/^\uFEFF[^\r\n]+\r\n/);
      return;
    }
    if (name === 'exportAudit') {
      // A CSV file: UTF-8 with its BOM.
      expect(answer.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
      expect(new Uint8Array(answer.bytes).slice(0, 3)).toEqual(Uint8Array.from([0xef, 0xbb, 0xbf]));
      return;
    }
    if (route.transport === 'file') {
      expect(answer.headers.get('Content-Type')).toBe('image/png');
      expect(new Uint8Array(answer.bytes).slice(0, 4)).toEqual(Uint8Array.from([0x89, 0x50, 0x4e, 0x47]));
      return;
    }
    if (route.transport === 'raw') {
      expect(answer.body).toEqual({ code: 404, msg: '未启用请求加密' });
      return;
    }
    const schema = envelopeOf(route.response);
    expect(Value.Check(schema, answer.body), JSON.stringify(Value.Errors(schema, answer.body).slice(0, 3))).toBe(true);
    // Nothing beyond the schema either (the server serialises answers from their schemas).
    expect(Value.Clean(schema, Value.Clone(answer.body))).toEqual(answer.body);
  });
});

describe('mock-only failure simulations (specification §7)', () => {
  it('/return/fail answers 200 with a code-500 body', async () => {
    const response = await fetch(`${ORIGIN}/api/return/fail`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ code: 500, msg: expect.stringMatching(/\S/) });
  });

  it('/return/error answers HTTP 500 with a message', async () => {
    const response = await fetch(`${ORIGIN}/api/return/error`);
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ code: 500, msg: expect.stringMatching(/\S/) });
  });

  it('/Unauthorized answers HTTP 401 with a message', async () => {
    const response = await fetch(`${ORIGIN}/api/Unauthorized`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ code: 401, msg: expect.stringMatching(/\S/) });
  });

  it('any other /api url is a 404, never the network', async () => {
    const response = await fetch(`${ORIGIN}/api/no/such/thing`, { method: 'POST' });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ code: 404, msg: '接口不存在：POST /api/no/such/thing' });
  });
});

describe('the mock behaves like the server where a developer clicks', () => {
  beforeAll(async () => {
    adminToken = await signIn('admin');
  });

  it('keeps writes: a created account is listed, an edited one changes, a deleted one is gone', async () => {
    const created = await data(routes.createAccount, {
      // A boolean state is accepted as the server accepts it (contract: StateInput).
      body: { accountNumber: 'liqiang', accountName: '李强', password: 'Liqiang#2026', state: true as never, orgId: 7 },
    });
    expect(created).toMatchObject({ accountNumber: 'liqiang', state: true, orgName: '前端开发部', builtin: false });

    const listed = await data(routes.listAccounts, { query: { p: 1, pageSize: 10, orgId: 2 } });
    expect(listed.list[0]).toMatchObject({ id: created.id, accountName: '李强' });

    await data(routes.updateAccount, {
      body: { id: created.id, accountNumber: 'liqiang', accountName: '李强强', state: 0, orgId: 7, roleId: 3 },
    });
    const edited = await data(routes.listAccounts, { query: { p: 1, pageSize: 10, accountNumber: 'liqiang' } });
    expect(edited.list).toEqual([
      expect.objectContaining({ accountName: '李强强', state: false, roleName: '普通员工' }),
    ]);

    // The row sent back, as admin front ends do: what the route does not write is dropped, "" is none.
    const row = edited.list[0] as Record<string, unknown>;
    const echoed = await call(routes.updateAccount, {
      body: { ...row, accountName: '李强', builtin: true, checkPass: 'x', roles: [], roleId: '', email: '' } as never,
    });
    expect(echoed.status).toBe(200);
    expect(echoed.body).toMatchObject({ data: { accountName: '李强', builtin: false, roleId: null } });

    await data(routes.deleteAccount, { query: { id: created.id } });
    const after = await data(routes.listAccounts, { query: { p: 1, pageSize: 10, accountNumber: 'liqiang' } });
    expect(after).toEqual({ list: [], totalCount: 0, totalPage: 0 });
  });

  it('refuses invalid bodies with 400 and a zh-CN message naming the field', async () => {
    const missing = await call(routes.createAccount, {
      body: { accountNumber: 'x1', password: 'Sample#2026', state: 1, orgId: 1 } as never,
    });
    expect(missing).toMatchObject({ status: 400, body: { code: 400, msg: '请填写用户名' } });

    const tooShort = await call(routes.createAccount, {
      body: { accountNumber: 'x1', accountName: '某人', password: 'short', state: 1, orgId: 1 },
    });
    expect(tooShort.body).toEqual({ code: 400, msg: '密码长度不能少于 8 个字符', field: 'password' });

    // Request text refuses control and bidi characters, as the server does (contract common.ts).
    const disguised = await call(routes.createAccount, {
      body: { accountNumber: 'x1', accountName: '某\u202e人', password: 'Sample#2026', state: 1, orgId: 1 },
    });
    expect(disguised.body).toEqual({
      code: 400,
      msg: '用户名不能包含控制字符或文字方向控制字符',
      field: 'accountName',
    });

    const duplicate = await call(routes.createAccount, {
      body: { accountNumber: 'admin', accountName: '重复', password: 'Sample#2026', state: 1, orgId: 1 },
    });
    expect(duplicate.body).toEqual({ code: 400, msg: '账号“admin”已存在', field: 'accountNumber' });

    const parentWithChildren = await call(routes.deleteOrg, { query: { id: 1 } });
    expect(parentWithChildren.status).toBe(400);
    expect(parentWithChildren.body).toMatchObject({ msg: expect.stringContaining('下级组织') });
  });

  it('needs a session (401) and, for guarded routes, the permission (403)', async () => {
    expect((await call(routes.listAccounts, { query: { p: 1, pageSize: 10 }, token: null })).status).toBe(401);
    const staff = await signIn('lina');
    const refused = await call(routes.listAccounts, { query: { p: 1, pageSize: 10 }, token: staff });
    expect(refused).toMatchObject({ status: 403, body: { code: 403, msg: '无权访问“账号列表”，请联系企业管理员' } });
    expect((await call(routes.overview, { token: staff })).status).toBe(200);
  });

  it('marks rows by the dominance rule and refuses acting on a wider account (403)', async () => {
    // 部门管理员 (zhangwei's role) may also list roles here, for the role select of the account dialog.
    const listRolesApi = store.resources.find((r) => r.type === 1 && r.url === routes.listRoles.path)!;
    store.roles.find((r) => r.name === '部门管理员')!.resources.push(listRolesApi.id);
    const manager = await signIn('zhangwei');
    const page = await data(routes.listAccounts, { query: { p: 1, pageSize: 100 }, token: manager });
    const row = (accountNumber: string) => page.list.find((a) => a.accountNumber === accountNumber);
    expect(row('admin')?.manageable).toBe(false);
    expect(row('lina')?.manageable).toBe(false);
    expect(row('wangfang')?.manageable).toBe(true);
    const roles = await data(routes.listRoles, { token: manager });
    expect(Object.fromEntries(roles.map((r) => [r.name, r.assignable]))).toMatchObject({
      超级管理员: false,
      部门管理员: true,
      普通员工: false,
      字典维护员: false,
    });
    const lina = row('lina')!;
    const refused = await call(routes.resetAccountPassword, { body: { id: lina.id }, token: manager });
    expect(refused).toMatchObject({
      status: 403,
      body: { msg: '账号“lina”拥有您没有的权限，您不能对其执行“重置密码”' },
    });
    const wider = await call(routes.updateAccount, {
      body: { id: row('wangfang')!.id, accountNumber: 'wangfang', accountName: '王芳', state: 1, orgId: 3, roleId: 3 },
      token: manager,
    });
    expect(wider).toMatchObject({ status: 403, body: { msg: expect.stringContaining('角色“普通员工”') } });
    const admin = await data(routes.listAccounts, { query: { p: 1, pageSize: 100 } });
    expect(admin.list.every((a) => a.manageable)).toBe(true);
  });

  it('sorts the lists on the server: text ascending, times descending by default, ties by id', async () => {
    const byNumber = await data(routes.listAccounts, { query: { p: 1, pageSize: 100, sort: 'accountNumber' } });
    const numbers = byNumber.list.map((a) => a.accountNumber);
    expect(numbers).toEqual([...numbers].sort());
    const byTime = await data(routes.listAccounts, {
      query: { p: 1, pageSize: 100, sort: 'createTime', order: 'asc' },
    });
    const times = byTime.list.map((a) => a.createTime);
    expect(times).toEqual([...times].sort());
    const dicts = await data(routes.listDicts, { query: { p: 1, pageSize: 100, sort: 'dictCode', order: 'desc' } });
    expect(dicts.list.map((d) => d.dictCode)).toEqual(
      dicts.list
        .map((d) => d.dictCode)
        .sort()
        .reverse(),
    );
    const log = await data(routes.listSigninLog, { query: { p: 1, pageSize: 100, sort: 'at', order: 'asc' } });
    expect(log.list.map((e) => e.at)).toEqual(log.list.map((e) => e.at).sort());
    const audit = await data(routes.listAudit, { query: { p: 1, pageSize: 100, sort: 'at', order: 'asc' } });
    expect(audit.list.map((e) => e.at)).toEqual(audit.list.map((e) => e.at).sort());
    const online = await data(routes.listOnline, { query: { p: 1, pageSize: 100, sort: 'signedInAt' } });
    expect(online.list.map((s) => s.signedInAt)).toEqual(
      online.list
        .map((s) => s.signedInAt)
        .sort()
        .reverse(),
    );
    const unsortable = await call(routes.listAccounts, { query: { p: 1, pageSize: 10, sort: 'password' as never } });
    expect(unsortable).toMatchObject({ status: 400, body: { msg: '排序字段取值不正确' } });
  });

  it("answers bulk actions per row with the single actions' reasons", async () => {
    const manager = await signIn('zhangwei');
    const page = await data(routes.listAccounts, { query: { p: 1, pageSize: 100 } });
    const id = (accountNumber: string) => page.list.find((a) => a.accountNumber === accountNumber)!.id;
    const result = await data(routes.batchAccountState, {
      body: { ids: [id('wangfang'), id('lina'), 1, id('zhangwei'), 9999], state: 0 },
      token: manager,
    });
    expect(result.done).toEqual([id('wangfang')]);
    expect(result.refused).toEqual([
      { id: id('lina'), message: '账号“lina”拥有您没有的权限，您不能对其执行“编辑账号”' },
      { id: 1, message: '内置管理员账号只能由其本人操作，不能执行“编辑账号”' },
      { id: id('zhangwei'), message: '不能禁用当前登录的账号' },
      { id: 9999, message: '账号不存在或已被删除' },
    ]);
    expect(store.accounts.find((a) => a.accountNumber === 'wangfang')?.state).toBe(false);
    expect(store.accounts.find((a) => a.accountNumber === 'lina')?.state).toBe(true);
    await data(routes.batchAccountState, { body: { ids: [id('wangfang')], state: 1 } });

    const parent = await data(routes.createDictItem, { body: { dictCode: 'gender', value: '父' } });
    const child = await data(routes.createDictItem, { body: { dictCode: 'gender', value: '子', pid: parent.id } });
    const alone = await data(routes.batchDeleteDictItems, { body: { ids: [parent.id] } });
    expect(alone).toEqual({ done: [], refused: [{ id: parent.id, message: expect.stringContaining('下级数据') }] });
    const both = await data(routes.batchDeleteDictItems, { body: { ids: [parent.id, child.id] } });
    expect(both).toEqual({ done: [parent.id, child.id], refused: [] });
  });

  it('gives accounts posts (岗位) as the server does: named in order, refused when missing or disabled, kept in use', async () => {
    const post = (body: BodyOf<typeof routes.createPost>) => data(routes.createPost as RouteDef, { body } as never);
    const late = (await post({ postCode: 'mock_late', postName: '后排', sort: 9 })) as { id: number };
    const early = (await post({ postCode: 'mock_early', postName: '前排', sort: 1 })) as { id: number };
    const off = (await post({ postCode: 'mock_off', postName: '停用', sort: 5, state: 0 })) as { id: number };
    const orgId = store.orgs[0]!.id;
    const body = {
      accountNumber: 'posts_holder',
      accountName: '岗位',
      password: MOCK_PASSWORD,
      orgId,
      state: 1 as const,
    };
    const account = await data(routes.createAccount, { body: { ...body, postIds: [late.id, early.id] } });
    expect(account.postIds).toEqual([early.id, late.id]);
    expect(account.posts).toEqual([
      { id: early.id, postName: '前排' },
      { id: late.id, postName: '后排' },
    ]);
    const filtered = await data(routes.listAccounts, { query: { p: 1, pageSize: 10, postId: late.id } });
    expect(filtered.list.map((a) => a.accountNumber)).toEqual(['posts_holder']);
    for (const [postIds, msg] of [
      [[off.id], '岗位“停用”已禁用，不能分配给账号'],
      [[99_999], '岗位不存在：编号 99999'],
      [[early.id, early.id], '岗位不能重复'],
    ] as const) {
      const refused = await call(routes.createAccount, {
        body: { ...body, accountNumber: 'posts_refused', postIds: [...postIds] },
      });
      expect(refused, msg).toMatchObject({ status: 400, body: { msg } });
    }
    const kept = await data(routes.updateAccount, { body: { ...body, id: account.id } });
    expect(kept.postIds).toEqual([early.id, late.id]);
    const inUse = await call(routes.deletePost as RouteDef, { query: { id: late.id } } as never);
    expect(inUse).toMatchObject({ status: 400, body: { msg: '岗位“后排”已分配给 1 个账号，不能删除' } });
    const bulk = await data(routes.batchDeletePosts as RouteDef, { body: { ids: [late.id, off.id] } } as never);
    expect(bulk).toEqual({
      done: [off.id],
      refused: [{ id: late.id, message: '岗位“后排”已分配给 1 个账号，不能删除' }],
    });
    await data(routes.deleteAccount, { query: { id: account.id } });
  });

  it('refuses deleting a dictionary that still has items, naming how many', async () => {
    const refused = await call(routes.deleteDict, { query: { id: 1 } });
    expect(refused).toMatchObject({
      status: 400,
      body: { msg: expect.stringMatching(/^字典“性别”下还有 \d+ 条字典数据/) },
    });
  });

  it('keeps preferences per account, within 16 KiB and 100 keys; null removes', async () => {
    const key = { key: 'table.dicts' };
    const other = await signIn('liuyang');
    await data(routes.putPreference, { params: key, body: { density: 'small' } as never });
    expect(await data(routes.getPreference, { params: key })).toEqual({ density: 'small' });
    expect(await data(routes.getPreference, { params: key, token: other })).toBeNull();
    const big = await call(routes.putPreference, { params: key, body: 'x'.repeat(16 * 1024) as never });
    expect(big).toMatchObject({ status: 400, body: { msg: expect.stringContaining('16 KiB') } });
    for (let i = 0; i < 100; i++) {
      await data(routes.putPreference, { params: { key: `k${i}` }, body: i as never, token: other });
    }
    const tooMany = await call(routes.putPreference, { params: { key: 'k100' }, body: 1 as never, token: other });
    expect(tooMany).toMatchObject({ status: 400, body: { msg: expect.stringContaining('100 项') } });
    await data(routes.putPreference, { params: key, body: null as never });
    expect(await data(routes.getPreference, { params: key })).toBeNull();
    const badKey = await call(routes.getPreference, { params: { key: '1bad key' } });
    expect(badKey).toMatchObject({ status: 400, body: { msg: expect.stringContaining('偏好设置名称') } });
  });

  it('changes the own mobile number only with the token of a code sent to the new one', async () => {
    const own = await signIn('liuyang');
    const me = await data(routes.getAccountInfo, { token: own });
    const body = { accountName: me.accountName, contactNumber: '13600005678', email: me.email };
    const refused = await call(routes.updateProfile, { body, token: own });
    expect(refused).toMatchObject({ status: 400, body: { msg: '更换手机号需要先向新手机号发送验证码并完成验证' } });
    const taken = await call(routes.sendProfileMobileCode, { body: { mobile: '13800000000' }, token: own });
    expect(taken).toMatchObject({ status: 400, body: { msg: '该手机号已被其他账号使用' } });
    const { id } = await data(routes.sendProfileMobileCode, { body: { mobile: '13600005678' }, token: own });
    const mobileToken = await data(routes.validateSms, { query: { id, userInput: '123456' }, token: own });
    const saved = await data(routes.updateProfile, { body: { ...body, mobileToken }, token: own });
    expect(saved.contactNumber).toBe('13600005678');
    // The token is used up.
    const again = await call(routes.updateProfile, {
      body: { ...body, contactNumber: '13600005679', mobileToken },
      token: own,
    });
    expect(again.status).toBe(400);
  });

  it('proves the stored, unproven mobile with a code sent to it, never from a switched session', async () => {
    const own = await signIn('zhaomin');
    const me = await data(routes.getAccountInfo, { token: own });
    expect(me).toMatchObject({ contactVerified: false, emailVerified: false });
    const mobile = me.contactNumber as string;
    const body = { accountName: me.accountName, contactNumber: mobile, email: me.email };
    const { id } = await data(routes.sendProfileMobileCode, { body: { mobile }, token: own });
    const mobileToken = await data(routes.validateSms, { query: { id, userInput: '123456' }, token: own });
    // The administrator acting as 赵敏 (identity switch) proves nothing for her, and uses up no token.
    const switched = await data(routes.switchIdentity, { query: { id: me.id } });
    const refused = await call(routes.updateProfile, { body: { ...body, mobileToken }, token: switched });
    expect(refused).toMatchObject({ status: 403, body: { msg: expect.stringContaining('切换身份期间') } });
    const saved = await data(routes.updateProfile, { body: { ...body, mobileToken }, token: own });
    expect(saved).toMatchObject({ contactNumber: mobile, contactVerified: true, emailVerified: false });
    // Saved again without a token, the proven number stays proven.
    expect(await data(routes.updateProfile, { body, token: own })).toMatchObject({ contactVerified: true });
  });

  it('an account editing itself on PUT /account changes its own mobile only with a code, as on the personal page', async () => {
    const me = await data(routes.getAccountInfo);
    const edit = {
      id: me.id,
      accountNumber: me.accountNumber,
      accountName: me.accountName,
      state: 1 as const,
      orgId: me.orgId as number,
      roleId: me.roleId,
      contactNumber: '13600009999',
      email: me.email,
    };
    const refused = await call(routes.updateAccount, { body: edit });
    expect(refused).toMatchObject({ status: 400, body: { msg: '更换手机号需要先向新手机号发送验证码并完成验证' } });
    expect(store.accounts.find((a) => a.id === me.id)?.contactNumber).toBe(me.contactNumber);
    // Another account's number is the administrator's to set: it is stored, unproven.
    const other = store.accounts.find((a) => a.accountNumber === 'huangtao')!;
    const set = await data(routes.updateAccount, {
      body: {
        ...edit,
        id: other.id,
        accountNumber: other.accountNumber,
        accountName: other.accountName,
        orgId: other.orgId,
        roleId: other.roleId,
        email: other.email,
      },
    });
    expect(set).toMatchObject({ contactNumber: '13600009999', contactVerified: false });
  });

  it('signs every seeded account in with the documented password, and no other', async () => {
    expect(store.accounts.filter((a) => a.state).length).toBeGreaterThan(20);
    expect(await signIn('zhangwei')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const wrong = await call(routes.login, {
      body: { account: 'zhangwei', password: 'wrong-password', captcha: await captchaToken() },
      token: null,
    });
    expect(wrong).toMatchObject({ status: 400, body: { code: 400, msg: '账号或密码错误' } });
  });

  it('runs with access control, the interceptor and encryption off', async () => {
    expect(await data(routes.authOptions, { token: null })).toEqual({
      loginCaptcha: true,
      registration: true,
      accessControl: false,
      permissionInterceptor: false,
      encryption: false,
      verifyResendSeconds: 30,
      passwordMinLength: 8,
      passwordClasses: 2,
    });
  });

  it('answers the sign-in options from its stored 系统参数, as the server does', async () => {
    const admin = await signIn('admin');
    const changed = [
      ['registration', 'off'],
      ['loginCaptcha', 'false'],
      ['passwordMinLength', '12'],
    ];
    for (const [key, value] of changed) {
      await data(routes.updateSystemParam, { token: admin, body: { key: key!, value: value! } });
    }
    expect(await data(routes.authOptions, { token: null })).toMatchObject({
      registration: false,
      loginCaptcha: false,
      passwordMinLength: 12,
    });
    for (const [key] of changed) {
      await data(routes.updateSystemParam, { token: admin, body: { key: key!, value: '', reset: true } });
    }
  });

  it('answers after a 100–600 ms delay by default', async () => {
    const { handlers: slow } = createMockHandlers({ origin: 'http://slow.test' });
    // Counted on a faked clock: nothing is answered before 100 ms, everything by 600 ms.
    vi.useFakeTimers();
    try {
      let answered = false;
      const pending = getResponse(slow, new Request('http://slow.test/api/health')).then((response) => {
        answered = true;
        return response;
      });
      await vi.advanceTimersByTimeAsync(99);
      expect(answered).toBe(false);
      await vi.advanceTimersByTimeAsync(501);
      expect(answered).toBe(true);
      expect((await pending)?.status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the mock’s organisations follow their descriptor (orgEntity)', () => {
  beforeAll(async () => {
    adminToken = await signIn('admin');
  });

  it('exports the sheet’s columns: keys, zh-CN headers and order', async () => {
    const columns = sheetColumns(orgEntity);
    const csv = await call(routes.exportOrgs, { query: { format: 'csv' } });
    const [header] = new TextDecoder().decode(csv.bytes).split('\r\n');
    expect(header?.split(',')).toEqual(columns.map((column) => column.header['zh-CN']));
    const chosen = await call(routes.exportOrgs, { query: { format: 'csv', columns: 'phone,path' } });
    expect(new TextDecoder().decode(chosen.bytes).split('\r\n')[0]).toBe('联系电话,组织路径');
  });

  it('refuses a write by the body’s schema, naming the field by its label', async () => {
    const long = await call(routes.createOrg, { body: { name: '法务部', leader: '王'.repeat(51) } });
    expect(long.body).toEqual({
      code: 400,
      msg: `${orgEntity.fields.leader.label['zh-CN']}长度不能超过 50 个字符`,
      field: 'leader',
    });
    const code = await call(routes.createOrg, { body: { name: '法务部', orgCode: 'A B' } });
    expect(code).toMatchObject({ status: 400, body: { code: 400 } });
    expect((code.body as { msg: string }).msg).toContain(orgEntity.fields.orgCode.label['zh-CN']);
    const blank = await call(routes.createOrg, { body: { name: '  ' } });
    expect(blank.body).toEqual({ code: 400, msg: '名称不能为空白', field: 'name' });
  });
});
