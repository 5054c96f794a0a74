import { normaliseMobile } from '@gatehouse/contract';
import type { FormInstance } from 'antd';
import { type RefObject, useCallback } from 'react';
import type { CaptchaHandle } from '@/components/verification';
import type { SmsSendBody } from '@/features/auth/api/auth.api';
import { checkFailure } from './check-failure';

interface SmsSenderOptions {
  form: FormInstance;
  captchaRef: RefObject<CaptchaHandle | null>;
  /** The send call for this flavour (register, login). */
  send: (body: SmsSendBody) => Promise<{ id: string }>;
  mobileField?: string;
  captchaField?: string;
}

/**
 * The `send` of a CodeInput on an open page: the mobile must be valid and the image captcha right (its token
 * travels with the send). Problems show under their fields and nothing is sent (null); the captcha is one
 * attempt per image, so its field is emptied once checked. A refused send rejects (the code input warns).
 */
export function useSmsSender({
  form,
  captchaRef,
  send,
  mobileField = 'mobile',
  captchaField = 'captcha',
}: SmsSenderOptions): () => Promise<string | null> {
  return useCallback(async () => {
    let mobile: string;
    try {
      mobile = (await form.validateFields([mobileField]))[mobileField];
    } catch {
      return null;
    }
    const handle = captchaRef.current;
    if (!handle) return null;
    let captcha: string;
    try {
      captcha = await handle.check(form.getFieldValue(captchaField));
    } catch (error) {
      form.setFields([checkFailure(captchaField, error)]);
      return null;
    }
    form.setFields([{ name: captchaField, value: '', errors: [] }]);
    const { id } = await send({ mobile: normaliseMobile(mobile), captcha });
    return id;
  }, [form, captchaRef, send, mobileField, captchaField]);
}
