import { signInLogWords } from '@gatehouse/contract';
import { screenTexts } from '@/lib/i18n';

/**
 * The 登录日志 screen's texts: they travel in its lazily loaded chunk, not in the catalogue every page loads first
 * (the sign-in page's budget, docs/frontend-budgets.md).
 */
const zhCN = {
  // The log's outcome, method, reason and kind words: declared once in the contract (signin-log.words.ts).
  ...signInLogWords('zh-CN'),
  'signinLog.searchAccount': '账号',
  'signinLog.searchOutcome': '结果',
  'signinLog.searchIp': 'IP',
  'signinLog.searchTime': '时间范围',
  'signinLog.outcomeAll': '全部',
  'signinLog.colAt': '登录时间',
  'signinLog.colAccount': '账号',
  'signinLog.colOutcome': '结果',
  'signinLog.colReason': '原因',
  'signinLog.colIp': 'IP',
  'signinLog.colBrowser': '浏览器',
  'signinLog.listLabel': '登录日志列表',
  'signinLog.unknown': '未知',
  'signinLog.searchKind': '类型',
  'signinLog.colKind': '类型',
  'signinLog.repeats': '同一来源重复 {count} 次，最后一次 {lastAt}',
  'signinLog.manyAccounts': '（多个账号）',
} as const;

const enUS: Record<keyof typeof zhCN, string> = {
  ...signInLogWords('en-US'),
  'signinLog.searchAccount': 'Account',
  'signinLog.searchOutcome': 'Result',
  'signinLog.searchIp': 'IP',
  'signinLog.searchTime': 'Time range',
  'signinLog.outcomeAll': 'All',
  'signinLog.colAt': 'Sign-in time',
  'signinLog.colAccount': 'Account',
  'signinLog.colOutcome': 'Result',
  'signinLog.colReason': 'Reason',
  'signinLog.colIp': 'IP',
  'signinLog.colBrowser': 'Browser',
  'signinLog.listLabel': 'Sign-in log',
  'signinLog.unknown': 'Unknown',
  'signinLog.searchKind': 'Kind',
  'signinLog.colKind': 'Kind',
  'signinLog.repeats': 'Repeated {count} times from this address, the last at {lastAt}',
  'signinLog.manyAccounts': '(several accounts)',
};

export type SignInLogText = keyof typeof zhCN;
export const tx = screenTexts<SignInLogText>(zhCN, enUS);
