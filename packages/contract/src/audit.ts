import { Type } from 'typebox';
import { ExportQuery, Page, PageQuery, sortQuery, TimeInput, Timestamp } from './common.js';
import { defineRoute } from './define.js';

/** What every masked value reads in the audit trail (passwords, hashes, codes, tokens, captchas). */
export const AUDIT_MASK = '******';
/** CSV export answers at most this many rows (newest first); narrow the filters for older ones. */
export const AUDIT_EXPORT_MAX_ROWS = 10_000;

export const AuditOutcome = Type.Union([Type.Literal('success'), Type.Literal('refused')], { title: '结果' });

/** One changed field: values as stored (secrets are `AUDIT_MASK`); `null` before a create and after a delete. */
export const AuditChange = Type.Object({
  field: Type.String(),
  before: Type.Unknown(),
  after: Type.Unknown(),
});

export const AuditEntry = Type.Object({
  id: Type.Integer(),
  at: Timestamp,
  /** The account in force when the call was made (null for anonymous calls). */
  actorAccountId: Type.Union([Type.Integer(), Type.Null()]),
  actorAccountNumber: Type.Union([Type.String(), Type.Null()]),
  /** During an identity switch: the original account, i.e. who really acted on the actor's behalf. */
  originAccountId: Type.Union([Type.Integer(), Type.Null()]),
  originAccountNumber: Type.Union([Type.String(), Type.Null()]),
  /** The contract route's name, method, the url as called (secret query values masked) and its zh-CN title. */
  route: Type.String(),
  method: Type.String(),
  url: Type.String(),
  title: Type.String(),
  targetType: Type.Union([Type.String(), Type.Null()]),
  targetId: Type.Union([Type.String(), Type.Null()]),
  /** A readable name of the target (account number, role name…) when known. */
  targetLabel: Type.Union([Type.String(), Type.Null()]),
  outcome: AuditOutcome,
  /** HTTP status of the answer. */
  status: Type.Integer(),
  /** The refusal's message (null on success). */
  message: Type.Union([Type.String(), Type.Null()]),
  ip: Type.Union([Type.String(), Type.Null()]),
  userAgent: Type.Union([Type.String(), Type.Null()]),
  diff: Type.Array(AuditChange),
});

/** The filters the list and the export share. */
export const AuditFilters = {
  /** Prefix of the actor's (or, during an identity switch, the original account's) number. */
  accountNumber: Type.Optional(Type.String({ maxLength: 100, title: '操作人' })),
  /** Part of the route title (e.g. 账号) or a route name (e.g. updateAccount). */
  title: Type.Optional(Type.String({ maxLength: 100, title: '操作' })),
  outcome: Type.Optional(
    Type.Unsafe<'success' | 'refused'>({ type: 'string', maxLength: 10, enum: ['success', 'refused'], title: '结果' }),
  ),
  from: Type.Optional(TimeInput('开始时间')),
  to: Type.Optional(TimeInput('结束时间')),
  /** The target's id, or a prefix of its label (account number, name…). */
  target: Type.Optional(Type.String({ maxLength: 255, title: '对象' })),
};

export const auditRoutes = {
  listAudit: defineRoute({
    method: 'GET',
    path: '/audit/s',
    access: 'permission',
    security: ['personal'],
    title: '操作日志列表',
    menu: '/monitor/OperLog',
    screen: true,
    description:
      'One page of the audit trail (every write through the API), newest first (`sort=at&order=asc`: oldest first). from/to bound the time (inclusive; epoch milliseconds or ISO 8601); the other filters are described on their fields. Entries cannot be changed or deleted through the API.',
    query: Type.Object(
      { ...PageQuery, ...sortQuery(['at'] as const), ...AuditFilters },
      { additionalProperties: false },
    ),
    response: Page(AuditEntry),
  }),
  exportAudit: defineRoute({
    method: 'GET',
    path: '/audit/export',
    access: 'permission',
    security: ['personal'],
    sudo: true,
    transport: 'file',
    title: '导出操作日志',
    menu: '/monitor/OperLog',
    description: `The audit trail under the same filters as GET /audit/s as a CSV file (the default: UTF-8 with BOM; cells starting with = + - @ are prefixed with ' so spreadsheets do not run them) or, with \`format=xlsx\`, an XLSX file (the time a date cell); newest first, at most ${AUDIT_EXPORT_MAX_ROWS} rows, counted by the x-total-rows header.`,
    query: Type.Object({ ...AuditFilters, format: ExportQuery.format }, { additionalProperties: false }),
    response: Type.Unsafe<never>({ type: 'string', format: 'binary' }),
  }),
};
