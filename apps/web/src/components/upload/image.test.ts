import { afterEach, describe, expect, it, vi } from 'vitest';
import { compressImage, fitWithin, isImage, jpgName } from './image';

describe('the .jpg name of a cropped or compressed picture', () => {
  it('appends .jpg to any other name', () => {
    expect(jpgName('photo.png')).toBe('photo.png.jpg');
    expect(jpgName('scan.webp')).toBe('scan.webp.jpg');
    expect(jpgName('noextension')).toBe('noextension.jpg');
    // JPEG bytes must not travel under a .png name (the server checks content against the extension).
    expect(jpgName('a.jpg.png')).toBe('a.jpg.png.jpg');
  });

  it('keeps a name already ending in .jpg or .jpeg, in any case', () => {
    expect(jpgName('photo.jpg')).toBe('photo.jpg');
    expect(jpgName('photo.jpeg')).toBe('photo.jpeg');
    expect(jpgName('PHOTO.JPG')).toBe('PHOTO.JPG');
    expect(jpgName('头像.Jpeg')).toBe('头像.Jpeg');
  });
});

describe('fitting within 1000×1000', () => {
  it('scales down keeping the aspect', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 1000, height: 750 });
    expect(fitWithin(1200, 800)).toEqual({ width: 1000, height: 667 });
    expect(fitWithin(800, 2400)).toEqual({ width: 333, height: 1000 });
    expect(fitWithin(3000, 3000, 500, 1000)).toEqual({ width: 500, height: 500 });
  });

  it('never enlarges', () => {
    expect(fitWithin(640, 480)).toEqual({ width: 640, height: 480 });
    expect(fitWithin(1000, 1000)).toEqual({ width: 1000, height: 1000 });
    expect(fitWithin(1, 5000)).toEqual({ width: 1, height: 1000 });
  });
});

describe('compressImage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('refuses a non-image with 非图片文件不支持压缩', async () => {
    const decode = vi.fn();
    vi.stubGlobal('createImageBitmap', decode);
    await expect(compressImage(new File(['%PDF'], 'a.pdf', { type: 'application/pdf' }))).rejects.toThrow(
      '非图片文件不支持压缩',
    );
    await expect(compressImage(new Blob(['x']))).rejects.toThrow('非图片文件不支持压缩');
    expect(decode).not.toHaveBeenCalled();
    expect(isImage(new Blob([], { type: 'image/png' }))).toBe(true);
  });

  it('decodes upright (EXIF orientation), draws within 1000×1000 and encodes JPEG', async () => {
    const bitmap = { width: 3000, height: 4000, close: vi.fn() };
    const decode = vi.fn(async () => bitmap);
    vi.stubGlobal('createImageBitmap', decode);
    const drawn: unknown[][] = [];
    const context = {
      fillStyle: '',
      imageSmoothingQuality: 'low',
      fillRect: vi.fn(),
      drawImage: (...args: unknown[]) => drawn.push(args),
    };
    const jpeg = new Blob(['jpeg'], { type: 'image/jpeg' });
    const canvas = {
      width: 0,
      height: 0,
      getContext: () => context,
      toBlob: vi.fn((done: (blob: Blob) => void, type: string) => done(type === 'image/jpeg' ? jpeg : new Blob())),
    };
    const createElement = document.createElement.bind(document);
    vi.spyOn(document, 'createElement').mockImplementation((tag: string) =>
      tag === 'canvas' ? (canvas as unknown as HTMLCanvasElement) : createElement(tag),
    );
    const source = new File(['png'], 'p.png', { type: 'image/png' });

    expect(await compressImage(source)).toBe(jpeg);
    expect(decode).toHaveBeenCalledWith(source, { imageOrientation: 'from-image' });
    expect([canvas.width, canvas.height]).toEqual([750, 1000]);
    expect(drawn).toEqual([[bitmap, 0, 0, 750, 1000]]);
    expect(canvas.toBlob).toHaveBeenCalledWith(expect.any(Function), 'image/jpeg');
    expect(context.fillStyle).toBe('#fff');
    expect(bitmap.close).toHaveBeenCalled();
    vi.restoreAllMocks();
  });
});
