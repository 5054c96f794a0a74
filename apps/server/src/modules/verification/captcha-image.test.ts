import { createCanvas, loadImage } from '@napi-rs/canvas';
import { imageSize } from 'image-size';
import { describe, expect, it } from 'vitest';
import { CAPTCHA_ALPHABET, CAPTCHA_DENSITY, CAPTCHA_LENGTH, captchaText, drawCaptcha } from './captcha-image.js';

const isWebp = (bytes: Buffer) =>
  bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP';

/** Decodes a picture into RGBA pixels. */
async function pixels(bytes: Buffer): Promise<Uint8ClampedArray> {
  const image = await loadImage(bytes);
  const ctx = createCanvas(image.width, image.height).getContext('2d');
  ctx.drawImage(image, 0, 0);
  return ctx.getImageData(0, 0, image.width, image.height).data;
}

/** Shares of dark (ink) and light (ground) pixels, by luma. */
function tones(rgba: Uint8ClampedArray): { dark: number; light: number } {
  let dark = 0;
  let light = 0;
  for (let i = 0; i < rgba.length; i += 4) {
    const luma = 0.299 * rgba[i]! + 0.587 * rgba[i + 1]! + 0.114 * rgba[i + 2]!;
    if (luma < 110) dark++;
    else if (luma > 200) light++;
  }
  const total = rgba.length / 4;
  return { dark: dark / total, light: light / total };
}

describe('captcha image', () => {
  it('answers come from the alphabet without look-alikes, every character in use', () => {
    // Read as one another once drawn in capitals: 0/O/D/Q, 1/I, 2/Z, 5/S, 8/B, 6/G, U/V; a stray line turns F
    // into E and P into R.
    for (const confusable of '0odq1i2z5s8b6gufp') expect(CAPTCHA_ALPHABET).not.toContain(confusable);
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const text = captchaText();
      expect(text).toMatch(new RegExp(`^[${CAPTCHA_ALPHABET}]{${CAPTCHA_LENGTH}}$`));
      for (const char of text) seen.add(char);
    }
    expect([...seen].sort().join('')).toBe([...CAPTCHA_ALPHABET].sort().join(''));
  });

  it('draws a WebP raster of the asked size times the density, dark ink on a light ground', async () => {
    for (const size of [
      { width: 76, height: 38 },
      { width: 300, height: 150 },
      { width: 60, height: 30 },
    ]) {
      const bytes = await drawCaptcha('mw4k', size);
      expect(isWebp(bytes)).toBe(true);
      expect(imageSize(bytes)).toMatchObject({
        type: 'webp',
        width: size.width * CAPTCHA_DENSITY,
        height: size.height * CAPTCHA_DENSITY,
      });
      const { dark, light } = tones(await pixels(bytes));
      // Glyphs are there and legible: a fair share of ink, and most of the picture stays a light ground.
      expect(dark).toBeGreaterThan(0.04);
      expect(dark).toBeLessThan(0.35);
      expect(light).toBeGreaterThan(0.5);
    }
  });

  it('never carries the answer as text', async () => {
    for (const text of ['hack', 'tr4y', 'xw97']) {
      const bytes = (await drawCaptcha(text, { width: 76, height: 38 })).toString('latin1');
      expect(bytes).not.toContain(text);
      expect(bytes).not.toContain(text.toUpperCase());
    }
  });

  it('draws the same text differently every time', async () => {
    const first = await pixels(await drawCaptcha('ha7x', { width: 76, height: 38 }));
    const second = await pixels(await drawCaptcha('ha7x', { width: 76, height: 38 }));
    let differing = 0;
    for (let i = 0; i < first.length; i += 4) {
      const delta =
        Math.abs(first[i]! - second[i]!) +
        Math.abs(first[i + 1]! - second[i + 1]!) +
        Math.abs(first[i + 2]! - second[i + 2]!);
      if (delta > 48) differing++;
    }
    // Not a few stray pixels: placement, colours, warp and noise all change.
    expect(differing / (first.length / 4)).toBeGreaterThan(0.15);
  });
});
