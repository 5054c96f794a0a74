import { CAPTCHA_SIZE } from '@gatehouse/contract';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { t } from '@/lib/i18n';
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

export type CaptchaImageState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; content: string };

/**
 * The image captcha's state and calls, without any UI (ImageCaptcha with antd, the sign-in page without): loads an
 * image on mount, a new one on `reload` and after every check.
 */
export function useCaptchaImage(): { image: CaptchaImageState; handle: CaptchaHandle } {
  const api = useVerificationApi();
  const [image, setImage] = useState<CaptchaImageState>({ status: 'loading' });
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

  const handle = useMemo<CaptchaHandle>(
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
  return { image, handle };
}

/** What the image button shows while there is no image: loading, or that the load failed. */
export const captchaImageText = (image: CaptchaImageState) =>
  t(image.status === 'failed' ? 'verify.captchaLoadFailed' : 'verify.captchaLoadingImage');
