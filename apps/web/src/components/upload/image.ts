import { t } from '@/lib/i18n';

/** Crop output and compression bounds (reference UI §4). */
export const IMAGE_MAX_WIDTH = 1000;
export const IMAGE_MAX_HEIGHT = 1000;

/** Only images (MIME type image/…) are cropped or compressed. */
export const isImage = (file: Blob): boolean => file.type.startsWith('image/');

/**
 * The name a cropped or compressed image (JPEG bytes) is sent under: '.jpg' appended unless the name already ends
 * in .jpg or .jpeg (any case). The original kept any name merely containing '.jpg'; 'a.jpg.png' would then carry
 * JPEG bytes under a .png name, which the server refuses as content not matching the extension.
 */
export function jpgName(name: string): string {
  return /\.jpe?g$/i.test(name) ? name : `${name}.jpg`;
}

/** Width and height scaled to fit within max (aspect kept), never enlarged; at least 1×1. */
export function fitWithin(
  width: number,
  height: number,
  maxWidth = IMAGE_MAX_WIDTH,
  maxHeight = IMAGE_MAX_HEIGHT,
): { width: number; height: number } {
  const scale = Math.min(1, maxWidth / width, maxHeight / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** A canvas as JPEG; browsers' default quality. */
export function canvasToJpeg(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('canvas.toBlob gave no image'))), 'image/jpeg');
  });
}

export interface CompressOptions {
  maxWidth?: number;
  maxHeight?: number;
}

/**
 * Compression (specification §5, reference UI §4): the picture turned upright by its EXIF orientation, scaled to
 * fit within 1000×1000 (aspect kept, never enlarged) and re-encoded as JPEG on a white ground (transparent
 * pixels would otherwise turn black). A non-image is refused with '非图片文件不支持压缩'.
 */
export async function compressImage(file: Blob, options: CompressOptions = {}): Promise<Blob> {
  if (!isImage(file)) throw new Error(t('files.notImage'));
  // 'from-image' applies the EXIF orientation, so width and height are those of the upright picture.
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const { width, height } = fitWithin(
      bitmap.width,
      bitmap.height,
      options.maxWidth ?? IMAGE_MAX_WIDTH,
      options.maxHeight ?? IMAGE_MAX_HEIGHT,
    );
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas context');
    context.fillStyle = '#fff';
    context.fillRect(0, 0, width, height);
    context.imageSmoothingQuality = 'medium';
    context.drawImage(bitmap, 0, 0, width, height);
    return await canvasToJpeg(canvas);
  } finally {
    bitmap.close();
  }
}
