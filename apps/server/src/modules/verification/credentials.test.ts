import { describe, expect, it } from 'vitest';
import type { VerificationTokenRow } from '../../platform/db/schema.js';
import { badRequest } from '../../platform/errors.js';
import type { Principal } from '../../platform/http.js';
import { createCredentialsService } from './credentials.service.js';
import type { VerificationService } from './verification.service.js';

/**
 * The credentials flows reach accounts only through AccountsService (issue 17, item 2): a new password and a
 * registration are handed to its setPassword and register, whose rules (password rules, uniqueness, ending sessions)
 * are tested with the accounts module and end to end in verification.test.ts. Here the collaborators are fakes that
 * record what they are asked.
 */
const OWNER = { id: 7, accountNumber: 'sms.owner', enabled: true, roleId: null, superAdmin: false };

function token(fields: Partial<VerificationTokenRow>): VerificationTokenRow {
  return {
    token_hash: 'hash',
    kind: 'sms',
    purpose: 'reset',
    recipient: '13600000002',
    account_id: OWNER.id,
    created_at: '2026-01-01T00:00:00.000Z',
    expires_at: '2099-01-01T00:00:00.000Z',
    used_at: null,
    ...fields,
  };
}

function setUp(row: VerificationTokenRow, options: { refusePassword?: string } = {}) {
  const calls: { setPassword: unknown[][]; register: unknown[][] } = { setPassword: [], register: [] };
  const verification = {
    peekToken: async () => row,
  } as unknown as VerificationService;
  const credentials = createCredentialsService({
    verification,
    accounts: {
      standing: async (id) =>
        id === OWNER.id ? { ...OWNER, contactNumber: '+8613600000002', email: null } : undefined,
      async setPassword(...args) {
        calls.setPassword.push(args);
        if (options.refusePassword) throw badRequest(options.refusePassword);
      },
      async register(...args) {
        calls.register.push(args);
        return { id: 8, accountNumber: args[0].mobile };
      },
      holdersOf: async () => [],
    },
    registration: { enabled: true, orgId: 3, roleId: 4 },
    openSession: async () => 'session-token',
    checkPassword: async () => {},
  });
  return { credentials, calls };
}

describe('credentials reach accounts through AccountsService', () => {
  it('a recovery by SMS: the new password, the token to spend and no session to keep go to setPassword', async () => {
    const row = token({});
    const { credentials, calls } = setUp(row);
    expect(await credentials.changePassword(undefined, { newPassword: 'Changed#2026-ok', token: 't' })).toBe(OWNER.id);
    // No session made the change: every session of the account ends.
    expect(calls.setPassword).toEqual([[OWNER.id, 'Changed#2026-ok', { proof: row, keepSessionId: undefined }]]);
  });

  it('a change inside a session keeps that session, and a password AccountsService refuses is refused', async () => {
    const row = token({ kind: 'password', purpose: 'password', recipient: null });
    const principal: Principal = {
      accountId: OWNER.id,
      sessionId: 'own-session',
      accountNumber: OWNER.accountNumber,
      roleId: null,
      superAdmin: false,
      origin: null,
    };
    const { credentials, calls } = setUp(row, { refusePassword: '密码不能包含账号' });
    await expect(credentials.changePassword(principal, { newPassword: 'sms.owner#1', token: 't' })).rejects.toThrow(
      '密码不能包含账号',
    );
    expect(calls.setPassword).toEqual([[OWNER.id, 'sms.owner#1', { proof: row, keepSessionId: 'own-session' }]]);
  });

  it('a recovery code for a number the account no longer holds never reaches setPassword', async () => {
    const { credentials, calls } = setUp(token({ recipient: '13600000099' }));
    await expect(credentials.changePassword(undefined, { newPassword: 'Changed#2026-ok', token: 't' })).rejects.toThrow(
      '验证凭证无效或已过期',
    );
    expect(calls.setPassword).toEqual([]);
  });

  it('a registration goes to AccountsService.register with the configured organisation and role', async () => {
    const row = token({ purpose: 'register', recipient: '13900000001', account_id: null });
    const { credentials, calls } = setUp(row);
    const input = { mobile: '+8613900000001', token: 't', name: '张三', company: '某公司', password: 'Register#2026' };
    expect(await credentials.register(input)).toEqual({ id: 8, accountNumber: '13900000001' });
    expect(calls.register).toEqual([
      [{ mobile: '13900000001', name: '张三', company: '某公司', password: 'Register#2026', orgId: 3, roleId: 4 }, row],
    ]);
  });
});
