/**
 * A stand-in for `echarts/core` in component tests: the real one cannot run in happy-dom, whose canvas has no 2D
 * context (echarts' canvas renderer fails on its first paint: "Cannot set properties of null (setting 'dpr')").
 * Tests mock the module with `vi.mock('echarts/core', () => import('@/testing/fake-echarts'))`; the app's
 * EChart component runs as it is (its labelled element, its options, resizes and disposal), and each chart records
 * the options it was given.
 */
export interface FakeChart {
  element: HTMLElement;
  /** Every option given, oldest first. */
  options: unknown[];
  disposed: boolean;
}

export const charts: FakeChart[] = [];

/** The live chart drawn in the element labelled `label` (the EChart's `label`), or undefined. */
export function chartLabelled(label: string): FakeChart | undefined {
  return charts.filter((chart) => !chart.disposed && chart.element.getAttribute('aria-label') === label).at(-1);
}

/** Registers the parts echarts would draw with: nothing to do here. */
export function use(_parts: unknown): void {}

export function init(element: HTMLElement) {
  const chart: FakeChart = { element, options: [], disposed: false };
  charts.push(chart);
  return {
    setOption(option: unknown) {
      chart.options.push(option);
    },
    resize() {},
    dispose() {
      chart.disposed = true;
    },
  };
}
