import { CAPTCHA_SIZE } from '@gatehouse/contract';
import type { FormRule } from 'antd';
import { Input, Space } from 'antd';
import { forwardRef, type RefObject, useCallback, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { t } from '../../lib/i18n';
import { checkRule } from './check-rule';
import { checkFailureMessage, useVerificationApi } from './verification-api';

export interface CaptchaHandle {
  /**
   * Checks `input` against the shown image. Resolves with the single-use token. Rejects with an Error whose
   * message is '请填写验证码' (empty input), 'loading' (image still loading) or '验证失败，请重试' (wrong; a new
   * image loads). Because ids are one-shot, a new image is loaded after every check, successful or not.
   */
  check(input: string | undefined): Promise<string>;
  /** Loads a new image and clears nothing else (the form clears its own field). */
  reload(): void;
}

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

type ImageState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; content: string };

/**
 * Image-captcha input (reference-ui §1.2): the 76×38 image sits after the input; clicking it loads a new
 * one, and '加载中...' shows while it loads. The image loads on mount.
 */
export const ImageCaptcha = forwardRef<CaptchaHandle, ImageCaptchaProps>(function ImageCaptcha(
  { value, onChange, placeholder, size, id, 'aria-label': ariaLabel },
  ref,
) {
  const api = useVerificationApi();
  const [image, setImage] = useState<ImageState>({ status: 'loading' });
  /** The shown image's id while it is unused; null while loading, after a failed load or once checked. */
  const unusedId = useRef<string | null>(null);
  const failed = useRef(false);
  /** Answers of older loads are dropped. */
  const generation = useRef(0);

  const reload = useCallback(() => {
    const mine = ++generation.current;
    unusedId.current = null;
    failed.current = false;
    setImage({ status: 'loading' });
    api.loadCaptcha(CAPTCHA_SIZE).then(
      (loaded) => {
        if (mine !== generation.current) return;
        unusedId.current = loaded.id;
        setImage({ status: 'ready', content: loaded.content });
      },
      () => {
        if (mine !== generation.current) return;
        failed.current = true;
        setImage({ status: 'failed' });
      },
    );
  }, [api]);

  useEffect(() => {
    reload();
    return () => {
      generation.current += 1;
    };
  }, [reload]);

  useImperativeHandle(
    ref,
    () => ({
      async check(input) {
        const answer = input?.trim() ?? '';
        if (!answer) throw new Error(t('verify.captchaRequired'));
        if (failed.current) {
          reload();
          throw new Error(t('verify.checkFailed'));
        }
        const captchaId = unusedId.current;
        if (!captchaId) throw new Error(t('verify.captchaLoading'));
        unusedId.current = null; // One attempt per id: a concurrent check now answers 'loading'.
        try {
          return await api.checkCaptcha(captchaId, answer);
        } catch (error) {
          throw new Error(checkFailureMessage(error, t('verify.checkFailed')));
        } finally {
          reload();
        }
      },
      reload,
    }),
    [api, reload],
  );

  const shownPlaceholder = placeholder ?? t('verify.captchaPlaceholder');
  const height = CAPTCHA_SIZE.height;
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
          onClick={reload}
          aria-label={t('verify.captchaReload')}
          title={t('verify.captchaReload')}
          style={{
            position: 'relative',
            width: CAPTCHA_SIZE.width,
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
            <img src={image.content} alt="" width={CAPTCHA_SIZE.width} height={height} style={{ display: 'block' }} />
          ) : (
            <span aria-live="polite">
              {t(image.status === 'failed' ? 'verify.captchaLoadFailed' : 'verify.captchaLoadingImage')}
            </span>
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
