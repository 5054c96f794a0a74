import { describe, expect, it } from 'vitest';
import { xlsxOf, zip } from '../../test/import-upload.js';
import { DEFAULT_TABLE_LIMITS, readTable, stateFromWord } from './spreadsheet-read.js';

const xml = (text: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${text}`);
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** A two-sheet workbook (data, then hidden choices) with its parts in the order given. */
function workbook(order: string[]): Buffer {
  const parts: Record<string, Buffer> = {
    '[Content_Types].xml': xml(
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>',
    ),
    'xl/_rels/workbook.xml.rels': xml(
      `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/worksheet" Target="worksheets/sheet2.xml"/></Relationships>`,
    ),
    'xl/sharedStrings.xml': xml(`<sst xmlns="${MAIN}" count="0" uniqueCount="0"/>`),
    'xl/workbook.xml': xml(
      `<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="账号" sheetId="1" r:id="rId1"/><sheet name="选项" sheetId="2" state="hidden" r:id="rId2"/></sheets></workbook>`,
    ),
    'xl/worksheets/sheet1.xml': xml(
      `<worksheet xmlns="${MAIN}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>账号</t></is></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>zhangsan</t></is></c></row></sheetData></worksheet>`,
    ),
    'xl/worksheets/sheet2.xml': xml(
      `<worksheet xmlns="${MAIN}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>选项一</t></is></c></row></sheetData></worksheet>`,
    ),
  };
  return zip(Object.fromEntries(order.map((name) => [name, parts[name] as Buffer])));
}

describe('readTable', () => {
  it('reads the first shown sheet whatever order the workbook’s parts come in (exceljs writes them in varying order)', async () => {
    const orders = [
      // As Excel writes it: the workbook before its relationships and sheets.
      [
        '[Content_Types].xml',
        'xl/workbook.xml',
        'xl/_rels/workbook.xml.rels',
        'xl/worksheets/sheet1.xml',
        'xl/worksheets/sheet2.xml',
      ],
      // Shared strings and relationships, then the sheets, then the workbook: exceljs 4.4's reader failed on this
      // one by itself (its own writer produces it now and then).
      [
        'xl/sharedStrings.xml',
        '[Content_Types].xml',
        'xl/_rels/workbook.xml.rels',
        'xl/worksheets/sheet1.xml',
        'xl/worksheets/sheet2.xml',
        'xl/workbook.xml',
      ],
      // The sheets first.
      [
        'xl/worksheets/sheet1.xml',
        'xl/worksheets/sheet2.xml',
        '[Content_Types].xml',
        'xl/_rels/workbook.xml.rels',
        'xl/workbook.xml',
      ],
    ];
    for (const order of orders) {
      const table = await readTable(workbook(order));
      expect(table, order.join(' → ')).toEqual({ header: ['账号'], rows: [{ row: 2, cells: ['zhangsan'] }] });
    }
  });

  it('reads an upload from the chunks it arrived in as from one buffer (XLSX and CSV, chunks cut inside characters)', async () => {
    const split = (buffer: Buffer, size: number) => {
      const chunks: Buffer[] = [];
      for (let at = 0; at < buffer.length; at += size) chunks.push(buffer.subarray(at, at + size));
      return chunks;
    };
    const rows = [
      ['账号', '用户名', '所属组织'],
      ['zhangsan', '张三', '总公司/华东区'],
      ['lisi', '李四', '总公司'],
    ];
    const book = await xlsxOf(rows);
    const csv = Buffer.from(`\uFEFF${rows.map((r) => r.join(',')).join('\r\n')}\r\n`);
    const expected = {
      header: rows[0],
      rows: [
        { row: 2, cells: rows[1] },
        { row: 3, cells: rows[2] },
      ],
    };
    expect(await readTable(book)).toEqual(expected);
    expect(await readTable(split(book, 7))).toEqual(expected);
    expect(await readTable(csv)).toEqual(expected);
    expect(await readTable(split(csv, 5))).toEqual(expected);
  });

  it('refuses shared strings past their budget, and a run of XML text no cell needs, with a 400', async () => {
    const strings = Array.from({ length: 20 }, (_, i) => `<si><t>s${i}</t></si>`).join('');
    const many = workbookWith(`<sst xmlns="${MAIN}">${strings}</sst>`);
    await expect(readTable(many, { ...DEFAULT_TABLE_LIMITS, maxSharedStrings: 10 })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('共享字符串超过 10 个'),
    });
    const long = workbookWith(`<sst xmlns="${MAIN}"><si><t>${'x'.repeat(100 * 1024)}</t></si></sst>`);
    await expect(readTable(long)).rejects.toMatchObject({
      status: 400,
      message: '文件不是表格：请上传 XLSX 或 CSV 文件',
    });
  });
});

/** A one-sheet workbook with these shared strings, its cell A1 the first of them. */
function workbookWith(sharedStrings: string): Buffer {
  return zip({
    'xl/workbook.xml': xml(
      `<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="账号" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    'xl/_rels/workbook.xml.rels': xml(
      `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
    'xl/sharedStrings.xml': xml(sharedStrings),
    'xl/worksheets/sheet1.xml': xml(
      `<worksheet xmlns="${MAIN}"><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row></sheetData></worksheet>`,
    ),
  });
}

describe('stateFromWord', () => {
  it('reads the words the export writes (启用/禁用, Enabled/Disabled) and those older sheets hold (停用, 已启用/已禁用)', () => {
    expect(['启用', 'Enabled', ' enabled ', '已启用', '正常', '1', 'yes', '是'].map(stateFromWord)).toEqual(
      Array(8).fill(1),
    );
    expect(['禁用', 'Disabled', 'DISABLED', '停用', '已禁用', '已停用', '0', 'no', '否'].map(stateFromWord)).toEqual(
      Array(9).fill(0),
    );
    expect(['', '开启', '关闭', 'maybe'].map(stateFromWord)).toEqual([undefined, undefined, undefined, undefined]);
  });
});
