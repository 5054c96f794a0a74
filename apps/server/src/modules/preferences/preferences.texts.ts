import { defineTexts } from '../../platform/texts.js';

/** The words the preferences module raises: a setting too large, too many of them. */
export const preferencesTexts = defineTexts({
  'zh-CN': {
    'preference.tooLarge': '偏好设置的内容不能超过 {kib} KiB（按 UTF-8 编码的 JSON 文本计）',
    'preference.tooMany': '每个账号最多保存 {max} 项偏好设置，请先删除不用的设置',
  },
  'en-US': {
    'preference.tooLarge': 'A preference may hold at most {kib} KiB (its JSON text in UTF-8)',
    'preference.tooMany': 'An account keeps at most {max} preferences; remove one you no longer use first',
  },
});
