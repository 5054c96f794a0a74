/**
 * A User-Agent string as people recognise it: "Chrome 140 · Linux". Hand-written rather than a library: the
 * sessions screens only need the browser family, its major version and the system, and the usual parsers are
 * far larger than these few rules (order matters: Edge and Opera also say Chrome, Chrome also says Safari).
 */
const BROWSERS: Array<[name: string, pattern: RegExp]> = [
  ['Edge', /Edg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /(?:OPR|Opera)\/(\d+)/],
  ['Firefox', /(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /(?:Chrome|CriOS)\/(\d+)/],
  ['Safari', /Version\/(\d+)(?:\.\d+)*.*Safari\//],
];

const SYSTEMS: Array<[name: string, pattern: RegExp]> = [
  ['Windows', /Windows NT/],
  ['Android', /Android/],
  ['iOS', /iPhone|iPad|iPod/],
  ['macOS', /Mac OS X|Macintosh/],
  ['ChromeOS', /CrOS/],
  ['Linux', /Linux/],
];

export function describeUserAgent(userAgent: string | null | undefined): string | null {
  const ua = userAgent?.trim();
  if (!ua) return null;
  let browser: string | null = null;
  for (const [name, pattern] of BROWSERS) {
    const match = pattern.exec(ua);
    if (match) {
      browser = `${name} ${match[1]}`;
      break;
    }
  }
  const system = SYSTEMS.find(([, pattern]) => pattern.test(ua))?.[0] ?? null;
  if (!browser && !system) return ua.length > 40 ? `${ua.slice(0, 40)}…` : ua;
  return [browser, system].filter(Boolean).join(' · ');
}
