import { routes } from '@gatehouse/contract';
import { fail, handle, type MockSession } from '@/mocks/handle';
import { mayManageAccount } from '@/mocks/permissions';
import { type MockStore, type StoredAccount, toAccount } from '@/mocks/store';
import { perRow, sortRows } from './sorting';

/**
 * Sessions in the mock are the recorded sign-ins (mock tokens are stateless): each sign-in is one session,
 * the caller's newest sign-in is its current one, and ended sessions are remembered per store.
 */
const endedByStore = new WeakMap<MockStore, Set<string>>();

function ended(store: MockStore): Set<string> {
  let set = endedByStore.get(store);
  if (!set) {
    set = new Set();
    endedByStore.set(store, set);
  }
  return set;
}

/** Session ids stay stable while sign-ins are prepended: they count from the oldest sign-in. */
function liveSessions(store: MockStore, caller: MockSession | null) {
  const gone = ended(store);
  const currentIndex = caller ? store.signIns.findIndex((s) => s.accountId === caller.account.id) : -1;
  return store.signIns
    .map((signIn, index) => ({ signIn, index, id: `mock-session-${store.signIns.length - index}` }))
    .filter(({ id }) => !gone.has(id))
    .flatMap(({ signIn, index, id }) => {
      const account = store.accounts.find((a) => a.id === signIn.accountId && a.state);
      if (!account) return [];
      return [
        {
          id,
          account,
          ip: signIn.ip,
          userAgent: signIn.userAgent,
          signedInAt: signIn.at,
          lastSeenAt: signIn.at,
          switchedBy: null,
          current: index === currentIndex,
        },
      ];
    });
}

/** Why the caller may not force the session out (as DELETE /online, in the server's order), or null. */
function forceOutRefusal(
  store: MockStore,
  caller: StoredAccount,
  session: ReturnType<typeof liveSessions>[number] | undefined,
): string | null {
  if (session?.current) return '不能强制下线当前会话，请使用退出登录';
  if (session && !mayManageAccount(store, caller, session.account)) {
    return session.account.builtin
      ? `内置管理员账号只能由其本人操作，不能执行“${routes.forceLogout.title}”`
      : `账号“${session.account.accountNumber}”拥有您没有的权限，您不能对其执行“${routes.forceLogout.title}”`;
  }
  return session ? null : '会话不存在或已下线';
}

const own = ({ account: _account, ...session }: ReturnType<typeof liveSessions>[number]) => session;

export const sessionMocks = {
  listOnline: handle(routes.listOnline, (ctx) => {
    const account = ctx.query.account?.trim();
    const ip = ctx.query.ip?.trim();
    const all = sortRows(
      liveSessions(ctx.store, ctx.session).filter(
        (s) =>
          (!account || s.account.accountNumber.includes(account) || s.account.accountName.includes(account)) &&
          (!ip || (s.ip ?? '').startsWith(ip)),
      ),
      ctx.query,
      {
        signedInAt: { value: (s) => s.signedInAt, time: true },
        lastSeenAt: { value: (s) => s.lastSeenAt, time: true },
      },
    );
    const { p, pageSize } = ctx.query;
    return {
      list: all.slice((p - 1) * pageSize, p * pageSize).map((s) => ({
        ...own(s),
        accountId: s.account.id,
        accountNumber: s.account.accountNumber,
        accountName: s.account.accountName,
        orgName: toAccount(ctx.store, s.account).orgName,
      })),
      totalCount: all.length,
      totalPage: Math.ceil(all.length / pageSize),
    };
  }),

  forceLogout: handle(routes.forceLogout, (ctx) => {
    const session = liveSessions(ctx.store, ctx.session).find((s) => s.id === ctx.query.id);
    if (!session) fail('会话不存在或已下线');
    if (session.current) fail('不能强制下线当前会话，请使用退出登录');
    ended(ctx.store).add(session.id);
    return null;
  }),

  batchForceLogout: handle(routes.batchForceLogout, (ctx) => {
    const live = liveSessions(ctx.store, ctx.session);
    const me = ctx.me();
    const result = perRow(ctx.body.ids, (id) =>
      forceOutRefusal(
        ctx.store,
        me,
        live.find((s) => s.id === id),
      ),
    );
    for (const id of result.done) ended(ctx.store).add(id);
    return result;
  }),

  listOwnSessions: handle(routes.listOwnSessions, (ctx) => {
    const mine = liveSessions(ctx.store, ctx.session).filter((s) => s.account.id === ctx.me().id);
    return [...mine.filter((s) => s.current), ...mine.filter((s) => !s.current)].map(own);
  }),

  endOwnSession: handle(routes.endOwnSession, (ctx) => {
    const session = liveSessions(ctx.store, ctx.session).find(
      (s) => s.id === ctx.query.id && s.account.id === ctx.me().id,
    );
    if (!session) fail('会话不存在或已下线');
    if (session.current) fail('当前会话请使用退出登录');
    ended(ctx.store).add(session.id);
    return null;
  }),

  endOtherOwnSessions: handle(routes.endOtherOwnSessions, (ctx) => {
    const others = liveSessions(ctx.store, ctx.session).filter((s) => s.account.id === ctx.me().id && !s.current);
    for (const s of others) ended(ctx.store).add(s.id);
    return { ended: others.length };
  }),
};
