// @ts-check
/**
 * The "Why each E2E file needs a browser" list of docs/testing.md: file → reason (the bullet's text after the file
 * name, continuation lines included). Read by scripts/e2e-roster.test.mjs.
 * @param {string} doc
 * @returns {Map<string, string>}
 */
export function e2eRoster(doc) {
  const start = doc.indexOf('### Why each E2E file needs a browser');
  if (start < 0) return new Map();
  const rest = doc.slice(start).split('\n').slice(1);
  const end = rest.findIndex((line) => /^#{1,3} /.test(line));
  const body = (end < 0 ? rest : rest.slice(0, end)).join('\n');
  /** @type {Map<string, string>} */
  const roster = new Map();
  for (const item of body.split(/\n(?=- )/)) {
    const match = /^- `(e2e\/[^`]+\.e2e\.test\.ts)`:\s*([\s\S]*)$/.exec(item.trim());
    if (match) roster.set(match[1], match[2].replace(/\s+/g, ' ').trim());
  }
  return roster;
}
