import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** What must never reach a log line. */
export interface Secrets {
  /** Admin and test passwords used by the suites. */
  passwords: string[];
  /** Every SMS / e-mail code (6 digits) and image-captcha answer written to an outbox. */
  codes: string[];
}

export interface Finding {
  file: string;
  line: string;
  what: string;
}

const JWT = /eyJ[\w-]+\.[\w-]+\.[\w-]+/;
const ARGON2 = /\$argon2(id|i|d)\$/;
/** An Authorization header value, as a header map entry or a raw header line, unless redacted. */
const AUTHORIZATION = /"?authorization"?\s*[:=]\s*"?(?!\[redacted\])[^"\s,}]{4,}/i;
const BEARER = /\bBearer\s+[\w.-]{8,}/i;
/** Fields pino adds that carry no data: numbers there would only look like codes. */
const NOISE = new Set(['time', 'pid', 'hostname', 'reqId', 'responseTime', 'level']);

/** String values of a parsed log line (not keys), minus noise; a url contributes its query string only. */
function valuesOf(value: unknown, key: string, out: string[]): void {
  if (NOISE.has(key)) return;
  if (typeof value === 'string') {
    if (key === 'url') {
      const query = value.indexOf('?');
      if (query >= 0) out.push(value.slice(query + 1));
    } else if (key !== 'msg' && key !== 'stack') {
      out.push(value);
    }
  } else if (typeof value === 'number') {
    out.push(String(value));
  } else if (Array.isArray(value)) {
    for (const item of value) valuesOf(item, key, out);
  } else if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) valuesOf(v, k, out);
  }
}

/** The findings in one log line (a JSON line from pino, or any other text). */
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

export function scanLine(line: string, secrets: Secrets, codes = new Set(secrets.codes)): string[] {
  const found: string[] = [];
  for (const password of secrets.passwords) if (line.includes(password)) found.push(`password ${password}`);
  if (JWT.test(line)) found.push('a JWT');
  if (ARGON2.test(line)) found.push('an argon2 hash');
  if (AUTHORIZATION.test(line) || BEARER.test(line)) found.push('an Authorization header value');
  // Codes are short, so they are looked for as whole tokens of the line's data values: `"code":"123456"` and
  // `?code=123456` are caught, while a timestamp or a request id that happens to contain the digits is not.
  let values: string[];
  try {
    values = [];
    valuesOf(JSON.parse(line), '', values);
  } catch {
    values = [line];
  }
  for (const value of values) {
    // UUIDs (captcha ids, session ids) are taken out first: a 4-character code can be one of their groups by chance.
    for (const token of value.replace(UUID, ' ').split(/[^A-Za-z0-9]+/)) {
      if (token && codes.has(token)) found.push(`code ${token}`);
    }
  }
  return found;
}

/** Every `*.log` file under `dir`, scanned line by line. */
export function scanLogs(dir: string, secrets: Secrets): { files: number; lines: number; findings: Finding[] } {
  const codes = new Set(secrets.codes);
  const findings: Finding[] = [];
  let files = 0;
  let lines = 0;
  if (!existsSync(dir)) return { files, lines, findings };
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.log'))) {
    files++;
    for (const line of readFileSync(join(dir, name), 'utf8').split('\n')) {
      if (!line) continue;
      lines++;
      for (const what of scanLine(line, secrets, codes)) findings.push({ file: name, line, what });
    }
  }
  return { files, lines, findings };
}

/** The codes of every outbox kept beside the logs (`outbox-*.jsonl`). */
export function outboxCodes(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const codes = new Set<string>();
  for (const name of readdirSync(dir).filter((n) => n.startsWith('outbox-') && n.endsWith('.jsonl'))) {
    for (const line of readFileSync(join(dir, name), 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const code = (JSON.parse(line) as { code?: unknown }).code;
      if (typeof code === 'string' && code) codes.add(code);
    }
  }
  return [...codes];
}

/**
 * Password-shaped string literals of the test sources: 8-64 characters without spaces, with a letter, a digit
 * and one of # ! & (every test password is written that way, e.g. `Zs#2026-safe`, `Abc123!x`).
 */
export function testPasswords(files: string[]): string[] {
  const found = new Set<string>();
  const literal = /(['"`])([A-Za-z0-9!@#$%^&*._-]{8,64})\1/g;
  for (const file of files) {
    for (const match of readFileSync(file, 'utf8').matchAll(literal)) {
      const text = match[2]!;
      if (/[#!&]/.test(text) && /[A-Za-z]/.test(text) && /\d/.test(text)) found.add(text);
    }
  }
  return [...found];
}
