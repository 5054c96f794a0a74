// @ts-check
// Pure part of the front-end budget check (docs/frontend-budgets.md): from Vite's build manifest, the files a cold
// load of a route fetches, and their gzip size against the route's budget. check-budgets.mjs runs it on dist/.

/**
 * @typedef {{ file: string, src?: string, isEntry?: boolean, isDynamicEntry?: boolean, imports?: string[],
 *   dynamicImports?: string[], css?: string[] }} ManifestChunk
 * @typedef {Record<string, ManifestChunk>} Manifest
 * @typedef {{ name: string, chunks: string[], budgetKiB?: number, targetKiB?: number }} RouteBudget
 *   `chunks`: manifest keys (source paths) of the route's lazy modules; the HTML entry is always added.
 *   `budgetKiB`: enforced (the build fails above it); `targetKiB`: the product's goal (docs/frontend-budgets.md), shown beside it.
 * @typedef {{ name: string, files: string[], bytes: number, budgetKiB?: number, targetKiB?: number, over: boolean }}
 *   RouteSize
 */

// Budgets are the product's targets, not today's size plus a crumb: a dependency update or a small feature (the
// sudo dialog and the contract's text checks added ~2 KiB) must not fail a build that is still within them. The
// account screen's is the list kit's 400 KiB: the list kit brings antd's Table (with the Tree and Select its filter and
// pager use) to it, which the plain table of ADR 0015 had kept out. The tabbed shell (the tab bar of kept pages with
// antd Tabs, the collapsible Layout.Sider, breadcrumbs) adds ~22.5 KiB to every menu screen: layout + home 305 and the
// account screen 432 (docs/frontend-budgets.md, "The shell").
// /login: 150 until the tabbed shell changed the shared chunks' shapes (ADR 0020).
// The account screen: 436 since ADR 0028: which contacts are proven (未验证), the verification dialog that
// stacks above every dialog, one's own contacts read-only.
const BUDGET_LOGIN = 156;
const BUDGET_HOME = 305;
const BUDGET_ACCOUNT = 436;

/** The route tree's antd layout (antd's providers): every route but /login renders inside it (docs/adr/0014). */
export const ANTD_ROOT = 'src/components/antd-root/index.ts';
/** The main layout (menu, header): every menu screen renders inside it. */
export const MAIN_LAYOUT = 'src/app/layouts/MainLayout.tsx';

/** The enforced budgets, in KiB (1,024 bytes) of gzip-compressed JS and CSS, and the issues' targets (the same). */
export const BUDGETS = /** @type {RouteBudget[]} */ ([
  { name: '/login', chunks: ['src/features/auth/components/LoginPage.tsx'], budgetKiB: BUDGET_LOGIN, targetKiB: 156 },
  {
    name: 'layout + home (/)',
    chunks: [ANTD_ROOT, MAIN_LAYOUT, 'src/features/home/index.ts'],
    budgetKiB: BUDGET_HOME,
    targetKiB: 305,
  },
  {
    name: 'account screen (/user/Account)',
    chunks: [ANTD_ROOT, MAIN_LAYOUT, 'src/features/accounts/index.ts'],
    budgetKiB: BUDGET_ACCOUNT,
    targetKiB: 436,
  },
  {
    // Not a budget: home's dashboard (with ECharts) is fetched after the page is up; shown to watch its size.
    name: 'home + its dashboard, later',
    chunks: [ANTD_ROOT, MAIN_LAYOUT, 'src/features/home/index.ts', 'src/features/home/components/Dashboard.tsx'],
  },
]);

/** The manifest key of the HTML entry (index.html). */
export function entryKey(/** @type {Manifest} */ manifest) {
  const keys = Object.keys(manifest).filter((key) => manifest[key]?.isEntry && key.endsWith('.html'));
  if (keys.length !== 1) throw new Error(`expected one HTML entry chunk in the manifest, found ${keys.length}`);
  return /** @type {string} */ (keys[0]);
}

/**
 * Every entry chunk a page loads: the HTML entry and the scripts the build adds beside it (src/boot.ts, loaded
 * `async` by index.html). Their static imports count for every route; their dynamic imports only where a route
 * lists them.
 */
export function entryKeys(/** @type {Manifest} */ manifest) {
  const html = entryKey(manifest);
  return [
    html,
    ...Object.keys(manifest)
      .filter((key) => manifest[key]?.isEntry && key !== html)
      .sort(),
  ];
}

/**
 * Every JS and CSS file a cold load of `keys` fetches: each chunk's file, its CSS and, recursively, its static
 * imports (dynamic imports are fetched later, on demand, and are not counted). Sorted, without duplicates.
 * @param {Manifest} manifest
 * @param {string[]} keys
 */
export function coldLoadFiles(manifest, keys) {
  const files = new Set();
  const seen = new Set();
  const visit = (/** @type {string} */ key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`"${key}" is not in the build manifest (renamed or no longer lazily loaded?)`);
    if (/\.(m?js|css)$/.test(chunk.file)) files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return [...files].sort();
}

/**
 * The cold-load size of each route: the entry chunks plus the route's chunks, with everything they statically
 * import, in gzip bytes (`gzipBytes(file)`), and whether it is over the route's budget.
 * @param {Manifest} manifest
 * @param {RouteBudget[]} routes
 * @param {(file: string) => number} gzipBytes
 * @returns {RouteSize[]}
 */
export function routeSizes(manifest, routes, gzipBytes) {
  const entries = entryKeys(manifest);
  return routes.map(({ name, chunks, budgetKiB, targetKiB }) => {
    const files = coldLoadFiles(manifest, [...entries, ...chunks]);
    const bytes = files.reduce((sum, file) => sum + gzipBytes(file), 0);
    return { name, files, bytes, budgetKiB, targetKiB, over: budgetKiB !== undefined && bytes > budgetKiB * 1024 };
  });
}

/**
 * Rows without a budget for every other route module (the entry chunk's dynamic imports: router.tsx and
 * pages.tsx), so the table shows how each screen grows. Every one renders inside the antd layout; menu screens
 * (all but the open auth and error pages and the full-screen /data-v) inside the main layout too.
 * @param {Manifest} manifest
 * @param {RouteBudget[]} listed
 * @param {{ layout: string, antdRoot: string }} shells manifest keys of the main layout and the antd layout
 * @returns {RouteBudget[]}
 */
export function otherRoutes(manifest, listed, { layout, antdRoot }) {
  const covered = new Set(listed.flatMap((route) => route.chunks));
  const lazy = manifest[entryKey(manifest)]?.dynamicImports ?? [];
  return lazy
    .filter((key) => !covered.has(key) && key !== layout && key !== antdRoot)
    .sort()
    .map((key) => {
      const menuScreen = !/^src\/features\/(auth|errors|data-v)\//.test(key);
      return { name: key.replace(/^src\//, ''), chunks: menuScreen ? [antdRoot, layout, key] : [antdRoot, key] };
    });
}

/** The table printed on every build: route, files, gzip KiB, budget, verdict. */
export function formatTable(/** @type {RouteSize[]} */ sizes) {
  const kib = (/** @type {number} */ bytes) => (bytes / 1024).toFixed(1);
  const rows = sizes.map((size) => [
    size.name,
    String(size.files.length),
    kib(size.bytes),
    size.budgetKiB === undefined ? '—' : String(size.budgetKiB),
    size.targetKiB === undefined ? '—' : String(size.targetKiB),
    size.budgetKiB === undefined ? '' : size.over ? 'OVER BUDGET' : 'ok',
  ]);
  const header = ['route (cold load)', 'files', 'gzip KiB', 'budget KiB', 'target KiB', ''];
  const widths = header.map((_, column) => Math.max(...[header, ...rows].map((row) => (row[column] ?? '').length)));
  return [header, ...rows]
    .map((row) =>
      row
        .map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
