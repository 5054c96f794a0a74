import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { FRAME_FONT, FRAME_TOKENS } from './layout-frame';

// The stand-in layout (LayoutShell) paints with these values before antd is loaded; the real layout asks antd.
describe('layout frame tokens', () => {
  const seed = { colorPrimary: '#257ff7', fontSize: 14 };
  it.each([
    ['light', theme.defaultAlgorithm],
    ['dark', theme.darkAlgorithm],
  ] as const)('are antd 6’s %s tokens for the app’s seed', (mode, algorithm) => {
    const tokens = theme.getDesignToken({ algorithm, token: seed });
    for (const [name, value] of Object.entries(FRAME_TOKENS[mode])) {
      expect(tokens[name as keyof typeof tokens], name).toBe(value);
    }
  });

  it('uses antd’s font stack', () => {
    const normalise = (stack: string) => stack.replace(/\s+/g, ' ').replaceAll('"', "'").trim();
    expect(normalise(FRAME_FONT)).toBe(normalise(theme.getDesignToken().fontFamily));
  });
});
