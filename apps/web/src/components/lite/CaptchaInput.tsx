import { forwardRef, useImperativeHandle } from 'react';
import {
  CAPTCHA_SHOWN_SIZE,
  type CaptchaHandle,
  captchaImageText,
  useCaptchaImage,
} from '@/components/verification/use-captcha-image';
import { t } from '@/lib/i18n';

interface CaptchaInputProps {
  value: string;
  onChange(value: string): void;
  invalid?: boolean;
  describedBy?: string;
  /** The input's form name. */
  name?: string;
}

/**
 * The image-captcha input without antd (components/verification/ImageCaptcha's look): the input, then the 120×40
 * image, which loads a new one when clicked. The image loads on mount; `ref` checks the answer (CaptchaHandle).
 */
export const CaptchaInput = forwardRef<CaptchaHandle, CaptchaInputProps>(function CaptchaInput(
  { value, onChange, invalid, describedBy, name },
  ref,
) {
  // An answer typed for an image that expired is void: the field empties with the new image.
  const { image, handle } = useCaptchaImage(() => onChange(''));
  useImperativeHandle(ref, () => handle, [handle]);
  const placeholder = t('verify.captchaPlaceholder');
  return (
    <span className="gh-compact">
      <span className="gh-input">
        <input
          name={name}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          placeholder={placeholder}
          aria-label={placeholder}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          autoComplete="off"
          maxLength={20}
        />
      </span>
      <span className="gh-addon">
        <button
          type="button"
          className="gh-captcha-image"
          onClick={handle.reload}
          aria-label={t('verify.captchaReload')}
          title={t('verify.captchaReload')}
          style={{ width: CAPTCHA_SHOWN_SIZE.width, height: CAPTCHA_SHOWN_SIZE.height }}
        >
          {image.status === 'ready' ? (
            <img src={image.content} alt="" width={CAPTCHA_SHOWN_SIZE.width} height={CAPTCHA_SHOWN_SIZE.height} />
          ) : (
            <span aria-live="polite">{captchaImageText(image)}</span>
          )}
        </button>
      </span>
    </span>
  );
});
