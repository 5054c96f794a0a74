import { routes } from '@gatehouse/contract';
import { fail, failure, handle, handleRaw } from '@/mocks/handle';
import { regionPath } from '@/mocks/store';

const DAY = 86_400_000;
/** The calendar day in UTC+8, the day the contract's statistics count in. */
const beijingDate = (at: Date | number) => new Date(new Date(at).getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

/** Regions, the dashboard statistics and the request envelope. */
export const referenceMocks = {
  listRegions: handle(routes.listRegions, ({ store, query }) =>
    store.regions
      .filter((r) => r.pid === (query.pid ?? null))
      .map((r) => ({ ...r, hasChildren: store.regions.some((c) => c.pid === r.id) })),
  ),

  searchRegions: handle(routes.searchRegions, ({ store, query }) =>
    store.regions
      .filter((r) => r.name.includes(query.keyword))
      .slice(0, 50)
      .map((r) => ({ path: regionPath(store, r.id) })),
  ),

  regionPath: handle(routes.regionPath, ({ store, query }) => {
    const path = regionPath(store, query.id);
    return path.length ? path : fail('地区不存在');
  }),

  overview: handle(routes.overview, ({ store }) => {
    const enabled = store.accounts.filter((a) => a.state).length;
    const today = beijingDate(new Date());
    const perOrg = store.orgs
      .map((o) => ({ orgId: o.id, name: o.name, count: store.accounts.filter((a) => a.orgId === o.id).length }))
      .filter((o) => o.count > 0)
      .sort((a, b) => b.count - a.count || a.orgId - b.orgId)
      .slice(0, 10);
    const newAccountsPerDay = Array.from({ length: 30 }, (_, i) => {
      const date = beijingDate(new Date(Date.now() - (29 - i) * DAY));
      return { date, count: store.accounts.filter((a) => beijingDate(a.createTime) === date).length };
    });
    const accountsById = new Map(store.accounts.map((a) => [a.id, a]));
    return {
      accounts: { total: store.accounts.length, enabled, disabled: store.accounts.length - enabled },
      orgs: store.orgs.length,
      roles: store.roles.length,
      dicts: store.dicts.length,
      signInsToday: store.signIns.filter((s) => beijingDate(s.at) === today).length,
      liveSessions: new Set(store.signIns.map((s) => s.accountId)).size,
      accountsPerOrg: perOrg,
      newAccountsPerDay,
      recentSignIns: store.signIns.slice(0, 10).flatMap((s) => {
        const account = accountsById.get(s.accountId);
        return account
          ? [
              {
                accountNumber: account.accountNumber,
                accountName: account.accountName,
                at: s.at,
                ip: s.ip,
                userAgent: s.userAgent,
              },
            ]
          : [];
      }),
      generatedAt: Date.now(),
    };
  }),

  // Request encryption is off in the mock (GET /auth/options says so), as on a server without REQUEST_ENCRYPTION.
  envelope: handleRaw(routes.envelope, () => failure(404, '未启用请求加密')),
};
