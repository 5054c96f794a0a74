/** Content type served for each accepted extension. */
export const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  bmp: 'image/bmp',
  webp: 'image/webp',
  mp4: 'video/mp4',
  rmvb: 'application/vnd.rn-realmedia-vbr',
  avi: 'video/x-msvideo',
  mov: 'video/quicktime',
  '3gp': 'video/3gpp',
  webm: 'video/webm',
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  acc: 'audio/aac',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  ppt: 'application/vnd.ms-powerpoint',
  pdf: 'application/pdf',
  zip: 'application/zip',
  rar: 'application/vnd.rar',
};

export const IMAGE_EXTENSIONS = new Set(['jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp']);

const ascii = (head: Buffer, offset: number, text: string) =>
  head.length >= offset + text.length && head.subarray(offset, offset + text.length).toString('latin1') === text;
const bytes = (head: Buffer, offset: number, values: number[]) =>
  head.length >= offset + values.length && values.every((v, i) => head[offset + i] === v);

const ZIP = (h: Buffer) => bytes(h, 0, [0x50, 0x4b, 0x03, 0x04]) || bytes(h, 0, [0x50, 0x4b, 0x05, 0x06]);
const OLE = (h: Buffer) => bytes(h, 0, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const FTYP = (h: Buffer) => ascii(h, 4, 'ftyp');
const MPEG_AUDIO = (h: Buffer) => ascii(h, 0, 'ID3') || (h[0] === 0xff && ((h[1] ?? 0) & 0xe0) === 0xe0);

/**
 * The file signature each extension must start with (its "magic number"). A `.png` that is really an
 * executable, a script or an HTML page is refused before it is stored under that name.
 */
const SIGNATURES: Record<string, (head: Buffer) => boolean> = {
  jpg: (h) => bytes(h, 0, [0xff, 0xd8, 0xff]),
  jpeg: (h) => bytes(h, 0, [0xff, 0xd8, 0xff]),
  png: (h) => bytes(h, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  gif: (h) => ascii(h, 0, 'GIF87a') || ascii(h, 0, 'GIF89a'),
  bmp: (h) => ascii(h, 0, 'BM'),
  webp: (h) => ascii(h, 0, 'RIFF') && ascii(h, 8, 'WEBP'),
  mp4: FTYP,
  mov: (h) => FTYP(h) || ascii(h, 4, 'moov') || ascii(h, 4, 'mdat') || ascii(h, 4, 'wide'),
  '3gp': FTYP,
  webm: (h) => bytes(h, 0, [0x1a, 0x45, 0xdf, 0xa3]),
  avi: (h) => ascii(h, 0, 'RIFF') && ascii(h, 8, 'AVI '),
  rmvb: (h) => ascii(h, 0, '.RMF'),
  wav: (h) => ascii(h, 0, 'RIFF') && ascii(h, 8, 'WAVE'),
  mp3: MPEG_AUDIO,
  ogg: (h) => ascii(h, 0, 'OggS'),
  acc: (h) => ascii(h, 0, 'ID3') || (h[0] === 0xff && ((h[1] ?? 0) & 0xf6) === 0xf0),
  docx: ZIP,
  xlsx: ZIP,
  pptx: ZIP,
  zip: ZIP,
  doc: OLE,
  xls: OLE,
  ppt: OLE,
  pdf: (h) => ascii(h, 0, '%PDF-'),
  rar: (h) => ascii(h, 0, 'Rar!\x1a\x07'),
};

/** Whether the first bytes fit the extension. */
export function contentMatches(ext: string, head: Buffer): boolean {
  const check = SIGNATURES[ext];
  return check ? check(head) : false;
}

/** Types a browser shows in place without running anything; everything else is sent as an attachment. */
export function servedInline(contentType: string): boolean {
  return /^(image|audio|video)\//.test(contentType);
}
