import type Cropper from 'cropperjs';
import { vi } from 'vitest';

/**
 * A stand-in for cropperjs in component tests (happy-dom draws nothing): records its options and calls, reports
 * ready at once, tracks rotation and mirroring like the real one, and exports a canvas whose JPEG is a small
 * blob. Tests mock the module with `vi.mock('cropperjs', () => import('@/testing/fake-cropper'))`: the real one
 * cannot run in happy-dom (no image loading, no layout, no canvas).
 */
export class FakeCropper {
  static instances: FakeCropper[] = [];
  static readonly jpeg = new Blob(['cropped'], { type: 'image/jpeg' });
  readonly data = { x: 0, y: 0, width: 100, height: 100, rotate: 0, scaleX: 1, scaleY: 1 };

  constructor(
    readonly element: HTMLImageElement,
    readonly options: Cropper.Options,
  ) {
    FakeCropper.instances.push(this);
    queueMicrotask(() =>
      options.ready?.(new CustomEvent('ready') as Parameters<NonNullable<Cropper.Options['ready']>>[0]),
    );
  }

  rotate = vi.fn((degree: number) => {
    this.data.rotate += degree;
    if (Math.abs(degree) % 180 === 90) {
      const { left, top, width, height } = this.canvas;
      Object.assign(this.canvas, {
        width: height,
        height: width,
        left: left + (width - height) / 2,
        top: top + (height - width) / 2,
      });
    }
  });
  scaleX = vi.fn((scale: number) => {
    this.data.scaleX = scale;
  });
  scaleY = vi.fn((scale: number) => {
    this.data.scaleY = scale;
  });
  reset = vi.fn(() => {
    Object.assign(this.data, { rotate: 0, scaleX: 1, scaleY: 1 });
  });
  zoom = vi.fn();
  destroy = vi.fn();
  // A 1200×800 picture fitted into a 600×500 area, with the largest square crop box centred on it.
  canvas = { left: 0, top: 50, width: 600, height: 400, naturalWidth: 1200, naturalHeight: 800 };
  cropBox = { left: 100, top: 50, width: 400, height: 400 };
  getContainerData = () => ({ width: 600, height: 500 });
  getCanvasData = () => ({ ...this.canvas });
  // View mode 1: the picture always holds the crop box, and the crop box stays inside the picture.
  setCanvasData = vi.fn((data: Cropper.SetCanvasDataOptions) => {
    const ratio = this.canvas.width / this.canvas.height;
    Object.assign(this.canvas, data);
    if (data.width !== undefined) this.canvas.height = data.width / ratio;
    const { canvas, cropBox } = this;
    canvas.left = Math.max(Math.min(canvas.left, cropBox.left), cropBox.left + cropBox.width - canvas.width);
    canvas.top = Math.max(Math.min(canvas.top, cropBox.top), cropBox.top + cropBox.height - canvas.height);
  });
  setCropBoxData = vi.fn((data: Cropper.SetCropBoxDataOptions) => {
    const { canvas, cropBox } = this;
    Object.assign(cropBox, data);
    cropBox.width = Math.min(cropBox.width, canvas.width);
    cropBox.height = Math.min(cropBox.height, canvas.height);
    cropBox.left = Math.min(Math.max(cropBox.left, canvas.left), canvas.left + canvas.width - cropBox.width);
    cropBox.top = Math.min(Math.max(cropBox.top, canvas.top), canvas.top + canvas.height - cropBox.height);
  });
  getData = () => ({ ...this.data });
  getCroppedCanvas = vi.fn(
    (_options?: Cropper.GetCroppedCanvasOptions) =>
      ({
        toBlob: (done: (blob: Blob | null) => void, type?: string) =>
          done(type === 'image/jpeg' ? FakeCropper.jpeg : new Blob(['png'], { type: 'image/png' })),
      }) as unknown as HTMLCanvasElement,
  );

  static last(): FakeCropper {
    const last = FakeCropper.instances.at(-1);
    if (!last) throw new Error('no cropper was created');
    return last;
  }
}

export default FakeCropper;
