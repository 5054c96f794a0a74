import { defineTexts } from '../../platform/texts.js';

/** The words of REQUEST_ENCRYPTION's envelope: off, unreadable, stale, replayed. */
export const envelopeTexts = defineTexts({
  'zh-CN': {
    'envelope.disabled': '未启用请求加密',
    'envelope.invalid': '加密请求无法解析，请重新登录后再试',
    'envelope.stale': '加密请求已过期，请检查本机时间后重试',
    'envelope.replayed': '加密请求已处理过，请勿重复提交',
  },
  'en-US': {
    'envelope.disabled': 'Request encryption is not enabled',
    'envelope.invalid': 'The encrypted request cannot be read; please sign in again and retry',
    'envelope.stale': 'The encrypted request expired; please check the clock of this device and retry',
    'envelope.replayed': 'This encrypted request was already handled; it cannot be sent again',
  },
});
