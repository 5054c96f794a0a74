import { describe, expect, it } from 'vitest';
import { csvCell } from './csv.js';

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
