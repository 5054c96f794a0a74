import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configTable, TABLE_END, TABLE_START, tableIn, withConfigTable } from './config.docs.js';
import { ENV_VARS } from './config.schema.js';

const README = resolve(import.meta.dirname, '../../../README.md');

describe("the README's configuration table", () => {
  it('is the declarations’ table (after a change to config.schema.ts, run npm run docs:config)', () => {
    const readme = readFileSync(README, 'utf8');
    expect(tableIn(readme), 'npm run docs:config writes it').toBe(configTable());
  });

  it('has one row per declared variable, in their order', () => {
    const rows = configTable().trimEnd().split('\n').slice(2);
    expect(rows.map((row) => /^\| `([A-Z0-9_]+)`/.exec(row)?.[1])).toEqual(ENV_VARS.map((v) => v.name));
  });

  it('is told apart from a README that disagrees, and written back over it', () => {
    const readme = withConfigTable(readFileSync(README, 'utf8'));
    const table = configTable();
    const drifted = [
      // A default changed by hand.
      readme.replace('| `LOGIN_REFUSAL_DELAY_MS` | `1000` |', '| `LOGIN_REFUSAL_DELAY_MS` | `500` |'),
      // A variable's row gone.
      readme.replace(/^\| `VERIFY_RESEND_SECONDS` .*\n/m, ''),
      // A variable documented that nothing declares.
      readme.replace(`${TABLE_END}\n`, `| \`SESSION_SECRET\` | unset | text | gone |\n${TABLE_END}\n`),
    ];
    for (const copy of drifted) {
      expect(copy).not.toBe(readme);
      expect(tableIn(copy)).not.toBe(table);
      expect(withConfigTable(copy)).toBe(withConfigTable(readme));
    }
  });

  it('needs both markers in the README', () => {
    const readme = `# Gatehouse\n\n${TABLE_START}\n| old |\n${TABLE_END}\n\nMore.\n`;
    expect(withConfigTable(readme, '| new |\n')).toBe(
      `# Gatehouse\n\n${TABLE_START}\n| new |\n${TABLE_END}\n\nMore.\n`,
    );
    expect(() => withConfigTable('# Gatehouse\n\n| old |\n')).toThrow('config-table');
    expect(() => withConfigTable(`${TABLE_START}\n| old |\n`)).toThrow('config-table');
    expect(tableIn(`${TABLE_START}\n${TABLE_END}\n`)).toBe('');
  });
});
