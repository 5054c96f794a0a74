import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeCropper } from '@/testing/fake-cropper';
import { TestProviders } from '@/testing/TestProviders';
import { CropDialog } from './CropDialog';

// cropperjs cannot run in happy-dom: it waits for the picture to load (happy-dom loads no images, so `ready` never
// comes), lays the crop box out from measured sizes (all 0 without layout) and crops through a 2D canvas (none).
// A third-party module, stood in for by the fake in src/testing; the dialog around it is the real one.
vi.mock('cropperjs', () => import('@/testing/fake-cropper'));

const picture = new File(['png'], 'a.png', { type: 'image/png' });

async function open(ratio?: number, extra: { onCancel?: () => void; round?: boolean } = {}) {
  const onCropped = vi.fn();
  render(
    <TestProviders>
      <CropDialog file={picture} ratio={ratio} onCropped={onCropped} {...extra} />
    </TestProviders>,
  );
  const dialog = await screen.findByRole('dialog');
  // Buttons are enabled once the cropper reports ready.
  await waitFor(() =>
    expect((within(dialog).getByRole('button', { name: /确定/ }) as HTMLButtonElement).disabled).toBe(false),
  );
  return { dialog, onCropped, cropper: FakeCropper.last() };
}

const click = (dialog: HTMLElement, name: string) =>
  act(async () => {
    fireEvent.click(within(dialog).getByRole('button', { name: new RegExp(name) }));
  });

// The cropper module is fetched on the first crop (a dynamic import in CropDialog): load it before the tests, so
// no test waits for it to be transformed (docs/testing.md).
beforeAll(() => import('./cropper'));

beforeEach(() => {
  FakeCropper.instances = [];
});

describe('CropDialog (图像剪裁)', () => {
  it('has the title, the eight buttons and no close button; Escape does not close it', async () => {
    const { dialog } = await open();
    expect(within(dialog).getByText('图像剪裁')).toBeTruthy();
    const names = within(dialog)
      .getAllByRole('button')
      .map((button) => button.textContent?.trim());
    // No 取消 where the owner takes none.
    expect(names).toEqual(['左旋', '右旋', '水平镜像', '垂直镜像', '放大', '缩小', '重置', '确定']);
    expect(document.querySelector('.ant-modal-close')).toBeNull();
    expect(within(dialog).getByRole('button', { name: /确定/ }).classList.contains('ant-btn-primary')).toBe(true);
    fireEvent.keyDown(dialog, { key: 'Escape', code: 'Escape', keyCode: 27 });
    fireEvent.keyDown(document.body, { key: 'Escape', code: 'Escape', keyCode: 27 });
    // antd's dialogs take Escape in a keydown listener on window and close from it: by now a dialog that Escape
    // closes has been told to (no wait needed).
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(document.querySelector('.ant-modal-wrap')?.getAttribute('style') ?? '').not.toContain('display: none');
    // Crop area: 50vh high, at least 500 px.
    const area = within(dialog).getByTestId('crop-area');
    expect(area.style.height).toBe('50vh');
    expect(area.style.minHeight).toBe('500px');
  });

  it('sets the cropper up: view mode 1, no dragging or zooming of the picture, aspect = ratio (default 1)', async () => {
    const { cropper } = await open();
    expect(cropper.options).toMatchObject({
      viewMode: 1,
      dragMode: 'none',
      movable: false,
      zoomOnWheel: false,
      zoomOnTouch: false,
      aspectRatio: 1,
    });
    expect(cropper.element.tagName).toBe('IMG');
  });

  it('reads no picture through XMLHttpRequest (the CSP refuses blob: there): the browser turns it by its EXIF', async () => {
    const { cropper } = await open();
    expect(cropper.options.checkOrientation).toBe(false);
  });

  it('放大 and 缩小 scale the picture under the crop box', async () => {
    const { dialog, cropper } = await open();
    await click(dialog, '放大');
    await click(dialog, '缩小');
    expect(cropper.zoom.mock.calls).toEqual([[0.1], [-0.1]]);
  });

  it('取消 leaves without a picture, where the owner takes it', async () => {
    const onCancel = vi.fn();
    const { dialog, onCropped } = await open(1, { onCancel });
    expect(within(dialog).getAllByRole('button').at(-2)?.textContent?.trim()).toBe('取消');
    await click(dialog, '取消');
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onCropped).not.toHaveBeenCalled();
  });

  it("previews the crop live: round for an avatar, the crop box's shape otherwise", async () => {
    const round = await open(1, { round: true });
    const preview = within(round.dialog).getByTestId('crop-preview');
    expect(round.cropper.options.preview).toBe(preview);
    expect(preview.style.borderRadius).toBe('50%');
    expect(within(round.dialog).getByText('预览')).toBeTruthy();
  });

  it('previews a wide crop in its own shape', async () => {
    const wide = await open(2);
    const preview = within(wide.dialog).getByTestId('crop-preview');
    expect(preview.style.borderRadius).toBe('4px');
    expect(preview.style.height).toBe('48px');
  });

  it('passes a custom ratio on', async () => {
    const { cropper } = await open(16 / 9);
    expect(cropper.options.aspectRatio).toBeCloseTo(16 / 9);
  });

  it('rotates by quarter turns, mirrors as seen on screen, and resets', async () => {
    const { dialog, cropper } = await open();
    await click(dialog, '左旋');
    expect(cropper.rotate).toHaveBeenLastCalledWith(-90);
    await click(dialog, '右旋');
    expect(cropper.rotate).toHaveBeenLastCalledWith(90);
    await click(dialog, '水平镜像');
    expect(cropper.scaleX).toHaveBeenLastCalledWith(-1);
    await click(dialog, '垂直镜像');
    expect(cropper.scaleY).toHaveBeenLastCalledWith(-1);
    await click(dialog, '重置');
    expect(cropper.reset).toHaveBeenCalled();
    // After a quarter turn the picture's x axis runs vertically: a horizontal mirror flips its y axis.
    await click(dialog, '右旋');
    cropper.scaleX.mockClear();
    await click(dialog, '水平镜像');
    expect(cropper.scaleY).toHaveBeenLastCalledWith(-1);
    expect(cropper.scaleX).not.toHaveBeenCalled();
  });

  it('fits a turned picture into the area, centred, with the largest crop box of the ratio', async () => {
    const { dialog, cropper } = await open();
    // 600×400 in a 600×500 area; turned it is 400×600, fitted 333⅓×500.
    await click(dialog, '右旋');
    const third = 1000 / 3;
    expect(cropper.canvas.height).toBeCloseTo(500);
    expect(cropper.canvas.width).toBeCloseTo(third);
    expect(cropper.canvas.left).toBeCloseTo((600 - third) / 2);
    expect(cropper.canvas.top).toBeCloseTo(0);
    expect(cropper.cropBox).toEqual({
      left: expect.closeTo((600 - third) / 2),
      top: expect.closeTo((500 - third) / 2),
      width: expect.closeTo(third),
      height: expect.closeTo(third),
    });
    // Turned back: landscape again, 600×400 centred, the box 400 square in its middle.
    await click(dialog, '左旋');
    expect(cropper.canvas).toMatchObject({
      left: expect.closeTo(0),
      top: expect.closeTo(50),
      width: expect.closeTo(600),
      height: expect.closeTo(400),
    });
    expect(cropper.cropBox).toEqual({
      left: expect.closeTo(100),
      top: expect.closeTo(50),
      width: expect.closeTo(400),
      height: expect.closeTo(400),
    });
  });

  it('确定 exports at most 1000×1000 with medium smoothing and hands over a JPEG', async () => {
    const { dialog, cropper, onCropped } = await open();
    await click(dialog, '确定');
    expect(cropper.getCroppedCanvas).toHaveBeenCalledWith(
      expect.objectContaining({
        minWidth: 0,
        minHeight: 0,
        maxWidth: 1000,
        maxHeight: 1000,
        imageSmoothingQuality: 'medium',
      }),
    );
    await waitFor(() => expect(onCropped).toHaveBeenCalledWith(FakeCropper.jpeg));
    expect(onCropped.mock.calls[0]?.[0].type).toBe('image/jpeg');
  });
});
