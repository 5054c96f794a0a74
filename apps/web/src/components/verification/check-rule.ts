import type { FormRule } from 'antd';
import type { RefObject } from 'react';

/**
 * The antd rule behind captchaRule and codeRule: asks the field's handle to check the typed value (a server
 * call that uses the captcha or an attempt up), passes the token on, and shows the rejection's message. It never
 * runs on change, only on submit / validateFields.
 */
export function checkRule(
  handle: RefObject<{ check(input: string | undefined): Promise<string> } | null>,
  onToken: (token: string) => void,
  notReady: string,
): FormRule {
  return {
    validateTrigger: [],
    async validator(_rule, value: string | undefined) {
      const current = handle.current;
      if (!current) throw new Error(notReady);
      onToken(await current.check(value));
    },
  };
}
