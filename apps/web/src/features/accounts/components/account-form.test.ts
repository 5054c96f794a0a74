import { accountEntity } from '@gatehouse/contract';
import { describe, expect, it } from 'vitest';
import type { Account } from '@/features/accounts/api/accounts.api';
import { writableFields } from '@/lib/entity';
import { emptyAccountForm, PHONE_PATTERN, toCreateBody, toFormValues, toUpdateBody } from './account-form';

/** The writable fields of the descriptor this test names none of (served generically): texts, none set. */
const unnamed = (named: readonly string[]) => writableFields(accountEntity).filter((key) => !named.includes(key));

// An account as answered, of the fields this test names (a field the descriptor adds is absent: none set).
const account = {
  id: 5,
  accountNumber: 'zhangsan',
  accountName: '张三',
  avatar: '/files/a.jpg',
  contactNumber: null,
  email: 'z@example.com',
  state: true,
  manageable: true,
  createTime: Date.parse('2024-05-01T05:45:00.000Z'),
  orgId: 2,
  orgName: '研发部',
  belongOrgName: '研发部',
  roleId: null,
  roleName: null,
  builtin: false,
  address: null,
  introduction: null,
  company: null,
  regionId: null,
  regionName: null,
  sysRole: null,
  sysOrg: {
    id: 2,
    name: '研发部',
    fullName: null,
    orgCode: null,
    pid: 1,
    remark: null,
    createTime: Date.parse('2024-05-01T05:45:00.000Z'),
  },
  pendingApproval: false,
  secondFactor: false,
  contactVerified: false,
  emailVerified: false,
  postIds: [7],
  posts: [{ id: 7, postName: '项目经理' }],
} as Account;

describe('account form mapping', () => {
  it('opens the editor with the real state (enabled stays enabled)', () => {
    expect(toFormValues(account).state).toBe(true);
    expect(toFormValues({ ...account, state: false }).state).toBe(false);
  });

  it('sends state as 1/0, trims names and turns blank optional fields into null', () => {
    const values = { ...toFormValues(account), accountName: '  张三 ', contactNumber: '  ', state: false };
    const named = ['accountNumber', 'accountName', 'state', 'orgId', 'roleId', 'contactNumber', 'email', 'avatar'];
    expect(toUpdateBody(account, values)).toEqual({
      ...Object.fromEntries(unnamed(named).map((key) => [key, null])),
      id: 5,
      accountNumber: 'zhangsan',
      accountName: '张三',
      state: 0,
      orgId: 2,
      roleId: null,
      contactNumber: null,
      email: 'z@example.com',
      avatar: '/files/a.jpg',
      postIds: [7],
    });
  });

  it('opens the editor with the posts held and sends the ones chosen; absent keeps them', () => {
    expect(toFormValues(account).postIds).toEqual([7]);
    const values = toFormValues(account);
    expect(toUpdateBody(account, { ...values, postIds: [3, 7] }).postIds).toEqual([3, 7]);
    expect(toUpdateBody(account, { ...values, postIds: [] }).postIds).toEqual([]);
    expect('postIds' in toUpdateBody(account, { ...values, postIds: undefined })).toBe(false);
    expect(toCreateBody({ ...emptyAccountForm, accountNumber: 'a', accountName: 'a', orgId: 1 }).postIds).toEqual([]);
  });

  it('sends the avatar from the form: a new upload replaces it, an empty one clears it', () => {
    expect(toFormValues(account).avatar).toBe('/files/a.jpg');
    const values = toFormValues(account);
    expect(toUpdateBody(account, { ...values, avatar: '/api/file/raw/k1/b.jpg' }).avatar).toBe(
      '/api/file/raw/k1/b.jpg',
    );
    expect(toUpdateBody(account, { ...values, avatar: null }).avatar).toBeNull();
    expect(toCreateBody({ ...values, password: 'Secret-pass-1', avatar: '/api/file/raw/k2/c.jpg' }).avatar).toBe(
      '/api/file/raw/k2/c.jpg',
    );
  });

  it('creates with the password and without the confirmation', () => {
    const body = toCreateBody({
      accountNumber: ' lisi ',
      accountName: '李四',
      password: 'Secret-pass-1',
      confirmPassword: 'Secret-pass-1',
      orgId: 3,
      roleId: 1,
      contactNumber: '13800000000',
      email: '',
      state: true,
    });
    const named = ['accountNumber', 'accountName', 'state', 'orgId', 'roleId', 'contactNumber', 'email', 'avatar'];
    expect(body).toEqual({
      ...Object.fromEntries(unnamed(named).map((key) => [key, null])),
      accountNumber: 'lisi',
      accountName: '李四',
      password: 'Secret-pass-1',
      state: 1,
      orgId: 3,
      roleId: 1,
      contactNumber: '13800000000',
      email: null,
      avatar: null,
      // 首次登录须修改密码 is ticked unless unticked.
      mustChangePassword: true,
    });
  });

  it('sends 首次登录须修改密码 as ticked, false only when unticked', () => {
    const values = { ...emptyAccountForm, accountNumber: 'a', accountName: 'a', password: 'Secret-pass-1', orgId: 1 };
    expect(emptyAccountForm.mustChangePassword).toBe(true);
    expect(toCreateBody(values).mustChangePassword).toBe(true);
    expect(toCreateBody({ ...values, mustChangePassword: false }).mustChangePassword).toBe(false);
  });

  it('maps every writable field of the descriptor: filled from the account, sent trimmed, blank as null', () => {
    const texts = writableFields(accountEntity).filter(
      (key) => typeof emptyAccountForm[key] === 'string' && !['accountNumber', 'accountName'].includes(key),
    );
    expect(texts.length).toBeGreaterThan(0);
    const written = Object.fromEntries(texts.map((key, n) => [key, ` v${n} `]));
    const values = { ...toFormValues(account), ...written };
    const body = toUpdateBody(account, values) as Record<string, unknown>;
    for (const [n, key] of texts.entries()) expect(body[key], key).toBe(`v${n}`);
    const edited = { ...account, ...Object.fromEntries(texts.map((key, n) => [key, `v${n}`])) } as Account;
    for (const [n, key] of texts.entries()) expect(toFormValues(edited)[key], key).toBe(`v${n}`);
    const blank = toUpdateBody(account, { ...values, ...Object.fromEntries(texts.map((key) => [key, '  '])) });
    for (const key of texts) expect((blank as Record<string, unknown>)[key], key).toBeNull();
  });

  it('checks a phone number by the server’s rule', () => {
    for (const ok of ['13800000000', '+86 138-0000-0000', '010-12345678'])
      expect(PHONE_PATTERN.test(ok), ok).toBe(true);
    for (const bad of ['1380000abcd', '123', '+', '138 0000 0000 0000 0000 0000 0000 0']) {
      expect(PHONE_PATTERN.test(bad), bad).toBe(false);
    }
  });
});
