// Types of own-module-files.mjs for vite.config.ts and vitest.own-modules.config.ts.

/** The comment by which a test file that replaces a module by other means than vi.mock asks for its own registry. */
export declare const OWN_MODULES_MARKER: string;

/** The web test files (relative to `root`, apps/web) that need a module registry of their own. */
export declare function ownModuleFiles(root: string): string[];
