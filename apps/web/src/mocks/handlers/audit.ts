import { AUDIT_MASK, type ResponseOf, routes } from '@gatehouse/contract';
import { HttpResponse } from 'msw';
import { handle, handleRaw } from '@/mocks/handle';
import { requestTime } from '@/mocks/time';
import { sortRows } from './sorting';

type Entry = ResponseOf<typeof routes.listAudit>['list'][number];

const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

/** A fixed zh-CN trail (the mock does not record its own writes): edits, a password reset, a refusal, a switch. */
function seedTrail(): Entry[] {
  const base = Date.parse('2026-03-02T01:00:00Z');
  const kinds: Array<Omit<Entry, 'id' | 'at' | 'ip' | 'userAgent'>> = [
    {
      actorAccountId: 1,
      actorAccountNumber: 'admin',
      originAccountId: null,
      originAccountNumber: null,
      route: 'updateAccount',
      method: 'PUT',
      url: '/api/account',
      title: '编辑账号',
      targetType: 'account',
      targetId: '2',
      targetLabel: 'zhangwei',
      outcome: 'success',
      status: 200,
      message: null,
      diff: [
        { field: 'accountName', before: '张伟', after: '张伟（研发）' },
        { field: 'email', before: null, after: 'zhangwei@example.com' },
      ],
    },
    {
      actorAccountId: 1,
      actorAccountNumber: 'admin',
      originAccountId: null,
      originAccountNumber: null,
      route: 'resetAccountPassword',
      method: 'PUT',
      url: '/api/account/reset',
      title: '重置密码',
      targetType: 'account',
      targetId: '3',
      targetLabel: 'lina',
      outcome: 'success',
      status: 200,
      message: null,
      diff: [{ field: 'password', before: AUDIT_MASK, after: AUDIT_MASK }],
    },
    {
      actorAccountId: 2,
      actorAccountNumber: 'zhangwei',
      originAccountId: null,
      originAccountNumber: null,
      route: 'deleteRole',
      method: 'DELETE',
      url: '/api/role?id=1',
      title: '删除角色',
      targetType: 'role',
      targetId: '1',
      targetLabel: null,
      outcome: 'refused',
      status: 403,
      message: '没有“删除角色”的权限',
      diff: [{ field: 'id', before: null, after: 1 }],
    },
    {
      actorAccountId: 3,
      actorAccountNumber: 'lina',
      originAccountId: 1,
      originAccountNumber: 'admin',
      route: 'updateProfile',
      method: 'PUT',
      url: '/api/account/profile',
      title: '修改个人信息',
      targetType: 'account',
      targetId: '3',
      targetLabel: 'lina',
      outcome: 'success',
      status: 200,
      message: null,
      diff: [{ field: 'introduction', before: null, after: '市场部负责人' }],
    },
  ];
  return Array.from({ length: 24 }, (_, i) => ({
    ...(kinds[i % kinds.length] as (typeof kinds)[number]),
    id: 24 - i,
    at: base - i * 3_600_000,
    ip: '192.168.1.20',
    userAgent: UA,
  }));
}

const trail = seedTrail();

type Filters = Partial<Pick<Entry, 'outcome'>> & {
  accountNumber?: string;
  title?: string;
  from?: string | number;
  to?: string | number;
  target?: string;
};

function filtered(f: Filters): Entry[] {
  return trail.filter(
    (e) =>
      (!f.accountNumber ||
        e.actorAccountNumber?.startsWith(f.accountNumber) ||
        e.originAccountNumber?.startsWith(f.accountNumber)) &&
      (!f.title || e.title.includes(f.title) || e.route === f.title) &&
      (!f.outcome || e.outcome === f.outcome) &&
      (f.from === undefined || e.at >= requestTime(f.from)) &&
      (f.to === undefined || e.at <= requestTime(f.to)) &&
      (!f.target || e.targetId === f.target || Boolean(e.targetLabel?.startsWith(f.target))),
  );
}

const cell = (value: unknown) => {
  const text = value === null || value === undefined ? '' : String(value);
  const guarded = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
};

export const auditMocks = {
  listAudit: handle(routes.listAudit, ({ query }) => {
    const matches = sortRows(filtered(query), query, { at: { value: (e) => e.at, time: true } });
    const start = (query.p - 1) * query.pageSize;
    return {
      list: matches.slice(start, start + query.pageSize),
      totalCount: matches.length,
      totalPage: Math.ceil(matches.length / query.pageSize),
    };
  }),
  exportAudit: handleRaw(routes.exportAudit, ({ query }) => {
    const header = ['时间', '操作人', '代操作人', '操作', '请求方法', '请求地址', '对象', '结果', '状态码', '说明'];
    const rows = filtered(query).map((e) =>
      [
        new Date(e.at).toISOString(),
        e.actorAccountNumber,
        e.originAccountNumber,
        e.title,
        e.method,
        e.url,
        e.targetLabel,
        e.outcome === 'success' ? '成功' : '失败',
        e.status,
        e.message,
      ].map(cell),
    );
    const text = `\uFEFF${[header, ...rows].map((r) => r.join(',')).join('\r\n')}\r\n`;
    return new HttpResponse(text, {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent('操作日志.csv')}`,
      },
    });
  }),
};
