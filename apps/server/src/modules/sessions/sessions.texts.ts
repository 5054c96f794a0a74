import { defineTexts } from '../../platform/texts.js';

/** The words the sessions module raises: a session gone, one's own current session not forced off. */
export const sessionsTexts = defineTexts({
  'zh-CN': {
    'session.notFound': '会话不存在或已下线',
    'session.ownCurrent': '不能强制下线当前会话，请使用退出登录',
    'session.ownCurrentSelf': '当前会话请使用退出登录',
  },
  'en-US': {
    'session.notFound': 'The session does not exist or has already ended',
    'session.ownCurrent': 'Your current session cannot be forced off; sign out instead',
    'session.ownCurrentSelf': 'Sign out to end the current session',
  },
});
