// @ts-check
// One word per concept (docs/glossary.md): the texts of both apps, the dev mock and the contract's labels and
// descriptions name a concept with its one word. A record's 状态 is 启用 / 禁用 (never 停用, nor 已启用 / 已禁用 as a
// value); an account's contactNumber is its 手机号码 (联系电话 is an organisation's phone); the organisation tree is
// 组织 (部门 only in the demo data's names). The words both apps write come from the contract's WORDS; this test
// catches a retired word wherever a text is written by hand.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Where texts are written: the catalogues and texts files of both apps, the dev mock, the contract. */
const TEXT_HOMES = [
  /^apps\/server\/src\/platform\/texts\.ts$/,
  /^apps\/server\/src\/modules\/[^/]+\/[^/]+\.texts\.ts$/,
  /^apps\/web\/src\/lib\/i18n\/[^/]+\.ts$/,
  /^apps\/web\/src\/.*(?:\/|-)texts\.tsx?$/,
  /^apps\/web\/src\/mocks\/.+\.ts$/,
  /^packages\/contract\/src\/[^/]+\.ts$/,
];
/** The declaration of the words names the retired ones on purpose. */
const EXEMPT = [/\.test\.tsx?$/, /^packages\/contract\/src\/words\.ts$/];

/** The second factor being on, and turning the authenticator off, are other concepts with their own words. */
const SECOND_FACTOR = (/** @type {string} */ file, /** @type {string} */ line) =>
  /second-factor/.test(file) || /secondFactor|身份验证器|authenticator|totp/i.test(line);

const RETIRED = [
  { rule: '状态 says 禁用, not 停用', pattern: /停用/, allowed: SECOND_FACTOR },
  {
    rule: '状态 says 启用 / 禁用, not 已启用 / 已禁用',
    pattern: /['"`]已(?:启用|禁用)['"`]/,
    allowed: SECOND_FACTOR,
  },
  {
    rule: 'an account’s number is 手机号码, not 联系电话 (an organisation’s phone)',
    pattern: /联系电话/,
    allowed: (/** @type {string} */ file, /** @type {string} */ line) =>
      /^packages\/contract\/src\/orgs(?:\.entity)?\.ts$/.test(file) || /phone|organi[sz]ation|\borg/i.test(line),
  },
  {
    rule: 'the organisation tree is 组织, not 部门',
    pattern: /部门/,
    allowed: (/** @type {string} */ _file, /** @type {string} */ line) => /部门管理员|本部门的账号/.test(line),
  },
  { rule: 'en-US says organization, not department', pattern: /\bdepartments?\b/i, allowed: () => false },
  {
    rule: 'en-US spells organization with a z',
    pattern: /organisation/i,
    // The en-US texts of the apps; comments, the contract's API descriptions and Chinese lines are not en-US.
    allowed: (/** @type {string} */ file, /** @type {string} */ line) =>
      !file.startsWith('apps/') || /^\s*(?:\/\/|\/?\*)/.test(line) || /\p{Script=Han}/u.test(line),
  },
  { rule: 'en-US says Mobile number, not contact number', pattern: /\bcontact number\b/i, allowed: () => false },
];

/** Every line of the given files that names a concept with a retired word, as `path:line: rule`. */
function findings(/** @type {string[]} */ files) {
  const found = [];
  for (const file of files) {
    const lines = readFileSync(join(root, file), 'utf8').split('\n');
    lines.forEach((line, i) => {
      for (const { rule, pattern, allowed } of RETIRED) {
        if (pattern.test(line) && !allowed(file, line)) found.push(`${file}:${i + 1}: ${rule}`);
      }
    });
  }
  return found;
}

const hits = (/** @type {string} */ file, /** @type {string} */ line) =>
  RETIRED.filter(({ pattern, allowed }) => pattern.test(line) && !allowed(file, line)).map((r) => r.rule);

describe('one word per concept', () => {
  it('recognises a retired word and leaves the other concepts alone', () => {
    const web = 'apps/web/src/lib/i18n/zh-CN.ts';
    expect(hits(web, "  'sheet.state.disabled': '停用',")).toEqual(['状态 says 禁用, not 停用']);
    expect(hits(web, "  'account.stateEnabled': '已启用',")).toEqual(['状态 says 启用 / 禁用, not 已启用 / 已禁用']);
    expect(hits(web, "  'account.fieldContactNumber': '联系电话',")).toHaveLength(1);
    expect(hits(web, "  'org.fieldName': '部门名称',")).toHaveLength(1);
    expect(hits(web, "  'orgImport.exampleName': 'Example department',")).toHaveLength(1);
    expect(hits('apps/web/src/lib/i18n/en-US.orgs.ts', "  'org.showAll': 'Show all organisations',")).toEqual([
      'en-US spells organization with a z',
    ]);
    // Other concepts, and messages built on the chosen words.
    expect(hits(web, "  'account.secondFactorOn': '已启用',")).toEqual([]);
    expect(hits('apps/web/src/features/second-factor/texts.ts', "  totpDisable: '停用',")).toEqual([]);
    expect(hits(web, "  'org.fieldPhone': '联系电话',")).toEqual([]);
    expect(hits(web, "  'account.orgDisabled': '组织“{name}”已禁用，不能添加或移入账号',")).toEqual([]);
    expect(hits('apps/web/src/mocks/seed.ts', "        name: '部门管理员',")).toEqual([]);
  });

  it('holds in every catalogue, texts file, mock and contract description', () => {
    const listed = spawnSync('git', ['ls-files', 'apps/server/src', 'apps/web/src', 'packages/contract/src'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(listed.status).toBe(0);
    const files = listed.stdout
      .split('\n')
      .filter((f) => TEXT_HOMES.some((home) => home.test(f)) && !EXEMPT.some((e) => e.test(f)));
    expect(files.length).toBeGreaterThan(60);
    expect(findings(files)).toEqual([]);
  });
});
