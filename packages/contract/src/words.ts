/**
 * The words for a concept that both apps write: the server's sheets and messages, the web's screens and its dev
 * mock. One word per concept (docs/glossary.md): a record's 状态 is 启用 or 禁用, never 停用 or 已启用; an
 * account's contactNumber is its 手机号码 (it takes a mainland mobile number only), never 联系电话, which is an
 * organisation's phone. The web's catalogues hold their own copies (the sign-in page's bundle stays as it is) and a
 * test holds them equal to these.
 */
export const WORDS = {
  'zh-CN': {
    enabled: '启用',
    disabled: '禁用',
    mobileNumber: '手机号码',
  },
  'en-US': {
    enabled: 'Enabled',
    disabled: 'Disabled',
    mobileNumber: 'Mobile number',
  },
} as const;
