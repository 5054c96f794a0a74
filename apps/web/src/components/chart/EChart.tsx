import type { CSSProperties } from 'react';
import { useEffect, useRef } from 'react';
import { usePrefersReducedMotion } from '@/lib/a11y';
import { echarts } from './echarts';
import type { ChartOption } from './options';

export interface EChartProps {
  option: ChartOption;
  /** CSS height of the chart; the width follows its container. */
  height: number | string;
  /** What the chart shows, for screen readers (the canvas itself says nothing). */
  label: string;
  /**
   * Canvas pixels per CSS pixel; defaults to the screen's. The big screen raises it when it scales the stage up,
   * so the drawing stays sharp.
   */
  pixelRatio?: number;
  style?: CSSProperties;
  'data-testid'?: string;
}

/**
 * One ECharts instance on a div: created on mount (canvas renderer), fed `option` on every change (merged, so a
 * refresh animates from the previous values), resized with its container, disposed on unmount. Animations stay
 * off when the user prefers reduced motion.
 */
export function EChart({ option, height, label, pixelRatio, style, 'data-testid': testId }: EChartProps) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.EChartsType | null>(null);
  const reducedMotion = usePrefersReducedMotion();

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const instance = echarts.init(element, undefined, { renderer: 'canvas', devicePixelRatio: pixelRatio });
    chart.current = instance;
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(() => instance.resize());
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, [pixelRatio]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new instance (pixelRatio changed) needs the option again.
  useEffect(() => {
    chart.current?.setOption({ ...option, animation: !reducedMotion });
  }, [option, reducedMotion, pixelRatio]);

  return (
    <div ref={host} role="img" aria-label={label} data-testid={testId} style={{ width: '100%', height, ...style }} />
  );
}
