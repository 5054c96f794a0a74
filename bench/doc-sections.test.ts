import { describe, expect, it } from 'vitest';
import { keepHandSections } from './doc-sections.js';

const existing = [
  '# Benchmarks',
  '',
  'Produced on 2026-12-01.',
  '',
  '## Results',
  '',
  'old figures',
  '',
  '## Status of this run (written by hand after it)',
  '',
  'why a figure moved',
  '',
  '## Scale: 100k, 1M, 5M accounts',
  '',
  '<!-- scale-table -->',
  '| size | figure |',
  '<!-- scale-table end -->',
  '',
].join('\n');

describe('docs/benchmarks.md after a full bench run', () => {
  it('replaces the sections the run writes and keeps the hand-written ones after them, in order', () => {
    const report = ['# Benchmarks', '', 'Produced on 2026-12-06.', '', '## Results', '', 'new figures', ''].join('\n');
    const merged = keepHandSections(existing, report);
    expect(merged.startsWith(report.trimEnd())).toBe(true);
    expect(merged).toContain('new figures');
    expect(merged).not.toContain('old figures');
    expect(merged).not.toContain('2026-12-01');
    const status = merged.indexOf('## Status of this run');
    const scale = merged.indexOf('## Scale: 100k');
    expect(status).toBeGreaterThan(merged.indexOf('new figures'));
    expect(scale).toBeGreaterThan(status);
    expect(merged).toContain('<!-- scale-table end -->');
  });

  it('writes the report alone when the file has no section of its own', () => {
    const report = '# Benchmarks\n\n## Results\n\nfigures\n';
    expect(keepHandSections(report, report)).toBe(report);
  });
});
