import { describe, expect, it } from 'vitest';
import { chartPixelRatio, fitStage, STAGE } from './stage';

describe('fitStage', () => {
  it('draws the stage 1:1 in a 1920×1080 window', () => {
    expect(fitStage(1920, 1080)).toEqual({ scale: 1, left: 0, top: 0 });
  });

  it('shrinks the stage into a laptop window, keeping 16:9, bars above and below', () => {
    const fit = fitStage(1366, 800);
    expect(fit.scale).toBeCloseTo(1366 / 1920);
    expect(fit.left).toBeCloseTo(0);
    expect(fit.top).toBeCloseTo((800 - 1080 * (1366 / 1920)) / 2);
    expect(STAGE.width * fit.scale).toBeLessThanOrEqual(1366);
    expect(STAGE.height * fit.scale + 2 * fit.top).toBeCloseTo(800);
  });

  it('puts the bars at the sides in a window wider than 16:9', () => {
    const fit = fitStage(1366, 768);
    expect(fit.scale).toBeCloseTo(768 / 1080);
    expect(fit.top).toBeCloseTo(0);
    expect(fit.left).toBeCloseTo((1366 - 1920 * (768 / 1080)) / 2);
    expect(fit.left).toBeGreaterThan(0);
  });

  it('grows the stage on a larger screen', () => {
    expect(fitStage(3840, 2160)).toEqual({ scale: 2, left: 0, top: 0 });
    expect(fitStage(2560, 1600).scale).toBeCloseTo(2560 / 1920);
  });

  it('fits a portrait window by its width', () => {
    const fit = fitStage(768, 1024);
    expect(fit.scale).toBeCloseTo(0.4);
    expect(fit.top).toBeCloseTo((1024 - 432) / 2);
  });

  it('shows nothing, and does not break, in an empty window', () => {
    expect(fitStage(0, 0)).toEqual({ scale: 0, left: 0, top: 0 });
    expect(fitStage(-5, 600)).toEqual({ scale: 0, left: 0, top: 300 });
  });

  it('fits any stage size it is given', () => {
    expect(fitStage(1000, 1000, { width: 500, height: 250 })).toEqual({ scale: 2, left: 0, top: 250 });
  });
});

describe('chartPixelRatio', () => {
  it('keeps the screen’s ratio while the stage is drawn at or below its size', () => {
    expect(chartPixelRatio(1, 1)).toBe(1);
    expect(chartPixelRatio(0.71, 1)).toBe(1);
    expect(chartPixelRatio(0.5, 2)).toBe(2);
  });

  it('raises it in half steps when the stage is scaled up, to at most 4', () => {
    expect(chartPixelRatio(1.33, 1)).toBe(1.5);
    expect(chartPixelRatio(2, 1)).toBe(2);
    expect(chartPixelRatio(1.33, 2)).toBe(3);
    expect(chartPixelRatio(3, 2)).toBe(4);
  });

  it('treats an unknown device ratio as 1', () => {
    expect(chartPixelRatio(1, 0)).toBe(1);
  });
});
