import { describe, expect, it } from 'vitest';
import { zip } from '../../test/import-upload.js';
import { readTable } from './spreadsheet-read.js';

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
});
