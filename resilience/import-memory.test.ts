import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '@gatehouse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, zip } from '../apps/server/test/import-upload.js';
import { procStatus, type ServerProcess, startServerProcess } from '../apps/server/test/server-process.js';

/**
 * H-2: no import preview inside the documented limits (20 MiB upload, 100,000 rows, 50 columns, 2,000
 * characters a cell, 128 MiB inflated) may exhaust the server's memory. The server runs in a process of its own with
 * the heap flags `npm run serve` gives it (apps/server/package.json "start": a 192 MiB old space), as
 * upload-memory.test.ts runs it, and its resident set is read from /proc. Before the fix the first input (an 18 MiB
 * CSV of 100,000 rows of 50 cells, read whole into arrays of strings) and the second (a 12 MiB XLSX whose shared
 * strings inflate to 109 MiB, all cached as strings by exceljs) each ended the process.
 */
const MIB = 1024 * 1024;
/** The bound on the server's peak resident set while it reads the hostile files (it idles at ~150 MiB under tsx). */
const PEAK_BOUND_MIB = 320;

/**
 * 100,000 account rows of 50 cells (the required three and 47 short ones under empty headers, which the import
 * ignores): ~18 MiB, every limit kept.
 */
function wideCsv(root: string): Buffer {
  const filler = ',ab'.repeat(47);
  const lines = [`账号,用户名,所属组织${','.repeat(47)}`];
  for (let i = 0; i < IMPORT_MAX_ROWS; i += 1) {
    const n = String(i).padStart(6, '0');
    lines.push(`wide.${n},宽表${n},${root}${filler}`);
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

/**
 * The organisation import's widest sheet: 100,000 new organisations under the root, each row with its path (组织路径),
 * its 名称 and 48 short cells under empty headers: ~13 MiB, every limit kept.
 */
function wideOrgCsv(root: string): Buffer {
  const filler = ',ab'.repeat(48);
  const lines = [`组织路径,名称${','.repeat(48)}`];
  for (let i = 0; i < IMPORT_MAX_ROWS; i += 1) {
    const name = `宽表${String(i).padStart(6, '0')}`;
    lines.push(`${root}/${name},${name}${filler}`);
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

/**
 * The organisation import's deepest sheet: chains of new organisations, each row one level below the row before,
 * until its path nears the 2,000 characters a cell may hold (then a new chain starts under the root), so every
 * path is long and every parent an earlier row: ~19 MiB, every limit kept.
 */
function deepOrgCsv(root: string): { file: Buffer; rows: number } {
  const lines = ['组织路径,名称'];
  let bytes = 0;
  let path = root;
  let chain = 0;
  let level = 0;
  while (lines.length <= IMPORT_MAX_ROWS) {
    const name = `链${chain}层${level}`;
    if (path.length + name.length + 1 > 1_990) {
      chain += 1;
      level = 0;
      path = root;
      continue;
    }
    path = `${path}/${name}`;
    const line = `${path},${name}`;
    bytes += Buffer.byteLength(line) + 2;
    if (bytes > 19 * MIB) break;
    lines.push(line);
    level += 1;
  }
  return { file: Buffer.from(`${lines.join('\r\n')}\r\n`), rows: lines.length - 1 };
}

/**
 * The widest sheet of a descriptor-served entity (岗位): 100,000 new posts, each with its own code and name (both
 * unique, so the preview keeps every value it has seen), a 显示顺序, a 状态 and a remark: ~19 MiB, every limit kept.
 */
function widePostCsv(): Buffer {
  const lines = ['岗位编码,岗位名称,显示顺序,状态,备注'];
  const remark = '岗位说明'.repeat(6);
  for (let i = 0; i < IMPORT_MAX_ROWS; i += 1) {
    const n = String(i).padStart(6, '0');
    lines.push(`post.${n}.${'x'.repeat(30)},岗位名称${n}${'甲'.repeat(12)},${i % 10_000},启用,${remark}${n}`);
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

/** A workbook whose xl/sharedStrings.xml inflates to ~109 MiB of short distinct strings (12 MiB as a file). */
function sharedStringsBomb(): Buffer {
  const xml = (text: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${text}`);
  const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const count = 4_750_000;
  const pieces: Buffer[] = [Buffer.from(`<sst xmlns="${main}" count="${count}" uniqueCount="${count}">`)];
  let piece = '';
  for (let i = 0; i < count; i += 1) {
    piece += `<si><t>s${i.toString(36).padStart(7, '0')}</t></si>`;
    if (piece.length > 1_000_000) {
      pieces.push(Buffer.from(piece));
      piece = '';
    }
  }
  pieces.push(Buffer.from(`${piece}</sst>`));
  return zip({
    '[Content_Types].xml': xml(
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>',
    ),
    'xl/workbook.xml': xml(
      `<workbook xmlns="${main}" xmlns:r="${rel}"><sheets><sheet name="账号" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    'xl/_rels/workbook.xml.rels': xml(
      `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
    'xl/sharedStrings.xml': Buffer.concat(pieces),
    'xl/worksheets/sheet1.xml': xml(
      `<worksheet xmlns="${main}"><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c></row></sheetData></worksheet>`,
    ),
  });
}

describe('hostile import previews, measured in a server process of its own', () => {
  let server: ServerProcess;
  let child: ChildProcess;
  let base: string;
  let token: string;

  beforeAll(async () => {
    server = await startServerProcess();
    ({ child, base, token } = server);
  }, 120_000);

  afterAll(() => server?.stop());

  /** POSTs a file to an import's preview (the account import's by default); a dead server answers `status: 0`. */
  async function preview(
    name: string,
    file: Buffer,
    entity: 'account' | 'org' | 'post' = 'account',
    target: ServerProcess = server,
  ) {
    const { base, token, child } = target;
    const boundary = '----gatehouse-import-boundary';
    try {
      // Each upload on a connection of its own (agent: false): a POST sent on a kept-alive socket the server closes
      // meanwhile fails without a retry, and the CSV's preview takes over a minute on a busy machine.
      const body = multipart(name, file);
      const res = await new Promise<{ status: number; text: string }>((resolve, reject) => {
        const req = request(
          `${base}/api/${entity}/import/preview`,
          {
            method: 'POST',
            agent: false,
            headers: {
              authorization: token,
              'content-type': `multipart/form-data; boundary=${boundary}`,
              'content-length': body.length,
            },
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () =>
              resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
            );
            response.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end(body);
      });
      const json = JSON.parse(res.text) as { msg: string; data?: { total: number; valid: number; rejected: number } };
      return { status: res.status, msg: json.msg, data: json.data };
    } catch (error) {
      // The server may have died (its socket closed): wait for its exit, unless it still answers its health check.
      const alive = await fetch(`${base}/api/health`).then(
        (res) => res.ok,
        () => false,
      );
      // Ended by a signal (an out-of-memory abort), the process has a signalCode and no exitCode.
      const exit = alive ? 'still running' : (child.exitCode ?? child.signalCode ?? (await once(child, 'exit'))[0]);
      return {
        status: 0,
        msg: `${String(error)}; server ${alive ? 'alive' : `exited (${exit})`}:\n${target.output.join('').slice(-600)}`,
        data: undefined,
      };
    }
  }

  it('survives an 18 MiB CSV and a shared-strings bomb, answering a preview or a clear 4xx, memory bounded', async () => {
    const pid = child.pid as number;
    const orgs = (await (await fetch(`${base}/api/orgs`, { headers: { authorization: token } })).json()) as {
      data: { name: string }[];
    };
    const root = orgs.data[0]?.name as string;
    const csv = wideCsv(root);
    expect(csv.length).toBeGreaterThan(16 * MIB);
    expect(csv.length).toBeLessThan(IMPORT_MAX_BYTES);
    const bomb = sharedStringsBomb();
    expect(bomb.length).toBeLessThan(IMPORT_MAX_BYTES);

    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    const before = procStatus(pid, 'VmRSS');

    // The CSV is inside every limit: a correct preview of its 100,000 rows.
    const wide = await preview('wide.csv', csv);
    expect(wide.status, wide.msg).toBe(200);
    expect(wide.data).toMatchObject({ total: IMPORT_MAX_ROWS, valid: IMPORT_MAX_ROWS, rejected: 0 });

    // The shared strings pass their budget long before they are all read: a 400 naming the rule.
    const strings = await preview('strings.xlsx', bomb);
    expect(strings).toMatchObject({
      status: 400,
      msg: '文件的共享字符串超过 1000000 个或 32 MiB，已拒绝：请另存为 CSV 或拆分后再导入',
    });

    // Two at once: one preview runs at a time in a process; the other waits for it or is told to come back (429).
    const both = await Promise.all([preview('a.xlsx', bomb), preview('b.xlsx', bomb)]);
    for (const answer of both) {
      expect([400, 429], answer.msg).toContain(answer.status);
      if (answer.status === 429) expect(answer.msg).toBe('服务器正在预检另一个导入文件，请稍后再试');
    }

    const peak = procStatus(pid, 'VmHWM');
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(200);
    expect(child.exitCode).toBeNull();
    console.info(
      `hostile previews: server RSS ${(before / MIB).toFixed(0)} MiB before, peak ${(peak / MIB).toFixed(0)} MiB`,
    );
    expect(peak / MIB).toBeLessThan(PEAK_BOUND_MIB);
  }, 600_000);

  it("previews the organisation import's widest and deepest sheets, memory bounded", async () => {
    const pid = child.pid as number;
    const orgs = (await (await fetch(`${base}/api/orgs`, { headers: { authorization: token } })).json()) as {
      data: { name: string }[];
    };
    const root = orgs.data[0]?.name as string;
    const wide = wideOrgCsv(root);
    const deep = deepOrgCsv(root);
    expect(wide.length).toBeLessThan(IMPORT_MAX_BYTES);
    expect(deep.file.length).toBeGreaterThan(16 * MIB);
    expect(deep.file.length).toBeLessThan(IMPORT_MAX_BYTES);

    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    const before = procStatus(pid, 'VmRSS');

    const widest = await preview('wide-orgs.csv', wide, 'org');
    expect(widest.status, widest.msg).toBe(200);
    expect(widest.data).toMatchObject({ total: IMPORT_MAX_ROWS, valid: IMPORT_MAX_ROWS, rejected: 0 });

    const deepest = await preview('deep-orgs.csv', deep.file, 'org');
    expect(deepest.status, deepest.msg).toBe(200);
    expect(deepest.data).toMatchObject({ total: deep.rows, valid: deep.rows, rejected: 0 });

    const peak = procStatus(pid, 'VmHWM');
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    expect(child.exitCode).toBeNull();
    console.info(
      `organisation previews (${deep.rows} deep rows): server RSS ${(before / MIB).toFixed(0)} MiB before, peak ${(peak / MIB).toFixed(0)} MiB`,
    );
    expect(peak / MIB).toBeLessThan(PEAK_BOUND_MIB);
  }, 600_000);

  it("previews a descriptor-served entity's widest sheet (100,000 posts, every value unique), memory bounded", async () => {
    // A server process of its own: its peak is this preview's, not what the sheets above left in the heap.
    const own = await startServerProcess();
    try {
      const pid = own.child.pid as number;
      const wide = widePostCsv();
      expect(wide.length).toBeGreaterThan(16 * MIB);
      expect(wide.length).toBeLessThan(IMPORT_MAX_BYTES);

      writeFileSync(`/proc/${pid}/clear_refs`, '5');
      const before = procStatus(pid, 'VmRSS');

      const widest = await preview('wide-posts.csv', wide, 'post', own);
      expect(widest.status, widest.msg).toBe(200);
      expect(widest.data).toMatchObject({ total: IMPORT_MAX_ROWS, valid: IMPORT_MAX_ROWS, rejected: 0 });

      const peak = procStatus(pid, 'VmHWM');
      expect((await fetch(`${own.base}/api/health`)).status).toBe(200);
      expect(own.child.exitCode).toBeNull();
      console.info(
        `post preview: server RSS ${(before / MIB).toFixed(0)} MiB before, peak ${(peak / MIB).toFixed(0)} MiB`,
      );
      expect(peak / MIB).toBeLessThan(PEAK_BOUND_MIB);
    } finally {
      await own.stop();
    }
  }, 600_000);
});
