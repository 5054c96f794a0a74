import {
  ACCOUNT_SEARCH_CAP,
  accountEntity,
  type BodyOf,
  normaliseMobile,
  type QueryOf,
  routes,
} from '@gatehouse/contract';
import { listFilter, refuseTaken, sortColumns, writtenFields } from '@/mocks/entity-rows';
import { fail, failField, handle } from '@/mocks/handle';
import { mayAssignRole, mayManageAccount } from '@/mocks/permissions';
import {
  crudInUse,
  crudTable,
  type MockStore,
  newAccount,
  nextId,
  type StoredAccount,
  subtreeIds,
  toAccount,
} from '@/mocks/store';
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

/** The fields the create body requires (the contract's schema): written blank, refused naming the field. */
const REQUIRED = (routes.createAccount.body as { required?: readonly string[] }).required ?? [];

/**
 * The fields both the add and the edit dialogs send, checked as the server checks them. Every field of the account's
 * descriptor is written, kept and refused generically (entity-rows.ts: text trimmed, blank null, an edit keeping what
 * the body leaves out, a `unique` value another account holds refused naming the field); the hooks below are what is
 * really the account's: its organisation, its role (dominance) and its contacts.
 */
function checkedFields(store: MockStore, body: EditableFields, caller: StoredAccount, self: StoredAccount | null) {
  const fields: Partial<StoredAccount> = writtenFields(accountEntity, body, REQUIRED);
  refuseTaken(accountEntity, store.accounts, fields, self?.id);
  const org = store.orgs.find((o) => o.id === body.orgId) ?? fail('所属组织不存在');
  // As the server: a disabled organisation keeps its accounts but takes no new ones.
  if (!org.state && org.id !== self?.orgId) failField('orgId', `组织“${org.name}”已禁用，不能添加或移入账号`);
  // As the server: the role and the contacts an edit leaves out are cleared (the dialog sends them all).
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
  return { ...fields, roleId, contactNumber, email };
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
 * The accounts the list's filters keep, as the server's (the list and its export alike): the descriptor's filters and
 * keyword (entity-rows.ts), then the account's own: the whole mobile, the organisation's subtree, the rest exactly.
 */
export function matchingAccounts(store: MockStore, query: Omit<QueryOf<typeof routes.listAccounts>, 'p' | 'pageSize'>) {
  const described = listFilter(accountEntity, query);
  const orgIds = query.orgId === undefined ? null : subtreeIds(store.orgs, query.orgId);
  const mobile = query.contactNumber === undefined ? null : normaliseMobile(query.contactNumber);
  const bit = (value: boolean) => (value ? 1 : 0);
  return store.accounts.filter(
    (a) =>
      described(a) &&
      (mobile === null || (a.contactNumber !== null && normaliseMobile(a.contactNumber) === mobile)) &&
      (!orgIds || orgIds.has(a.orgId)) &&
      (query.pendingApproval !== 1 || a.pendingApproval === true) &&
      (query.postId === undefined || (a.postIds ?? []).includes(query.postId)) &&
      (query.roleId === undefined || a.roleId === query.roleId) &&
      (query.secondFactor === undefined || bit(a.secondFactor) === query.secondFactor) &&
      // Verified contacts exactly; unverified: set and not proven.
      (query.contactVerified === undefined ||
        (query.contactVerified === 1 ? a.contactVerified : !a.contactVerified && a.contactNumber !== null)) &&
      (query.emailVerified === undefined ||
        (query.emailVerified === 1 ? a.emailVerified : !a.emailVerified && a.email !== null)),
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
      ...sortColumns<StoredAccount>(accountEntity),
      orgName: { value: orgName },
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
    const fields = checkedFields(store, body, ctx.me(), null);
    const postIds = checkedPosts(store, body.postIds ?? []);
    const account = newAccount({ ...fields, id: nextId(store, 'account'), password: body.password, postIds });
    store.accounts.push(account);
    return toAccount(store, account);
  }),

  updateAccount: handle(routes.updateAccount, (ctx) => {
    const { store, body } = ctx;
    const account = store.accounts.find((a) => a.id === body.id) ?? fail('账号不存在或已被删除');
    assertManageable(store, ctx.me(), account, routes.updateAccount.title);
    const fields = checkedFields(store, body, ctx.me(), account);
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
    Object.assign(account, fields, unproven, own, postIds);
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
