/**
 * `npm run bench` writes docs/benchmarks.md from the run's figures, but the file also holds sections written by hand
 * after earlier runs (what a figure means, quiet re-runs, the scale table kept by `BENCH_ONLY=scale`). The run's
 * report replaces the sections it writes and keeps every other `## ` section of the file, in its order, after them:
 * a full run no longer drops them.
 */
export function keepHandSections(existing: string, report: string): string {
  const headings = new Set(sections(report).map((s) => s.heading));
  const kept = sections(existing).filter((s) => s.heading !== null && !headings.has(s.heading));
  if (!kept.length) return report;
  return `${report.replace(/\n*$/, '\n\n')}${kept.map((s) => s.text.replace(/\n*$/, '\n')).join('\n')}`;
}

/** The file cut at its `## ` headings: the text before the first has heading null. */
function sections(markdown: string): Array<{ heading: string | null; text: string }> {
  const parts = markdown.split(/^(?=## )/m);
  return parts.map((text) => {
    const first = text.split('\n', 1)[0] ?? '';
    return { heading: first.startsWith('## ') ? first.slice(3).trim() : null, text };
  });
}
