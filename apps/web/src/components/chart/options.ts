import type { BarSeriesOption, LineSeriesOption } from 'echarts/charts';
import type { GridComponentOption, TooltipComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';

/** The option shape the chart wrapper accepts: bar and line series on a grid, with a tooltip. */
export type ChartOption = ComposeOption<
  BarSeriesOption | LineSeriesOption | GridComponentOption | TooltipComponentOption
>;

/**
 * `light` inside the console (white cards), `dark` on the /data-v big screen (designed at 1920×1080), `dim`
 * inside the console in its dark theme (the big screen's colours at the console's type size).
 */
export type ChartTheme = 'light' | 'dark' | 'dim';

export interface NamedCount {
  name: string;
  count: number;
}

export interface DayCount {
  /** yyyy-MM-dd */
  date: string;
  count: number;
}

type BarColor = NonNullable<BarSeriesOption['itemStyle']>['color'];
type AreaColor = NonNullable<LineSeriesOption['areaStyle']>['color'];

interface Palette {
  text: string;
  axisLabel: string;
  axisLine: string;
  splitLine: string;
  fontSize: number;
  bar: BarColor;
  line: string;
  area: AreaColor;
  tooltip: TooltipComponentOption;
}

const linear = (x2: number, y2: number, from: string, to: string) => ({
  type: 'linear' as const,
  x: 0,
  y: 0,
  x2,
  y2,
  colorStops: [
    { offset: 0, color: from },
    { offset: 1, color: to },
  ],
});

const palettes: Record<ChartTheme, Palette> = {
  light: {
    text: '#262626',
    axisLabel: '#595959',
    axisLine: '#d9d9d9',
    splitLine: '#f0f0f0',
    fontSize: 12,
    bar: '#257ff7',
    line: '#257ff7',
    area: linear(0, 1, 'rgba(37, 127, 247, 0.28)', 'rgba(37, 127, 247, 0.02)'),
    tooltip: {},
  },
  dark: {
    text: '#e2e8f0',
    axisLabel: '#94a3b8',
    axisLine: 'rgba(148, 163, 184, 0.35)',
    splitLine: 'rgba(148, 163, 184, 0.12)',
    fontSize: 16,
    bar: linear(1, 0, '#0ea5e9', '#22d3ee'),
    line: '#22d3ee',
    area: linear(0, 1, 'rgba(34, 211, 238, 0.38)', 'rgba(34, 211, 238, 0)'),
    tooltip: {
      backgroundColor: 'rgba(8, 24, 48, 0.92)',
      borderColor: 'rgba(34, 211, 238, 0.5)',
      textStyle: { color: '#e2e8f0', fontSize: 16 },
    },
  },
  dim: {
    text: '#e2e8f0',
    axisLabel: '#94a3b8',
    axisLine: 'rgba(148, 163, 184, 0.35)',
    splitLine: 'rgba(148, 163, 184, 0.12)',
    fontSize: 12,
    bar: linear(1, 0, '#0ea5e9', '#22d3ee'),
    line: '#22d3ee',
    area: linear(0, 1, 'rgba(34, 211, 238, 0.38)', 'rgba(34, 211, 238, 0)'),
    tooltip: {
      backgroundColor: 'rgba(31, 31, 31, 0.96)',
      borderColor: 'rgba(148, 163, 184, 0.35)',
      textStyle: { color: '#e2e8f0', fontSize: 13 },
    },
  },
};

/**
 * The app's typeface for the canvas (a canvas cannot `inherit`: an invalid font string is ignored and the text
 * falls back to 10px sans-serif).
 */
export const CHART_FONT =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC', sans-serif";

/** '2026-05-01' -> '05-01' (the axis shows month and day; the tooltip the whole date). */
export const shortDate = (date: string): string => (/^\d{4}-\d{2}-\d{2}$/.test(date) ? date.slice(5) : date);

/**
 * Horizontal bars, one per organisation, in the order given (the server sends the largest first, which is drawn
 * on top); the count is written at the end of each bar.
 */
export function accountsPerOrgOption(rows: readonly NamedCount[], theme: ChartTheme, seriesName: string): ChartOption {
  const p = palettes[theme];
  return {
    textStyle: { fontFamily: CHART_FONT, fontSize: p.fontSize },
    grid: { left: 8, right: 40, top: 8, bottom: 8, outerBoundsMode: 'same', outerBoundsContain: 'axisLabel' },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, ...p.tooltip },
    xAxis: {
      type: 'value',
      minInterval: 1,
      axisLabel: { color: p.axisLabel, fontSize: p.fontSize },
      splitLine: { lineStyle: { color: p.splitLine } },
    },
    yAxis: {
      type: 'category',
      inverse: true,
      data: rows.map((row) => row.name),
      axisTick: { show: false },
      axisLine: { lineStyle: { color: p.axisLine } },
      axisLabel: { color: p.text, fontSize: p.fontSize, width: theme === 'dark' ? 200 : 120, overflow: 'truncate' },
    },
    series: [
      {
        type: 'bar',
        name: seriesName,
        data: rows.map((row) => row.count),
        barMaxWidth: theme === 'dark' ? 26 : 18,
        itemStyle: { color: p.bar, borderRadius: [0, 4, 4, 0] },
        label: { show: true, position: 'right', color: p.text, fontSize: p.fontSize },
      },
    ],
  };
}

/** One dot per day (oldest first), the x axis as MM-dd, whole numbers only on the y axis, the area shaded. */
export function newAccountsPerDayOption(rows: readonly DayCount[], theme: ChartTheme, seriesName: string): ChartOption {
  const p = palettes[theme];
  return {
    textStyle: { fontFamily: CHART_FONT, fontSize: p.fontSize },
    grid: { left: 8, right: 16, top: 16, bottom: 8, outerBoundsMode: 'same', outerBoundsContain: 'axisLabel' },
    tooltip: {
      trigger: 'axis',
      ...p.tooltip,
    },
    xAxis: {
      type: 'category',
      boundaryGap: false,
      data: rows.map((row) => row.date),
      axisTick: { show: false },
      axisLine: { lineStyle: { color: p.axisLine } },
      axisLabel: { color: p.axisLabel, fontSize: p.fontSize, formatter: shortDate, hideOverlap: true },
    },
    yAxis: {
      type: 'value',
      minInterval: 1,
      axisLabel: { color: p.axisLabel, fontSize: p.fontSize },
      splitLine: { lineStyle: { color: p.splitLine } },
    },
    series: [
      {
        type: 'line',
        name: seriesName,
        data: rows.map((row) => row.count),
        // Straight segments and a dot per day: counts of whole days, nothing in between.
        smooth: false,
        symbol: 'circle',
        symbolSize: theme === 'dark' ? 7 : 5,
        showSymbol: true,
        lineStyle: { color: p.line, width: theme === 'dark' ? 3 : 2 },
        itemStyle: { color: p.line },
        areaStyle: { color: p.area },
      },
    ],
  };
}
