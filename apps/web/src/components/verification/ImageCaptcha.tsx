import type { FormRule } from 'antd';
import { Input, Space } from 'antd';
import { forwardRef, type RefObject, useImperativeHandle } from 'react';
import { t } from '@/lib/i18n';
import { checkRule } from './check-rule';
import { CAPTCHA_SHOWN_SIZE, type CaptchaHandle, captchaImageText, useCaptchaImage } from './use-captcha-image';

export type { CaptchaHandle };

export interface ImageCaptchaProps {
  value?: string;
  onChange?: (value: string) => void;
  /** Also the input's accessible name; default '验证码'. */
  placeholder?: string;
  size?: 'large' | 'middle';
  /** Set by antd Form.Item so a field label names the input. */
  id?: string;
  'aria-label'?: string;
}

/**
 * Image-captcha input (reference UI §1.2): the image (CAPTCHA_SHOWN_SIZE) sits after the input; clicking it loads a new
 * one, and '加载中...' shows while it loads. The image loads on mount.
 */
export const ImageCaptcha = forwardRef<CaptchaHandle, ImageCaptchaProps>(function ImageCaptcha(
  { value, onChange, placeholder, size, id, 'aria-label': ariaLabel },
  ref,
) {
  // An answer typed for an image that expired is void: the field empties with the new image.
  const { image, handle } = useCaptchaImage(() => onChange?.(''));
  useImperativeHandle(ref, () => handle, [handle]);

  const shownPlaceholder = placeholder ?? t('verify.captchaPlaceholder');
  const height = CAPTCHA_SHOWN_SIZE.height;
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input
        id={id}
        size={size}
        value={value}
        onChange={(event) => onChange?.(event.target.value)}
        placeholder={shownPlaceholder}
        aria-label={ariaLabel ?? shownPlaceholder}
        autoComplete="off"
        maxLength={20}
      />
      <Space.Addon style={{ padding: 0, flex: 'none', display: 'flex', alignItems: 'center', overflow: 'hidden' }}>
        <button
          type="button"
          onClick={handle.reload}
          aria-label={t('verify.captchaReload')}
          title={t('verify.captchaReload')}
          style={{
            position: 'relative',
            width: CAPTCHA_SHOWN_SIZE.width,
            height,
            padding: 0,
            border: 0,
            background: 'transparent',
            cursor: 'pointer',
            color: 'rgba(0, 0, 0, 0.45)',
            fontSize: 12,
          }}
        >
          {image.status === 'ready' ? (
            <img
              src={image.content}
              alt=""
              width={CAPTCHA_SHOWN_SIZE.width}
              height={height}
              style={{ display: 'block' }}
            />
          ) : (
            <span aria-live="polite">{captchaImageText(image)}</span>
          )}
        </button>
      </Space.Addon>
    </Space.Compact>
  );
});

/**
 * antd Form rule: checks the value with `handle.check` and passes the token to `onToken`; the error text is
 * the rejection's message. The rule itself never runs on change (only on submit / validateFields), since every
 * check uses the image up; still, put `validateTrigger={[]}` on the Form.Item if it has other rules that
 * should not run while typing.
 */
export function captchaRule(handle: RefObject<CaptchaHandle | null>, onToken: (token: string) => void): FormRule {
  return checkRule(handle, onToken, t('verify.captchaLoading'));
}
