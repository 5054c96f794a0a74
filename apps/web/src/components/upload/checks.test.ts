import { FILE_GROUPS, UPLOAD_MAX_BYTES } from '@gatehouse/contract';
import { describe, expect, it } from 'vitest';
import { acceptAttribute, precheckCount, precheckFile } from './checks';

const file = (name: string, size = 10) => ({ name, size });

describe('upload pre-checks (specification §5)', () => {
  it('refuses a file over the limit, 100 MB by default, with 文件大小超出限制', () => {
    expect(UPLOAD_MAX_BYTES).toBe(104_857_600);
    expect(precheckFile(file('a.png', UPLOAD_MAX_BYTES))).toBeNull();
    expect(precheckFile(file('a.png', UPLOAD_MAX_BYTES + 1))).toBe('文件大小超出限制');
    expect(precheckFile(file('a.png', 2048), { limitSize: 1024 })).toBe('文件大小超出限制');
    expect(precheckFile(file('a.png', 1024), { limitSize: 1024 })).toBeNull();
  });

  it('refuses an extension (lower-cased, after the last dot) outside the accept list with 文件格式不正确', () => {
    expect(precheckFile(file('photo.PNG'), { accept: 't-image' })).toBeNull();
    expect(precheckFile(file('archive.tar.JPEG'), { accept: 't-image' })).toBeNull();
    expect(precheckFile(file('notes.txt'), { accept: 't-image' })).toBe('文件格式不正确');
    expect(precheckFile(file('png'), { accept: 't-image' })).toBe('文件格式不正确');
    expect(precheckFile(file('photo.png.exe'), { accept: 't-image' })).toBe('文件格式不正确');
    // Mixed lists of groups and extensions, with or without dots, as a string or an array.
    expect(precheckFile(file('a.txt'), { accept: 't-image, .TXT' })).toBeNull();
    expect(precheckFile(file('a.zip'), { accept: ['t-zip'] })).toBeNull();
    expect(precheckFile(file('a.rar'), { accept: ['t-image'] })).toBe('文件格式不正确');
    // No accept list: any extension.
    expect(precheckFile(file('anything.xyz'))).toBeNull();
  });

  it('expands every group, t-document through t-word, t-excel and t-ppt', () => {
    for (const [group, members] of Object.entries(FILE_GROUPS)) {
      for (const member of members) {
        const extensions = member.startsWith('t-') ? FILE_GROUPS[member] : [member];
        for (const extension of extensions ?? []) {
          expect(precheckFile(file(`x.${extension}`), { accept: group }), `${extension} in ${group}`).toBeNull();
        }
      }
    }
    for (const name of ['r.pdf', 'r.docx', 'r.doc', 'r.xlsx', 'r.xls', 'r.ppt', 'r.pptx']) {
      expect(precheckFile(file(name), { accept: 't-document' })).toBeNull();
    }
    expect(precheckFile(file('r.zip'), { accept: 't-document' })).toBe('文件格式不正确');
    expect(precheckFile(file('v.mp4'), { accept: 't-audio' })).toBe('文件格式不正确');
    expect(precheckFile(file('s.acc'), { accept: 't-audio' })).toBeNull();
  });

  it('refuses a name over 500 characters with 文件名不得超过 500 字符', () => {
    const stem = (length: number) => 'n'.repeat(length - 4);
    expect(precheckFile(file(`${stem(500)}.png`), { accept: 't-image' })).toBeNull();
    expect(precheckFile(file(`${stem(501)}.png`), { accept: 't-image' })).toBe('文件名不得超过 500 字符');
    expect(precheckFile(file(`${'图'.repeat(496)}.png`))).toBeNull();
    expect(precheckFile(file(`${'图'.repeat(497)}.png`))).toBe('文件名不得超过 500 字符');
  });

  it('checks in order: size, then extension, then name length', () => {
    const long = `${'n'.repeat(600)}.txt`;
    expect(precheckFile(file(long, UPLOAD_MAX_BYTES + 1), { accept: 't-image' })).toBe('文件大小超出限制');
    expect(precheckFile(file(long), { accept: 't-image' })).toBe('文件格式不正确');
    expect(precheckFile(file(long), { accept: 't-image,txt' })).toBe('文件名不得超过 500 字符');
  });

  it('refuses a selection that takes the list above the limit with 超出上传数量限制', () => {
    expect(precheckCount(0, 3, 3)).toBeNull();
    expect(precheckCount(1, 3, 3)).toBe('超出上传数量限制');
    expect(precheckCount(3, 1, 3)).toBe('超出上传数量限制');
    expect(precheckCount(50, 50, undefined)).toBeNull();
  });

  it('gives the file input the expanded extensions', () => {
    expect(acceptAttribute('t-image')).toBe('.jpg,.jpeg,.png,.gif,.bmp,.webp');
    expect(acceptAttribute('t-zip,pdf')).toBe('.zip,.rar,.pdf');
    expect(acceptAttribute(undefined)).toBeUndefined();
    expect(acceptAttribute('')).toBeUndefined();
  });
});
