import { ACCOUNT_SEARCH_CAP, type BodyOf, normaliseMobile, type QueryOf, routes } from '@gatehouse/contract';
import { fail, failField, handle } from '@/mocks/handle';
import { mayAssignRole, mayManageAccount } from '@/mocks/permissions';
import { crudInUse, crudTable, type MockStore, nextId, type StoredAccount, subtreeIds, toAccount } from '@/mocks/store';
import { requestTime } from '@/mocks/time';
import { randomId } from '@/mocks/token';
import { textOrNull } from './fields';
import { proveNewContacts } from './profile-contacts';
import { perRow, sortRows } from './sorting';

type EditableFields = BodyOf<typeof routes.createAccount> | BodyOf<typeof routes.updateAccount>;

/** The dominance rule on an account the caller acts on (403 as on the server). */
function assertManageable(store: MockStore, caller: StoredAccount, target: StoredAccount, title: string) {
  if (mayManageAccount(store, caller, target)) return;
  fail(
    target.builtin
      ? `内置管理员账号只能由其本人操作，不能执行“${title}”`
      : `账号“${target.accountNumber}”拥有您没有的权限，您不能对其执行“${title}”`,
    403,
  );
}

/** Why the caller may not act on the account (the dominance rule's 403 message), or null. */
function dominanceRefusal(store: MockStore, caller: StoredAccount, target: StoredAccount, title: string) {
  if (mayManageAccount(store, caller, target)) return null;
  return target.builtin
    ? `内置管理员账号只能由其本人操作，不能执行“${title}”`
    : `账号“${target.accountNumber}”拥有您没有的权限，您不能对其执行“${title}”`;
}

/** The checks the server makes on the fields both the add and the edit dialogs send. */
function checkedFields(store: MockStore, body: EditableFields, caller: StoredAccount, self: StoredAccount | null) {
  const accountNumber = body.accountNumber.trim() || fail('请填写账号');
  const accountName = body.accountName.trim() || fail('请填写用户名');
  if (store.accounts.some((a) => a.accountNumber === accountNumber && a.id !== self?.id)) {
    failField('accountNumber', `账号“${accountNumber}”已存在`);
  }
  const org = store.orgs.find((o) => o.id === body.orgId) ?? fail('所属组织不存在');
  // As the server: a disabled organisation keeps its accounts but takes no new ones.
  if (!org.state && org.id !== self?.orgId) failField('orgId', `组织“${org.name}”已禁用，不能添加或移入账号`);
  const roleId = body.roleId ?? null;
  const role = roleId === null ? undefined : store.roles.find((r) => r.id === roleId);
  if (roleId !== null && !role) fail('角色不存在');
  if (role && !mayAssignRole(store, caller, role.id)) {
    fail(`角色“${role.name}”拥有您没有的权限，您不能对其执行“${self ? '编辑账号' : '添加账号'}”`, 403);
  }
  const contactNumber = textOrNull(body.contactNumber);
  if (contactNumber !== null && !/^(?:\+86|0086)?1\d{10}$|^[\d\s()+-]{5,30}$/.test(contactNumber)) {
    fail('手机号码格式不正确');
  }
  const email = textOrNull(body.email);
  if (email !== null && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) fail('邮箱格式不正确');
  return {
    accountNumber,
    accountName,
    state: body.state === 1 || body.state === true,
    orgId: body.orgId,
    roleId,
    avatar: body.avatar === undefined ? undefined : textOrNull(body.avatar),
    contactNumber,
    email,
  };
}

/**
 * As the server: the posts (岗位) to hold, each existing, and enabled unless the account holds it already (the
 * contract's schema refused repeats and more than ACCOUNT_POSTS_MAX).
 */
function checkedPosts(store: MockStore, postIds: readonly number[], held: readonly number[] = []): number[] {
  const posts = crudTable(store, 'post').rows;
  const missing = postIds.filter((id) => !posts.some((post) => post.id === id));
  if (missing.length) failField('postIds', `岗位不存在：编号 ${missing.join(', ')}`);
  const disabled = posts.find((post) => postIds.includes(post.id) && !post.state && !held.includes(post.id));
  if (disabled) failField('postIds', `岗位“${String(disabled.postName)}”已禁用，不能分配给账号`);
  return [...postIds];
}

// As the server (accounts' check wired into the generic engine): a post an account holds is not deleted.
crudInUse.post = [
  (store, post) => {
    const count = store.accounts.filter((a) => a.postIds?.includes(post.id)).length;
    return count ? `岗位“${String(post.postName)}”已分配给 ${count} 个账号，不能删除` : null;
  },
];

/** Two stored contacts are the same one (a number or an address written differently). */
const sameContact = (a: string | null, b: string | null, normal: (value: string) => string) =>
  (a === null ? null : normal(a)) === (b === null ? null : normal(b));

/** A strong random password in the shape the server answers (letters, digits and a symbol). */
function randomPassword(): string {
  return `Gh${randomId(9).replace(/[-_]/g, 'x')}#${Math.floor(Math.random() * 90 + 10)}`;
}

/**
 * The accounts the list's filters keep, as the server's (the list and its export alike): the keyword in any part of
 * the number, name, mobile or e-mail, ignoring case; prefixes; the whole mobile; the organisation's subtree; the rest.
 */
export function matchingAccounts(store: MockStore, query: Omit<QueryOf<typeof routes.listAccounts>, 'p' | 'pageSize'>) {
  const orgIds = query.orgId === undefined ? null : subtreeIds(store.orgs, query.orgId);
  const mobile = query.contactNumber === undefined ? null : normaliseMobile(query.contactNumber);
  // As the server: any part of the number, name, mobile or e-mail, ignoring case; counted up to ACCOUNT_SEARCH_CAP.
  const keyword = query.keyword?.trim().toLowerCase();
  const found = (a: StoredAccount) =>
    [a.accountNumber, a.accountName, a.contactNumber, a.email].some((v) => v?.toLowerCase().includes(keyword ?? ''));
  return store.accounts.filter(
    (a) =>
      (!keyword || found(a)) &&
      (!query.accountNumber || a.accountNumber.startsWith(query.accountNumber)) &&
      (!query.accountName || a.accountName.startsWith(query.accountName)) &&
      (mobile === null || (a.contactNumber !== null && normaliseMobile(a.contactNumber) === mobile)) &&
      (!orgIds || orgIds.has(a.orgId)) &&
      (query.pendingApproval !== 1 || a.pendingApproval === true) &&
      (query.postId === undefined || (a.postIds ?? []).includes(query.postId)) &&
      fieldFiltersMatch(query, a),
  );
}

/** As the server: 状态, 角色, 双因素认证 and verified contacts exactly (unverified: set and not proven), 创建时间 inclusive. */
function fieldFiltersMatch(
  query: Omit<QueryOf<typeof routes.listAccounts>, 'p' | 'pageSize'>,
  a: StoredAccount,
): boolean {
  const bit = (value: boolean) => (value ? 1 : 0);
  const from = query.startTime === undefined ? undefined : requestTime(query.startTime);
  const to = query.endTime === undefined ? undefined : requestTime(query.endTime);
  return (
    (query.state === undefined || bit(a.state) === query.state) &&
    (query.roleId === undefined || a.roleId === query.roleId) &&
    (query.secondFactor === undefined || bit(a.secondFactor) === query.secondFactor) &&
    (query.contactVerified === undefined ||
      (query.contactVerified === 1 ? a.contactVerified : !a.contactVerified && a.contactNumber !== null)) &&
    (query.emailVerified === undefined ||
      (query.emailVerified === 1 ? a.emailVerified : !a.emailVerified && a.email !== null)) &&
    (from === undefined || a.createTime >= from) &&
    (to === undefined || a.createTime <= to)
  );
}

export const accountMocks = {
  listAccounts: handle(routes.listAccounts, (ctx) => {
    const { store, query } = ctx;
    const me = ctx.me();
    const matches = matchingAccounts(store, query).sort((a, b) => b.createTime - a.createTime || b.id - a.id);
    // As the server: by organisation name, then organisation id (two organisations may share a name), then id.
    const orgName = (a: StoredAccount) =>
      `${store.orgs.find((o) => o.id === a.orgId)?.name ?? ''}\u0000${String(a.orgId).padStart(12, '0')}`;
    const sorted = sortRows(matches, query, {
      accountNumber: { value: (a) => a.accountNumber },
      accountName: { value: (a) => a.accountName },
      orgName: { value: orgName },
      createTime: { value: (a) => a.createTime, time: true },
    });
    const start = (query.p - 1) * query.pageSize;
    return {
      list: sorted
        .slice(start, start + query.pageSize)
        .map((a) => ({ ...toAccount(store, a), manageable: mayManageAccount(store, me, a) })),
      ...(query.keyword?.trim() && matches.length > ACCOUNT_SEARCH_CAP
        ? {
            totalCount: ACCOUNT_SEARCH_CAP,
            totalPage: Math.ceil(ACCOUNT_SEARCH_CAP / query.pageSize),
            totalCapped: true,
          }
        : { totalCount: matches.length, totalPage: Math.ceil(matches.length / query.pageSize) }),
    };
  }),

  createAccount: handle(routes.createAccount, (ctx) => {
    const { store, body } = ctx;
    const { avatar, ...fields } = checkedFields(store, body, ctx.me(), null);
    const postIds = checkedPosts(store, body.postIds ?? []);
    const account: StoredAccount = {
      id: nextId(store, 'account'),
      ...fields,
      avatar: avatar ?? null,
      createTime: Date.now(),
      builtin: false,
      address: null,
      introduction: null,
      company: null,
      regionId: null,
      regionName: null,
      password: body.password,
      secondFactor: false,
      contactVerified: false,
      emailVerified: false,
      postIds,
    };
    store.accounts.push(account);
    return toAccount(store, account);
  }),

  updateAccount: handle(routes.updateAccount, (ctx) => {
    const { store, body } = ctx;
    const account = store.accounts.find((a) => a.id === body.id) ?? fail('账号不存在或已被删除');
    assertManageable(store, ctx.me(), account, routes.updateAccount.title);
    const { avatar, ...fields } = checkedFields(store, body, ctx.me(), account);
    if (account.builtin && !fields.state) fail('内置管理员账号不能被禁用');
    if (account.builtin && fields.roleId !== 1) fail('内置管理员账号必须保留超级管理员角色');
    if (account.id === ctx.me().id && !fields.state) fail('不能禁用当前登录的账号');
    // Absent keeps the posts it holds.
    const postIds = body.postIds === undefined ? {} : { postIds: checkedPosts(store, body.postIds, account.postIds) };
    // As the server: one's own contacts cost here what they cost on the personal page (a code sent to them).
    const own =
      account.id === ctx.me().id ? proveNewContacts(store, account, body, ctx.session?.originalAccountId != null) : {};
    // As the server: a number or address an administrator changes is its owner's proof no more (未验证).
    const unproven = {
      ...(sameContact(account.contactNumber, fields.contactNumber, normaliseMobile) ? {} : { contactVerified: false }),
      ...(sameContact(account.email, fields.email, (email) => email.toLowerCase()) ? {} : { emailVerified: false }),
    };
    Object.assign(account, fields, unproven, own, postIds, avatar === undefined ? {} : { avatar });
    // As the server: enabling a self-registered account approves it.
    if (fields.state) account.pendingApproval = false;
    return toAccount(store, account);
  }),

  deleteAccount: handle(routes.deleteAccount, (ctx) => {
    const { store, query } = ctx;
    const account = store.accounts.find((a) => a.id === query.id) ?? fail('账号不存在或已被删除');
    if (account.builtin) fail('内置管理员账号不能被删除');
    assertManageable(store, ctx.me(), account, routes.deleteAccount.title);
    if (account.id === ctx.me().id) fail('不能删除当前登录的账号');
    store.accounts.splice(store.accounts.indexOf(account), 1);
    return null;
  }),

  batchDeleteAccounts: handle(routes.batchDeleteAccounts, (ctx) => {
    const { store, body } = ctx;
    const me = ctx.me();
    const result = perRow(body.ids, (id) => {
      const account = store.accounts.find((a) => a.id === id);
      if (!account) return '账号不存在或已被删除';
      return (
        dominanceRefusal(store, me, account, routes.deleteAccount.title) ??
        (account.builtin ? '内置管理员账号不能被删除' : null) ??
        (account.id === me.id ? '不能删除当前登录的账号' : null)
      );
    });
    const done = new Set(result.done);
    store.accounts = store.accounts.filter((a) => !done.has(a.id));
    return result;
  }),

  batchAccountState: handle(routes.batchAccountState, (ctx) => {
    const { store, body } = ctx;
    const me = ctx.me();
    const enable = body.state === 1 || body.state === true;
    const result = perRow(body.ids, (id) => {
      const account = store.accounts.find((a) => a.id === id);
      if (!account) return '账号不存在或已被删除';
      return (
        dominanceRefusal(store, me, account, routes.updateAccount.title) ??
        (account.builtin && !enable ? '内置管理员账号不能被禁用' : null) ??
        (account.id === me.id && !enable ? '不能禁用当前登录的账号' : null)
      );
    });
    for (const id of result.done) {
      const account = store.accounts.find((a) => a.id === id);
      if (account) {
        account.state = enable;
        // As the server: enabling a self-registered account approves it.
        if (enable) account.pendingApproval = false;
      }
    }
    return result;
  }),

  resetAccountPassword: handle(routes.resetAccountPassword, (ctx) => {
    const { store, body } = ctx;
    const account = store.accounts.find((a) => a.id === body.id) ?? fail('账号不存在或已被删除');
    assertManageable(store, ctx.me(), account, routes.resetAccountPassword.title);
    account.password = randomPassword();
    return { password: account.password };
  }),

  // Replaces the auth mocks' refusal (handlers/auth.ts): the account list's action needs no server-side secret.
  resetSecondFactor: handle(routes.resetSecondFactor, (ctx) => {
    const { store, query } = ctx;
    const account = store.accounts.find((a) => a.id === query.id) ?? fail('账号不存在或已被删除');
    assertManageable(store, ctx.me(), account, routes.resetSecondFactor.title);
    account.secondFactor = false;
    return null;
  }),
};
