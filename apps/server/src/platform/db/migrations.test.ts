import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';

const SCRIPT = resolve(import.meta.dirname, '../../../test/migrate-once.ts');

/** Runs test/migrate-once.ts on `file` in a process of its own: its exit code and what it printed. */
function migrateInProcess(file: string): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT, file], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('exit', (code) => done({ code, output }));
  });
}

describe('migrations on SQLite', () => {
  it('let several processes start at once on one new file: all succeed, each migration applied once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gh-migrate-'));
    try {
      for (let round = 0; round < 3; round++) {
        const file = join(dir, `race-${round}.db`);
        const runs = await Promise.all([1, 2, 3].map(() => migrateInProcess(file)));
        for (const run of runs) expect(run.code, run.output).toBe(0);
        const sqlite = new SQLite(file, { readonly: true });
        const applied = sqlite.prepare('select name from kysely_migration order by name').all() as { name: string }[];
        const names = applied.map((row) => row.name);
        expect(new Set(names).size).toBe(names.length);
        expect(names[0]).toBe('0001_core');
        expect(sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
        sqlite.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
