/** The big screen is designed on a 1920×1080 stage. */
export const STAGE = { width: 1920, height: 1080 } as const;

export interface StageFit {
  /** CSS scale applied to the stage. */
  scale: number;
  /** Offset of the scaled stage's top-left corner in the window (the letterbox bars' size). */
  left: number;
  top: number;
}

/**
 * Scales the stage to fit the window whole, keeping its aspect ratio, and centres it: bars at the sides when the
 * window is wider than 16:9, above and below when it is taller.
 */
export function fitStage(
  viewportWidth: number,
  viewportHeight: number,
  stage: { width: number; height: number } = STAGE,
): StageFit {
  const width = Math.max(0, viewportWidth);
  const height = Math.max(0, viewportHeight);
  const scale = Math.min(width / stage.width, height / stage.height);
  if (!Number.isFinite(scale) || scale <= 0) return { scale: 0, left: width / 2, top: height / 2 };
  return { scale, left: (width - stage.width * scale) / 2, top: (height - stage.height * scale) / 2 };
}

/**
 * Canvas pixels per CSS pixel for the charts on a stage drawn at `scale`: the screen's ratio, raised (in half
 * steps, at most 4) when the stage is scaled up so the charts stay sharp instead of being stretched.
 */
export function chartPixelRatio(scale: number, devicePixelRatio: number): number {
  const base = devicePixelRatio > 0 ? devicePixelRatio : 1;
  if (!(scale > 1)) return base;
  return Math.min(4, Math.max(base, Math.ceil(base * scale * 2) / 2));
}
