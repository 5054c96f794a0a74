import { CAPTCHA_TTL_SECONDS } from '@gatehouse/contract';
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

/**
 * The size the captcha is asked for and shown at, in CSS pixels: larger than the API's 76×38 default (CAPTCHA_SIZE)
 * so its glyphs read easily, and the height of a large input. The server draws it at twice that, so it stays sharp
 * on high-density screens.
 */
export const CAPTCHA_SHOWN_SIZE = { width: 120, height: 40 } as const;

export type CaptchaImageState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; content: string };

/**
 * When to load a new image ahead of its id's expiry: shortly before it (a tenth of its life, at most 15 s), so an
 * image left on screen is never one the server no longer knows.
 */
export function refreshDelayMs(lifetimeSeconds: number | undefined): number {
  const lifetime = lifetimeSeconds && lifetimeSeconds > 0 ? lifetimeSeconds : CAPTCHA_TTL_SECONDS;
  return Math.max(1, lifetime - Math.min(15, lifetime / 10)) * 1000;
}

/**
 * The image captcha's state and calls, without any UI (ImageCaptcha with antd, the sign-in page without): loads an
 * image on mount, a new one on `reload`, after every check, and by itself shortly before the shown one expires
 * (its lifetime from the server's answer, 5 minutes when it says none). A failed load is said in the image's place
 * (and in the console, specification §8); the page stays as it is.
 */
export function useCaptchaImage(
  /** Called when a new image replaced one about to expire: an answer typed for the old one is void. */
  onRenewed?: () => void,
): { image: CaptchaImageState; handle: CaptchaHandle } {
  const api = useVerificationApi();
  const renewed = useRef(onRenewed);
  renewed.current = onRenewed;
  const [image, setImage] = useState<CaptchaImageState>({ status: 'loading' });
  /** The shown image's id while it is unused; null while loading, after a failed load or once checked. */
  const unusedId = useRef<string | null>(null);
  const failed = useRef(false);
  /** Answers of older loads are dropped. */
  const generation = useRef(0);
  /** The load of a new image before the shown one expires. */
  const expiry = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const reload = useCallback(() => {
    const mine = ++generation.current;
    clearTimeout(expiry.current);
    unusedId.current = null;
    failed.current = false;
    setImage({ status: 'loading' });
    api.loadCaptcha(CAPTCHA_SHOWN_SIZE).then(
      (loaded) => {
        if (mine !== generation.current) return;
        unusedId.current = loaded.id;
        setImage({ status: 'ready', content: loaded.content });
        expiry.current = setTimeout(() => {
          if (mine !== generation.current) return;
          reload();
          renewed.current?.();
        }, refreshDelayMs(loaded.expiresIn));
      },
      (error: unknown) => {
        if (mine !== generation.current) return;
        console.warn('captcha image failed to load', error);
        failed.current = true;
        setImage({ status: 'failed' });
      },
    );
  }, [api]);

  useEffect(() => {
    reload();
    return () => {
      generation.current += 1;
      clearTimeout(expiry.current);
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
