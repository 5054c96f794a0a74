// @ts-check
// One owner per table (scripts/lint/table-owners.mjs): proven on a fixture tree that breaks the rule, and on the
// ownership map itself.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { crossOwner, judge, readOwners } from './lint/table-owners.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const fixture = join(root, 'scripts/fixtures/layering/table-owner');

describe('one owner per table', () => {
  it('finds every statement naming another module’s table, and only those', () => {
    const found = crossOwner(fixture);
    expect(
      found.statements.map(({ file, line, module, table, owner }) => `${file}:${line} ${module} ${table} ${owner}`),
    ).toEqual([
      'apps/server/src/modules/accounts/accounts.repository.ts:5 accounts org orgs',
      'apps/server/src/modules/accounts/accounts.repository.ts:8 accounts org orgs',
      'apps/server/src/modules/accounts/accounts.repository.ts:9 accounts org orgs',
      'apps/server/src/modules/accounts/accounts.repository.ts:10 accounts org orgs',
      'apps/server/src/modules/accounts/accounts.repository.ts:13 accounts row_count platform',
      'apps/server/src/platform/counts.ts:3 platform account accounts',
    ]);
    expect(found.counts).toEqual({ 'accounts → org': 4, 'accounts → row_count': 1, 'platform → account': 1 });
  });

  it('fails a pair beyond its debt, and a debt that shrank without the list following', () => {
    const found = crossOwner(fixture);
    const fresh = judge(found, {});
    expect(fresh).toHaveLength(3);
    expect(fresh[0]).toContain('accounts → org: 4 statement(s), 0 allowed');
    expect(fresh[0]).toContain('belongs to `orgs`');
    expect(fresh[0]).toContain('apps/server/src/modules/accounts/accounts.repository.ts:5');
    expect(judge(found, found.counts)).toEqual([]);
    expect(judge(found, { ...found.counts, 'accounts → org': 5 })).toEqual([
      'accounts → org: 4 statement(s) left, the debt list says 5: lower it in scripts/lint/table-owners.debt.json',
    ]);
    expect(judge(found, { ...found.counts, 'accounts → org': 3 })[0]).toContain('4 statement(s), 3 allowed');
  });

  it('names an existing module (or the platform) as the owner of every table', () => {
    const owners = readOwners();
    expect(owners.size).toBeGreaterThan(20);
    for (const [table, owner] of owners)
      expect(
        owner === 'platform' || existsSync(join(root, 'apps/server/src/modules', owner)),
        `${table} → ${owner}`,
      ).toBe(true);
  });
});
