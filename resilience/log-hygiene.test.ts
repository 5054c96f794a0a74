import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { outboxCodes, scanLine, scanLogs, testPasswords } from './log-scan.js';
import { LOG_DIR, ROOT } from './support.js';

/** The test sources whose password literals must never be logged. */
function testSources(): string[] {
  const files: string[] = [];
  for (const dir of ['apps', 'packages', 'e2e', 'resilience']) {
    for (const entry of readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })) {
      const path = join(entry.parentPath, entry.name);
      if (!entry.isFile() || path.includes('node_modules') || path.includes(`${join('/', 'dist')}/`)) continue;
      if (/\.test\.tsx?$/.test(entry.name) || /(harness|support)\.ts$/.test(entry.name)) files.push(path);
    }
  }
  return files;
}

/**
 * Runs last (vitest.resilience.config.ts): every server started by the unit, E2E and resilience suites logged
 * to test-results/logs at info, request lines included; none of those lines may hold a password, a code sent
 * through the outbox, a JWT, an Authorization header value or an argon2 hash.
 */
describe('log hygiene', () => {
  it('the scan finds each kind of secret, and nothing in clean lines', () => {
    const secrets = { passwords: ['Planted#Secret1'], codes: ['482913', 'k7pq'] };
    const flagged = (line: string) => scanLine(line, secrets);
    expect(flagged('{"msg":"login","body":{"password":"Planted#Secret1"}}')).toEqual(['password Planted#Secret1']);
    expect(flagged('{"req":{"url":"/api/x?t=eyJhbGciOiJIUzI1NiJ9.eyJzaWQiOiJ4In0.c2lnbmF0dXJl"}}')).toEqual(['a JWT']);
    expect(flagged('{"hash":"$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA"}')).toEqual(['an argon2 hash']);
    expect(flagged('{"req":{"headers":{"authorization":"abc.def.ghi"}}}')).toEqual(['an Authorization header value']);
    expect(flagged('{"msg":"sent","code":"482913"}')).toEqual(['code 482913']);
    expect(flagged('{"req":{"url":"/api/verify?captcha=k7pq"}}')).toEqual(['code k7pq']);
    // Redacted headers, timestamps and ids that contain a code's characters are clean.
    expect(flagged('{"req":{"headers":{"authorization":"[redacted]"}}}')).toEqual([]);
    expect(
      flagged('{"time":1795482913000,"reqId":"req-k7pq","msg":"incoming request","req":{"url":"/api/k7pq"}}'),
    ).toEqual([]);
    // A captcha id is a UUID; one of its groups may equal a 4-character code by chance (seen in CI).
    const captcha = { passwords: [], codes: ['b33a'] };
    expect(scanLine('{"channel":"captcha","to":"eb5acb01-b8ee-4499-b33a-d6c842059c7b"}', captcha)).toEqual([]);
    expect(scanLine('{"to":"eb5acb01-b8ee-4499-b33a-d6c842059c7b","answer":"b33a"}', captcha)).toEqual(['code b33a']);
  });

  it('no server log of the suite holds a password, code, token, Authorization value or argon2 hash', () => {
    const passwords = testPasswords(testSources());
    // The admin passwords of the unit harness, the E2E and these runs are among them.
    expect(passwords).toEqual(
      expect.arrayContaining(['Gatehouse#Admin2026', 'E2e#Gatehouse2026', 'Resilience#Gate2026']),
    );
    const codes = outboxCodes(LOG_DIR);
    const result = scanLogs(LOG_DIR, { passwords, codes });
    const byOrigin = new Map<string, number>();
    for (const name of readdirSync(LOG_DIR).filter((n) => n.endsWith('.log'))) {
      const origin = name.split('-')[1] ?? name;
      byOrigin.set(origin, (byOrigin.get(origin) ?? 0) + 1);
    }
    console.info(
      `log scan: ${result.lines} lines in ${result.files} files (${[...byOrigin].map(([o, n]) => `${o} ${n}`).join(', ')}), ` +
        `${passwords.length} passwords, ${codes.length} outbox codes: ${result.findings.length} findings`,
    );
    expect(result.files).toBeGreaterThan(0);
    // In CI this runs after npm test, so the unit and E2E servers' logs must be there (a scan of nothing passes).
    if (process.env.CI) expect([...byOrigin.keys()]).toEqual(expect.arrayContaining(['unit', 'e2e', 'resilience']));
    expect(result.lines).toBeGreaterThan(100);
    const report = result.findings
      .slice(0, 20)
      .map((f) => `${f.file}: ${f.what}\n  ${f.line.slice(0, 400)}`)
      .join('\n');
    expect(result.findings.length, report).toBe(0);
  });
});
