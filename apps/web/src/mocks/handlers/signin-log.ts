import { describeUserAgent, type ResponseOf, routes, SIGNIN_EXPORT_MAX_ROWS } from '@gatehouse/contract';
import { handle, handleRaw } from '@/mocks/handle';
import type { MockStore } from '@/mocks/store';
import { requestTime } from '@/mocks/time';
import { sortRows } from './sorting';

type Entry = ResponseOf<typeof routes.listSigninLog>['list'][number];
interface Filters {
  account?: string;
  outcome?: 'success' | 'failure' | '';
  kind?: Entry['kind'] | '';
  ip?: string;
  startTime?: string | number;
  endTime?: string | number;
}

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

/**
 * The mock's sign-in log: the store's sign-ins (successes, newest first) with a few failures among them. Mock
 * sign-in always needs a captcha, so the captcha state is always "required".
 */
function entries(store: MockStore): Entry[] {
  const byId = new Map(store.accounts.map((a) => [a.id, a]));
  const successes: Entry[] = store.signIns.map((s, index) => ({
    id: store.signIns.length - index + 4,
    at: s.at,
    account: byId.get(s.accountId)?.accountNumber ?? String(s.accountId),
    accountId: s.accountId,
    outcome: 'success',
    reason: 'ok',
    method: 'password',
    kind: 'signin',
    ip: s.ip ?? '127.0.0.1',
    userAgent: s.userAgent,
  }));
  const minutesAgo = (m: number) => Date.now() - m * 60_000;
  const failures: Entry[] = [
    ['zhangwei', 2, 'bad_credentials', 8],
    ['nobody', null, 'unknown_account', 65],
    ['lina', 3, 'captcha_wrong', 130],
  ].map(([account, accountId, reason, minutes], index) => ({
    id: index + 1,
    at: minutesAgo(minutes as number),
    account: account as string,
    accountId: accountId as number | null,
    outcome: 'failure',
    reason: reason as string,
    method: 'password',
    kind: 'signin',
    ip: `10.12.9.${40 + index}`,
    userAgent: CHROME_WINDOWS,
    // 李娜's wrong captcha was repeated: the server adds a client's repeated refusals to one entry.
    ...(reason === 'captcha_wrong' ? { repeats: 4, lastAt: minutesAgo((minutes as number) - 3) } : {}),
  }));
  // 张伟 checked his own password again before a sensitive change: an identity verification, not a sign-in.
  const verification: Entry = {
    id: failures.length + 1,
    at: minutesAgo(20),
    account: 'zhangwei',
    accountId: 2,
    outcome: 'success',
    reason: 'ok',
    method: 'password_check',
    kind: 'verification',
    ip: '10.12.9.40',
    userAgent: CHROME_WINDOWS,
  };
  return [...successes, ...failures, verification].sort((a, b) => b.at - a.at);
}

function matching(store: MockStore, f: Filters): Entry[] {
  return entries(store).filter(
    (e) =>
      (!f.account || e.account.includes(f.account.trim())) &&
      (!f.outcome || e.outcome === f.outcome) &&
      (!f.kind || e.kind === f.kind) &&
      (!f.ip || e.ip.startsWith(f.ip.trim())) &&
      (f.startTime === undefined || e.at >= requestTime(f.startTime)) &&
      (f.endTime === undefined || e.at <= requestTime(f.endTime)),
  );
}

const cell = (value: string | number | null) => {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

export const signinLogMocks = {
  loginCaptchaState: handle(routes.loginCaptchaState, () => ({ required: true })),

  listSigninLog: handle(routes.listSigninLog, ({ store, query }) => {
    const all = sortRows(matching(store, query), query, { at: { value: (e) => e.at, time: true } });
    const start = (query.p - 1) * query.pageSize;
    return {
      list: all.slice(start, start + query.pageSize),
      totalCount: all.length,
      totalPage: Math.ceil(all.length / query.pageSize),
    };
  }),

  exportSigninLog: handleRaw(routes.exportSigninLog, ({ store, query }) => {
    const rows = matching(store, query).slice(0, SIGNIN_EXPORT_MAX_ROWS);
    const lines = ['时间,账号,结果,原因,IP,浏览器,方式,类型'].concat(
      rows.map((e) =>
        [
          new Date(e.at).toISOString(),
          e.account,
          e.outcome === 'success' ? '成功' : '失败',
          e.reason,
          e.ip,
          describeUserAgent(e.userAgent),
          e.method === 'password_check' ? '密码校验' : '密码',
          e.kind === 'verification' ? '身份验证' : '登录',
        ]
          .map(cell)
          .join(','),
      ),
    );
    return new Response(`\uFEFF${lines.join('\r\n')}\r\n`, {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': 'attachment; filename="signin-log.csv"',
      },
    });
  }),
};
