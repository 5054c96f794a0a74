import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { enCatalogue, enRouteTitles } from './en-US.catalogue';
import { zhCatalogue } from './zh-CN.catalogue';

/**
 * The catalogues are merged by hand (zh-CN.catalogue.ts, en-US.catalogue.ts): their static imports are what types
 * MessageKey, so `t()` refuses an unknown key at compile time. This test is what finds them: every area file of the
 * folder must be merged, and no text overridden by another file's.
 */
const areaFiles = (locale: string) =>
  readdirSync(import.meta.dirname).filter(
    (file) => file.startsWith(`${locale}.`) && file.endsWith('.ts') && !file.endsWith('.test.ts'),
  );

async function unmerged(locale: string, catalogue: Readonly<Record<string, string>>, skip: readonly unknown[] = []) {
  const missing: string[] = [];
  for (const file of areaFiles(locale).filter((name) => name !== `${locale}.catalogue.ts`)) {
    const exports: Record<string, unknown> = await import(`./${file}`);
    for (const [name, texts] of Object.entries(exports)) {
      if (skip.includes(texts) || typeof texts !== 'object' || texts === null) continue;
      for (const [key, text] of Object.entries(texts)) {
        if (catalogue[key] !== text)
          missing.push(`${file}: ${name}['${key}'] is not in the ${locale} catalogue as written`);
      }
    }
  }
  return missing;
}

describe('catalogue files', () => {
  it('are all merged into their language’s catalogue: a new zh-CN.<area>.ts or en-US.<area>.ts is not forgotten', async () => {
    expect(await unmerged('zh-CN', zhCatalogue)).toEqual([]);
    expect(await unmerged('en-US', enCatalogue, [enRouteTitles])).toEqual([]);
  });
});
