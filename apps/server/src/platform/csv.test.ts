import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { BOM, csvAttachmentHeaders, csvCell, csvDocument, sendCsv } from './csv.js';

describe('CSV cells', () => {
  it('quotes cells with commas, quotes and line breaks (RFC 4180), doubling quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('张伟')).toBe('张伟');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvCell(403)).toBe('403');
    expect(csvCell(true)).toBe('true');
  });

  it('writes null and undefined as empty cells', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell('')).toBe('');
  });

  it.each([
    ['=1+1', "'=1+1"],
    ['+SUM(A1)', "'+SUM(A1)"],
    ['-2+3', "'-2+3"],
    ['@cmd', "'@cmd"],
    ['\tTAB', "'\tTAB"],
    ['\r=1', '"\'\r=1"'],
    ['=cmd|calc', "'=cmd|calc"],
    ['=HYPERLINK("http://x","y")', '"\'=HYPERLINK(""http://x"",""y"")"'],
    ['=1+1,"x"', '"\'=1+1,""x"""'],
  ])('guards the formula %j', (input, out) => expect(csvCell(input)).toBe(out));

  it('guards numbers that start like a formula too, like any text', () => {
    expect(csvCell(-1)).toBe("'-1");
    expect(csvCell(1)).toBe('1');
  });

  it('leaves a formula character inside a cell alone', () => {
    expect(csvCell('1+1=2')).toBe('1+1=2');
    expect(csvCell('a@b.example')).toBe('a@b.example');
  });
});

describe('CSV documents', () => {
  it('starts with a BOM, guards the header like any row, and ends every line with CRLF', () => {
    expect(csvDocument(['名称', '值'], [['甲', 1]])).toBe(`${BOM}名称,值\r\n甲,1\r\n`);
    expect(csvDocument(['a,b'], [])).toBe(`${BOM}"a,b"\r\n`);
    expect(csvDocument(['x', 'y'], [['=1', null]])).toBe(`${BOM}x,y\r\n'=1,\r\n`);
  });
});

describe('CSV attachments', () => {
  it('names the file RFC 5987-encoded with a plain-ASCII fallback, forbids sniffing, counts the rows', () => {
    expect(csvAttachmentHeaders({ fileName: '操作日志-20260101.csv', fallbackName: 'audit-log.csv', rows: 2 })).toEqual(
      {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition':
          'attachment; filename="audit-log.csv"; filename*=UTF-8\'\'%E6%93%8D%E4%BD%9C%E6%97%A5%E5%BF%97-20260101.csv',
        'x-content-type-options': 'nosniff',
        'x-total-rows': '2',
      },
    );
  });

  it('derives the fallback from the name, replacing what a quoted ASCII name cannot hold', () => {
    const named = (fileName: string) => csvAttachmentHeaders({ fileName, rows: 0 })['content-disposition'];
    expect(named('signin-log-20260101T120000.csv')).toBe(
      'attachment; filename="signin-log-20260101T120000.csv"; filename*=UTF-8\'\'signin-log-20260101T120000.csv',
    );
    expect(named('日志 "a"\\b.csv')).toBe(
      'attachment; filename="__ _a__b.csv"; filename*=UTF-8\'\'%E6%97%A5%E5%BF%97%20%22a%22%5Cb.csv',
    );
    // Not attr-chars of RFC 5987: encoded although encodeURIComponent leaves them.
    expect(named("it's (1)*.csv")).toMatch(/filename\*=UTF-8''it%27s%20%281%29%2A\.csv$/);
  });

  it('sends the document as UTF-8 bytes with those headers', async () => {
    const app = Fastify();
    app.get('/x', (_request, reply) =>
      sendCsv(reply, { fileName: 'x.csv', content: csvDocument(['名'], [['=1']]), rows: 1 }),
    );
    try {
      const res = await app.inject({ method: 'GET', url: '/x' });
      expect(res.statusCode).toBe(200);
      expect(res.headers).toMatchObject({
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': 'attachment; filename="x.csv"; filename*=UTF-8\'\'x.csv',
        'x-content-type-options': 'nosniff',
        'x-total-rows': '1',
      });
      expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(res.rawPayload.toString('utf8')).toBe(`${BOM}名\r\n'=1\r\n`);
    } finally {
      await app.close();
    }
  });
});
