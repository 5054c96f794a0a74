import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { OWN_MODULES_MARKER, ownModuleFiles } from './own-module-files.mjs';

describe('ownModuleFiles', () => {
  let root = '';
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('lists the test files that mock a module or carry the marker, and no others', () => {
    root = mkdtempSync(join(tmpdir(), 'gh-own-modules-'));
    mkdirSync(join(root, 'src/features/a'), { recursive: true });
    writeFileSync(join(root, 'src/features/a/Mocks.test.tsx'), "vi.mock('echarts', () => ({}));\n");
    writeFileSync(join(root, 'src/features/a/Marked.test.ts'), `// ${OWN_MODULES_MARKER}\n`);
    writeFileSync(join(root, 'src/features/a/Plain.test.tsx'), "it('x', () => {});\n");
    writeFileSync(join(root, 'src/features/a/helper.ts'), "vi.mock('x');\n");
    expect(ownModuleFiles(root)).toEqual(['src/features/a/Marked.test.ts', 'src/features/a/Mocks.test.tsx']);
  });
});
