import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '@/lib/http';
import { FakeCropper } from '@/testing/fake-cropper';
import { TestProviders } from '@/testing/TestProviders';
import { Uploader, type UploaderHandle, type UploaderProps } from './Uploader';
import { UploadApiContext, type UploadedFile, type UploadOptions } from './upload-api';

// cropperjs cannot run in happy-dom: it waits for the picture to load (happy-dom loads no images, so `ready` never
// comes), lays the crop box out from measured sizes (all 0 without layout) and crops through a 2D canvas (none).
// A third-party module, stood in for by the fake in src/testing; the dialog around it is the real one.
vi.mock('cropperjs', () => import('@/testing/fake-cropper'));

interface Call {
  file: Blob;
  name: string;
  options: UploadOptions;
  resolve(answer: UploadedFile): void;
  reject(error: unknown): void;
}

/** An upload function whose answers the test gives, one call at a time. */
function fakeUpload() {
  const calls: Call[] = [];
  const upload = vi.fn(
    (file: Blob, name: string, options: UploadOptions) =>
      new Promise<UploadedFile>((resolve, reject) => {
        calls.push({ file, name, options, resolve, reject });
      }),
  );
  return { upload, calls };
}

const answer = (name: string, n = 1): UploadedFile => ({
  id: `id-${n}`,
  name,
  url: `/api/file/raw/key${n}/${name}`,
  size: 3,
  contentType: 'application/octet-stream',
});

const pdf = (name: string, size = 3) => new File(['x'.repeat(size)], name, { type: 'application/pdf' });
const png = (name: string) => new File(['png'], name, { type: 'image/png' });

function renderUploader<T>(props: UploaderProps<T> = {}) {
  const fake = fakeUpload();
  const onChange = vi.fn();
  const ref = createRef<UploaderHandle>();
  const view = render(
    <TestProviders>
      <UploadApiContext value={fake.upload}>
        <Uploader<T> onChange={onChange} ref={ref} {...props} />
      </UploadApiContext>
    </TestProviders>,
  );
  // The chooser's filter is only a convenience: a file outside it must still meet the pre-check.
  const user = userEvent.setup({ applyAccept: false });
  // The widget renews its input after each selection: look it up each time.
  const fileInput = () => view.container.querySelector('input[type=file]') as HTMLInputElement;
  const choose = (...files: File[]) => user.upload(fileInput(), files);
  return { ...fake, onChange, ref, input: fileInput(), choose };
}

/** Each entry as 'status:name'. */
const entries = () =>
  screen
    .queryAllByRole('listitem')
    .map((item) => `${item.dataset.status}:${item.querySelector('[data-name]')?.textContent ?? ''}`);

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

// The cropper module is fetched on the first crop (a dynamic import in CropDialog): load it before the tests, so
// no test waits for it to be transformed (docs/testing.md).
beforeAll(() => import('./cropper'));

beforeEach(() => {
  FakeCropper.instances = [];
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Uploader', () => {
  it('shows a 点击上传 button and limits the chooser to the accepted extensions', () => {
    const { input } = renderUploader({ accept: 't-zip' });
    expect(screen.getByRole('button', { name: /点击上传/ })).toBeTruthy();
    expect(input.accept).toBe('.zip,.rar');
  });

  describe('pre-checks: a warning toast, nothing sent, no entry', () => {
    it.each([
      ['too large', { limitSize: 5 }, [pdf('big.pdf', 6)], '文件大小超出限制'],
      ['wrong type', { accept: 't-image' }, [pdf('notes.pdf')], '文件格式不正确'],
      ['upper-case extension outside the list', { accept: 't-zip' }, [pdf('A.PDF')], '文件格式不正确'],
      ['name too long', {}, [pdf(`${'n'.repeat(497)}.pdf`)], '文件名不得超过 500 字符'],
      ['too many', { limit: 1, multiple: true }, [pdf('a.pdf'), pdf('b.pdf')], '超出上传数量限制'],
    ] as const)('%s', async (_case, props, files, text) => {
      const { choose, upload } = renderUploader(props);
      await choose(...files);
      const toast = await screen.findByText(text);
      expect(toast.closest('.ant-message-notice-warning, .ant-message-warning')).not.toBeNull();
      expect(upload).not.toHaveBeenCalled();
      expect(entries()).toEqual([]);
    });

    it('accepts what a group names (t-document: word, excel, ppt, pdf)', async () => {
      const { choose, upload } = renderUploader({ accept: 't-document', multiple: true });
      await choose(pdf('a.DOCX'), pdf('b.xls'), pdf('c.pptx'), pdf('d.pdf'));
      await waitFor(() => expect(upload).toHaveBeenCalledTimes(4));
      expect(upload.mock.calls.map(([, name]) => name)).toEqual(['a.DOCX', 'b.xls', 'c.pptx', 'd.pdf']);
    });

    it('counts the entries already in the list', async () => {
      const { choose, upload, calls } = renderUploader({ limit: 2, multiple: true });
      await choose(pdf('a.pdf'));
      await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
      calls[0]?.resolve(answer('a.pdf'));
      await choose(pdf('b.pdf'), pdf('c.pdf'));
      expect(await screen.findByText('超出上传数量限制')).toBeTruthy();
      await choose(pdf('b.pdf'));
      await waitFor(() => expect(upload).toHaveBeenCalledTimes(2));
    });
  });

  it('sends the file under its name with the query, and reports progress as loaded / total', async () => {
    const onProgress = vi.fn();
    const { choose, calls } = renderUploader({ query: { ownerId: 'notice-1' }, onProgress });
    const file = pdf('report.pdf');
    await choose(file);
    await waitFor(() => expect(calls).toHaveLength(1));
    const call = calls[0] as Call;
    expect(call.name).toBe('report.pdf');
    expect(call.file).toBe(file);
    expect(call.options.query).toEqual({ ownerId: 'notice-1' });
    act(() => call.options.onUploadProgress?.({ loaded: 50, total: 200 }));
    const bar = within(screen.getByRole('listitem')).getByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect(onProgress).toHaveBeenLastCalledWith(25, expect.objectContaining({ name: 'report.pdf' }));
    act(() => call.options.onUploadProgress?.({ loaded: 200, total: 200 }));
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
  });

  describe('the bound list', () => {
    it('is passed on only when every entry has succeeded, through the transform', async () => {
      const transform = vi.fn((response: UploadedFile, item: { uid: string }) => ({
        url: response.url,
        uid: item.uid,
      }));
      const { choose, calls, onChange } = renderUploader({ multiple: true, transform });
      await choose(pdf('a.pdf'), pdf('b.pdf'));
      await waitFor(() => expect(calls).toHaveLength(2));
      expect(entries()).toEqual(['uploading:a.pdf', 'uploading:b.pdf']);

      await act(async () => calls[0]?.resolve(answer('a.pdf', 1)));
      expect(entries()).toEqual(['success:a.pdf', 'uploading:b.pdf']);
      expect(onChange).not.toHaveBeenCalled();

      await act(async () => calls[1]?.resolve(answer('b.pdf', 2)));
      expect(onChange).toHaveBeenCalledTimes(1);
      const [bound] = onChange.mock.calls[0] as [{ url: string; uid: string }[]];
      expect(bound.map((item) => item.url)).toEqual(['/api/file/raw/key1/a.pdf', '/api/file/raw/key2/b.pdf']);
      expect(new Set(bound.map((item) => item.uid)).size).toBe(2);
      expect(transform).toHaveBeenCalledTimes(2);
    });

    it('by default holds the answer plus uid and status', async () => {
      const { choose, calls, onChange } = renderUploader();
      await choose(pdf('a.pdf'));
      await waitFor(() => expect(calls).toHaveLength(1));
      await act(async () => calls[0]?.resolve(answer('a.pdf')));
      expect(onChange).toHaveBeenCalledWith([{ ...answer('a.pdf'), uid: expect.any(String), status: 'success' }]);
    });

    it('is not passed on after a failure; removing entries passes the remaining successful ones on', async () => {
      const onError = vi.fn();
      const { choose, calls, onChange } = renderUploader({ multiple: true, onError });
      await choose(pdf('a.pdf'), pdf('b.pdf'), pdf('c.pdf'));
      await waitFor(() => expect(calls).toHaveLength(3));
      await act(async () => {
        calls[0]?.resolve(answer('a.pdf', 1));
        calls[1]?.reject(new HttpError('bad-request', '文件内容与扩展名不符', 400));
        calls[2]?.resolve(answer('c.pdf', 3));
      });
      expect(entries()).toEqual(['success:a.pdf', 'error:b.pdf', 'success:c.pdf']);
      expect(screen.getByText('上传失败')).toBeTruthy();
      expect(onChange).not.toHaveBeenCalled();
      expect(onError).toHaveBeenCalledWith(expect.any(HttpError), expect.objectContaining({ status: 'error' }));

      fireEvent.click(screen.getByRole('button', { name: '删除 b.pdf' }));
      expect(onChange).toHaveBeenLastCalledWith([
        expect.objectContaining({ id: 'id-1' }),
        expect.objectContaining({ id: 'id-3' }),
      ]);
      fireEvent.click(screen.getByRole('button', { name: '删除 a.pdf' }));
      expect(onChange).toHaveBeenLastCalledWith([expect.objectContaining({ id: 'id-3' })]);
      expect(entries()).toEqual(['success:c.pdf']);
    });

    it('shows the values it is given and passes them on with new uploads', async () => {
      const held = [{ ...answer('old.pdf', 9), uid: 'old', status: 'success' as const }];
      const { choose, calls, onChange } = renderUploader({ value: held });
      expect(entries()).toEqual(['success:old.pdf']);
      await choose(pdf('new.pdf'));
      await waitFor(() => expect(calls).toHaveLength(1));
      await act(async () => calls[0]?.resolve(answer('new.pdf', 2)));
      expect(onChange).toHaveBeenLastCalledWith([held[0], expect.objectContaining({ id: 'id-2' })]);
    });
  });

  it('aborts an upload whose entry is removed, and when asked to', async () => {
    const { choose, calls, onChange, ref } = renderUploader({ multiple: true });
    await choose(pdf('a.pdf'), pdf('b.pdf'));
    await waitFor(() => expect(calls).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: '删除 a.pdf' }));
    expect(calls[0]?.options.signal?.aborted).toBe(true);
    expect(calls[1]?.options.signal?.aborted).toBe(false);
    act(() => ref.current?.abort());
    expect(calls[1]?.options.signal?.aborted).toBe(true);
    expect(entries()).toEqual([]);
    expect(onChange).toHaveBeenLastCalledWith([]);
  });

  it('shows the server refusal once (the http client toasts it), not a second toast', async () => {
    const { choose, calls } = renderUploader();
    await choose(pdf('a.pdf'));
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(async () => calls[0]?.reject(new HttpError('too-large', '文件过大', 413)));
    await settle();
    expect(screen.queryByText('上传失败', { selector: '.ant-message *' })).toBeNull();
    expect(entries()).toEqual(['error:a.pdf']);
  });

  describe('images', () => {
    function stubCompression() {
      vi.stubGlobal(
        'createImageBitmap',
        vi.fn(async () => ({ width: 2000, height: 1000, close: () => undefined })),
      );
      const jpeg = new Blob(['small'], { type: 'image/jpeg' });
      const createElement = document.createElement.bind(document);
      vi.spyOn(document, 'createElement').mockImplementation((tag: string) =>
        tag === 'canvas'
          ? ({
              width: 0,
              height: 0,
              getContext: () => ({ fillRect: () => undefined, drawImage: () => undefined }),
              toBlob: (done: (blob: Blob) => void) => done(jpeg),
            } as unknown as HTMLCanvasElement)
          : createElement(tag),
      );
      return jpeg;
    }

    it('are compressed by default and sent as JPEG with a .jpg name', async () => {
      const jpeg = stubCompression();
      const { choose, calls } = renderUploader({ accept: 't-image' });
      await choose(png('photo.png'));
      await waitFor(() => expect(calls).toHaveLength(1));
      expect(calls[0]?.file).toBe(jpeg);
      expect(calls[0]?.name).toBe('photo.png.jpg');
    });

    it('are sent as they are without compression; other files are never compressed', async () => {
      stubCompression();
      const { choose, calls } = renderUploader({ compress: false, multiple: true });
      const original = png('photo.png');
      await choose(original, pdf('a.pdf'));
      await waitFor(() => expect(calls).toHaveLength(2));
      expect(calls.map((call) => [call.file, call.name])).toEqual([
        [original, 'photo.png'],
        [expect.any(File), 'a.pdf'],
      ]);
    });

    it('go through the crop dialog when cropping is on: 确定 sends the cropped JPEG and closes it', async () => {
      const onSuccess = vi.fn();
      const { choose, calls, upload } = renderUploader({ accept: 't-image', crop: true, ratio: 2, onSuccess });
      await choose(png('face.PNG'));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText('图像剪裁')).toBeTruthy();
      expect(upload).not.toHaveBeenCalled();
      const ok = within(dialog).getByRole('button', { name: /确定/ }) as HTMLButtonElement;
      // The cropper library is fetched on the first crop; the buttons are enabled once it reports ready.
      await waitFor(() => expect(ok.disabled).toBe(false));
      expect(FakeCropper.last().options.aspectRatio).toBe(2);
      fireEvent.click(within(dialog).getByRole('button', { name: /右旋/ }));
      expect(FakeCropper.last().rotate).toHaveBeenCalledWith(90);
      await act(async () => fireEvent.click(ok));
      await waitFor(() => expect(calls).toHaveLength(1));
      expect(calls[0]?.file).toBe(FakeCropper.jpeg);
      expect(calls[0]?.name).toBe('face.PNG.jpg');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await act(async () => calls[0]?.resolve(answer('face.PNG.jpg')));
      expect(onSuccess).toHaveBeenCalledWith(answer('face.PNG.jpg'), expect.objectContaining({ status: 'success' }));
    });

    it('that cannot be decoded close the crop dialog with a warning and drop their entry', async () => {
      const { choose, upload } = renderUploader({ crop: true });
      await choose(png('broken.png'));
      await screen.findByRole('dialog');
      const cropper = await waitFor(() => FakeCropper.last());
      act(() => {
        cropper.element.dispatchEvent(new Event('error'));
      });
      expect(await screen.findByText('无法读取该图片，请换一张')).toBeTruthy();
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(entries()).toEqual([]);
      expect(upload).not.toHaveBeenCalled();
    });

    it("drop their entry on the crop dialog's 取消, uploading nothing", async () => {
      const { choose, upload } = renderUploader({ crop: true, cropRound: true });
      await choose(png('face.png'));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByTestId('crop-preview').style.borderRadius).toBe('50%');
      await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: /取\s*消/ })));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(entries()).toEqual([]);
      expect(upload).not.toHaveBeenCalled();
    });

    it('drop their entry when the crop dialog closes without a result', async () => {
      const { choose, upload, ref } = renderUploader({ crop: true });
      await choose(png('face.png'));
      await screen.findByRole('dialog');
      expect(entries()).toEqual(['uploading:face.png']);
      act(() => ref.current?.abort());
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(entries()).toEqual([]);
      expect(upload).not.toHaveBeenCalled();
    });
  });

  it('without an upload function warns in the console only', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const view = render(
      <TestProviders>
        <Uploader />
      </TestProviders>,
    );
    const input = view.container.querySelector('input[type=file]') as HTMLInputElement;
    await userEvent.setup().upload(input, pdf('a.pdf'));
    await waitFor(() => expect(warn).toHaveBeenCalled());
    await settle();
    expect(screen.queryByText('上传失败', { selector: '.ant-message *' })).toBeNull();
  });
});
