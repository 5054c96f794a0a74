import { randomInt } from 'node:crypto';
import { createRequire } from 'node:module';
import { createCanvas, GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';

/**
 * The answers' alphabet, lower case (answers are compared ignoring case); the image shows it in capitals, which
 * fill the small picture's height where lower case would use half of it. Left out: look-alikes (0/O/D/Q, 1/I,
 * 2/Z, 5/S, 8/B, 6/G/b, U/V) and letters that a stray noise line turns into another one (F→E, P→R).
 */
export const CAPTCHA_ALPHABET = 'acehjklmnrtvwxy3479';
export const CAPTCHA_LENGTH = 4;
export const CAPTCHA_MIME = 'image/webp';
/**
 * Image pixels per CSS pixel of the asked size: the web shows the picture at the asked size, so it stays sharp
 * on high-density screens, and browsers scale it down elsewhere.
 */
export const CAPTCHA_DENSITY = 2;

const FACE = 'GatehouseCaptcha';
const FONT_FILE = '@fontsource/atkinson-hyperlegible/files/atkinson-hyperlegible-latin-700-normal.woff2';

// Registered when the module loads, so a missing font stops the server at start instead of failing a request.
// Atkinson Hyperlegible was designed to keep similar characters apart for readers with low vision.
if (!GlobalFonts.registerFromPath(createRequire(import.meta.url).resolve(FONT_FILE), FACE)) {
  throw new Error(`captcha font could not be loaded: ${FONT_FILE}`);
}

/** Drawing choices come from the CSPRNG too, so one image tells nothing about how the next one is drawn. */
const unit = () => randomInt(2 ** 47) / 2 ** 47;
const between = (low: number, high: number) => low + (high - low) * unit();

export function captchaText(): string {
  return Array.from({ length: CAPTCHA_LENGTH }, () => CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)]).join('');
}

/**
 * Draws `text` as a WebP picture of `size` × CAPTCHA_DENSITY pixels: capitals of varying colour, rotation,
 * scale and height on a tinted background with faint arcs, one thin line through them, a smooth random warp of
 * the whole picture, then speckle. The answer exists only as pixels, and no two drawings of a text are alike.
 * Readers come first: the ink is dark on a light ground, glyphs are fitted inside the frame and barely touch.
 */
export async function drawCaptcha(text: string, size: { width: number; height: number }): Promise<Buffer> {
  const width = size.width * CAPTCHA_DENSITY;
  const height = size.height * CAPTCHA_DENSITY;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');

  const hue = between(0, 360);
  const ground = ctx.createLinearGradient(0, 0, width, height);
  ground.addColorStop(0, `hsl(${hue} 45% 94%)`);
  ground.addColorStop(1, `hsl(${(hue + 60) % 360} 45% 90%)`);
  ctx.fillStyle = ground;
  ctx.fillRect(0, 0, width, height);
  for (let i = 0; i < 3; i++) {
    ctx.strokeStyle = `hsl(${between(0, 360)} 40% ${between(60, 75)}%)`;
    ctx.lineWidth = between(0.5, 1.2) * CAPTCHA_DENSITY;
    curve(ctx, width, height, [0, 1]);
  }

  const inkHue = between(0, 360);
  drawGlyphs(ctx, text.toUpperCase(), width, height, inkHue);
  // Lighter and thinner than the strokes it crosses: a reader sees through it, a segmenter still has to cut it.
  ctx.strokeStyle = `hsl(${inkHue} 40% 52%)`;
  ctx.lineWidth = 0.7 * CAPTCHA_DENSITY;
  curve(ctx, width, height, [0.3, 0.7]);

  const picture = warp(ctx, width, height);
  speckle(picture.data, width, height);
  ctx.putImageData(picture, 0, 0);
  return canvas.encode('webp', 82);
}

/** A cubic curve from the left edge to the right one, its ends within `band` (fractions of the height). */
function curve(ctx: SKRSContext2D, width: number, height: number, band: [number, number]): void {
  const end = () => between(band[0] * height, band[1] * height);
  ctx.beginPath();
  ctx.moveTo(between(0, 0.2 * width), end());
  ctx.bezierCurveTo(
    between(0.2 * width, 0.5 * width),
    between(0, height),
    between(0.5 * width, 0.8 * width),
    between(0, height),
    between(0.8 * width, width),
    end(),
  );
  ctx.stroke();
}

function drawGlyphs(ctx: SKRSContext2D, text: string, width: number, height: number, inkHue: number): void {
  let fontSize = height * 0.74;
  ctx.font = `700 ${fontSize}px ${FACE}`;
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'center';
  const glyphs = [...text].map((char) => {
    const stretch = between(0.85, 1.08);
    return {
      char,
      stretch,
      lift: between(0.92, 1.08),
      turn: between(-0.25, 0.25),
      advance: ctx.measureText(char).width * stretch,
    };
  });
  // Wide glyphs (M, W) shrink the whole line rather than leave the frame; the margin leaves room for rotation.
  const margin = 0.09 * width;
  const natural = glyphs.reduce((sum, glyph) => sum + glyph.advance, 0);
  const fit = Math.min(1, (width - 2 * margin) / natural);
  fontSize *= fit;
  ctx.font = `700 ${fontSize}px ${FACE}`;
  const slack = width - 2 * margin - natural * fit;
  let x = margin + between(0, slack);
  glyphs.forEach((glyph, i) => {
    const advance = glyph.advance * fit;
    ctx.save();
    ctx.translate(x + advance / 2, height / 2 + between(-0.07, 0.07) * height);
    ctx.rotate(glyph.turn);
    ctx.scale(glyph.stretch, glyph.lift);
    ctx.fillStyle = `hsl(${(inkHue + i * between(50, 100)) % 360} 65% ${between(22, 32)}%)`;
    ctx.fillText(glyph.char, 0, fontSize * 0.04);
    ctx.restore();
    x += advance;
  });
}

/**
 * Moves every pixel along two sine waves of random phase, wavelength and amplitude (bilinear sampling), so
 * outlines bend differently in each image and no glyph matches a fixed template.
 */
function warp(ctx: SKRSContext2D, width: number, height: number) {
  const source = ctx.getImageData(0, 0, width, height).data;
  const target = ctx.createImageData(width, height);
  const out = target.data;
  const ampX = between(1.2, 2.4) * CAPTCHA_DENSITY;
  const ampY = between(1.2, 2.4) * CAPTCHA_DENSITY;
  const freqX = (between(1.5, 3) * Math.PI) / height;
  const freqY = (between(1, 2.2) * Math.PI) / width;
  const phaseX = between(0, 2 * Math.PI);
  const phaseY = between(0, 2 * Math.PI);
  const clamp = (value: number, max: number) => Math.min(max, Math.max(0, value));
  // The horizontal shift depends on the row only and the vertical one on the column only.
  const shiftX = Float64Array.from({ length: height }, (_, y) => ampX * Math.sin(y * freqX + phaseX));
  const shiftY = Float64Array.from({ length: width }, (_, x) => ampY * Math.sin(x * freqY + phaseY));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const sx = clamp(x + shiftX[y]!, width - 1);
      const sy = clamp(y + shiftY[x]!, height - 1);
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const x1 = Math.min(width - 1, x0 + 1);
      const y1 = Math.min(height - 1, y0 + 1);
      const fx = sx - x0;
      const fy = sy - y0;
      const o = (y * width + x) * 4;
      for (let k = 0; k < 4; k++) {
        const top = source[(y0 * width + x0) * 4 + k]! * (1 - fx) + source[(y0 * width + x1) * 4 + k]! * fx;
        const bottom = source[(y1 * width + x0) * 4 + k]! * (1 - fx) + source[(y1 * width + x1) * 4 + k]! * fx;
        out[o + k] = top * (1 - fy) + bottom * fy;
      }
    }
  }
  return target;
}

/**
 * Dots of random colour, one per 90 pixels and at most half opaque, so they pit the glyphs' edges without breaking
 * their strokes; blended into the pixels directly (cheaper than as many fillRect calls).
 */
function speckle(rgba: Uint8ClampedArray, width: number, height: number): void {
  for (let i = 0; i < (width * height) / 90; i++) {
    const x = randomInt(width - 1);
    const y = randomInt(height - 1);
    const colour = [randomInt(40, 220), randomInt(40, 220), randomInt(40, 220)];
    const alpha = between(0.2, 0.5);
    for (const o of [y * width + x, y * width + x + 1, (y + 1) * width + x, (y + 1) * width + x + 1]) {
      for (let k = 0; k < 3; k++) rgba[o * 4 + k] = rgba[o * 4 + k]! * (1 - alpha) + colour[k]! * alpha;
    }
  }
}
