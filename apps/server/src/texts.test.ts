import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defineTexts, keysDefinedTwice, LOCALES, mergeTexts, platformTexts, type Texts } from './platform/texts.js';
import { SERVER_TEXTS, serverCatalogues } from './texts.js';

const SRC = import.meta.dirname;
const TEXTS_FILE = /\.texts\.ts$/;

/** Every non-test source file under a folder of src (recursively), or of src itself (`''`, not recursively). */
function sources(folder: string, recursive = true): string[] {
  const root = resolve(SRC, folder);
  return readdirSync(root, { recursive, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
    .map((entry) => resolve(entry.parentPath, entry.name))
    .filter((path) => !path.includes('/testing/'));
}

const moduleFolders = readdirSync(resolve(SRC, 'modules'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

/** Each module's texts files (by the `*.texts.ts` name) and the texts they export. */
const moduleTexts = await Promise.all(
  moduleFolders.flatMap((folder) =>
    readdirSync(resolve(SRC, 'modules', folder))
      .filter((file) => TEXTS_FILE.test(file))
      .map(async (file) => {
        const path = resolve(SRC, 'modules', folder, file);
        const exports: Record<string, unknown> = await import(path);
        const texts = Object.values(exports).filter(
          (value): value is Texts => typeof value === 'object' && value !== null && 'zh-CN' in value,
        );
        return { folder, file, texts };
      }),
  ),
);

/**
 * Whether a source names a key: as a string (`'org.notFound'`), or as a template built from one of its prefixes
 * (`` `roleExport.scope.${scope}` ``).
 */
function names(source: string, key: string): boolean {
  if ([`'${key}'`, `"${key}"`, `\`${key}\``].some((quoted) => source.includes(quoted))) return true;
  const parts = key.split('.');
  return parts.some((_, i) => i > 0 && source.includes(`\`${parts.slice(0, i).join('.')}.\${`));
}

const read = (paths: readonly string[]) => paths.map((path) => readFileSync(path, 'utf8')).join('\n');
/** The composition root (main.ts, services.ts): it raises words for the modules it wires. */
const rootCode = read(sources('', false).filter((path) => !path.endsWith('/texts.ts')));
const platformCode = read(sources('platform').filter((path) => !/\/(texts|i18n)\.ts$/.test(path)));
const moduleCode = Object.fromEntries(
  moduleFolders.map((folder) => [folder, read(sources(`modules/${folder}`).filter((p) => !TEXTS_FILE.test(p)))]),
);

describe("the server's texts files", () => {
  it("are each a module's <name>.texts.ts, and every one is merged (src/texts.ts lists it)", () => {
    expect(moduleTexts.length).toBeGreaterThan(0);
    for (const { folder, file, texts } of moduleTexts) {
      expect(file, folder).toBe(`${folder}.texts.ts`);
      expect(texts, file).toHaveLength(1);
      expect(SERVER_TEXTS as readonly Texts[], `${file} is not listed in src/texts.ts`).toContain(texts[0]);
    }
    expect(SERVER_TEXTS).toHaveLength(moduleTexts.length + 1);
    expect(SERVER_TEXTS).toContain(platformTexts);
  });

  it('name the same keys in zh-CN and en-US, and no key is defined in two files', () => {
    for (const texts of SERVER_TEXTS) {
      expect(Object.keys(texts['en-US']).sort()).toEqual(Object.keys(texts['zh-CN']).sort());
    }
    expect(keysDefinedTwice(SERVER_TEXTS)).toEqual([]);
    for (const locale of LOCALES) {
      const total = SERVER_TEXTS.reduce((sum, texts) => sum + Object.keys(texts[locale]).length, 0);
      expect(Object.keys(serverCatalogues[locale])).toHaveLength(total);
    }
  });

  it('refuse a key two files define when merged', () => {
    const a = defineTexts({ 'zh-CN': { 'x.one': '一', 'x.two': '二' }, 'en-US': { 'x.one': 'One', 'x.two': 'Two' } });
    const b = defineTexts({ 'zh-CN': { 'x.two': '贰' }, 'en-US': { 'x.two': 'Two' } });
    expect(keysDefinedTwice([a, b])).toEqual(['x.two (2 files)']);
    expect(() => mergeTexts([a, b])).toThrow('Texts defined in more than one file: x.two (2 files)');
    expect(mergeTexts([a])).toEqual({ 'zh-CN': a['zh-CN'], 'en-US': a['en-US'] });
  });

  it("hold in a module's file only the words its code raises (or the composition root raises for it), none the platform raises", () => {
    const misplaced: string[] = [];
    for (const { folder, file, texts } of moduleTexts) {
      for (const key of Object.keys(texts[0]?.['zh-CN'] ?? {})) {
        if (!names(moduleCode[folder] ?? '', key) && !names(rootCode, key))
          misplaced.push(`${file}: ${key} is not raised by modules/${folder}`);
        if (names(platformCode, key))
          misplaced.push(`${file}: ${key} is raised by the platform: move it to platform/texts.ts`);
      }
    }
    expect(misplaced).toEqual([]);
  });

  it('hold in platform/texts.ts only the words the platform or the composition root raises, or several modules share', () => {
    const misplaced = Object.keys(platformTexts['zh-CN']).flatMap((key) => {
      if (names(platformCode, key) || names(rootCode, key)) return [];
      const raisers = moduleFolders.filter((folder) => names(moduleCode[folder] ?? '', key));
      return raisers.length > 1 ? [] : [`${key} is raised by ${raisers[0] ?? 'nothing'}: move it beside its module`];
    });
    expect(misplaced).toEqual([]);
  });
});
