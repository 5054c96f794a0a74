import {
  RotateLeftOutlined,
  RotateRightOutlined,
  ScissorOutlined,
  SwapOutlined,
  UndoOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { Button, Flex, Modal, Space, Typography } from 'antd';
import type Cropper from 'cropperjs';
import { useEffect, useRef, useState } from 'react';
import { t } from '@/lib/i18n';
import { canvasToJpeg, IMAGE_MAX_HEIGHT, IMAGE_MAX_WIDTH } from './image';

export interface CropDialogProps {
  /** The image to crop; the dialog is open while it is set. */
  file: Blob | null;
  /** Width / height of the crop box; default 1 (square). */
  ratio?: number;
  /** 确定: the cropped picture as JPEG (at most 1000×1000). The owner then clears `file`. */
  onCropped(blob: Blob): void;
  /** The picture cannot be decoded (e.g. not an image after all): without it the dialog would have no way out. */
  onUnreadable?(): void;
  /** 取消: nothing is uploaded. The owner then clears `file`. */
  onCancel?(): void;
  /** The preview is round (an avatar, shown in a circle everywhere); else it has the crop box's shape. */
  round?: boolean;
}

/** How much one 放大 / 缩小 changes the picture's scale (cropperjs' relative zoom). */
export const ZOOM_STEP = 0.1;

/** Options of the cropper (reference UI §4): exported for the tests. */
export const cropperOptions = (ratio: number): Cropper.Options => ({
  viewMode: 1,
  // Neither dragging the picture nor zooming it with the wheel or a pinch: only the crop box moves.
  dragMode: 'none',
  movable: false,
  zoomOnWheel: false,
  zoomOnTouch: false,
  aspectRatio: ratio,
  autoCropArea: 1,
  // cropperjs would read the picture again through XMLHttpRequest for its EXIF orientation, which the CSP's
  // connect-src refuses for a blob: URL; browsers turn the picture by its EXIF orientation themselves.
  checkOrientation: false,
});

/** What 确定 exports: bounded by 0×0 and 1000×1000, medium smoothing, white behind transparent pixels. */
export const CROPPED_CANVAS_OPTIONS: Cropper.GetCroppedCanvasOptions = {
  minWidth: 0,
  minHeight: 0,
  maxWidth: IMAGE_MAX_WIDTH,
  maxHeight: IMAGE_MAX_HEIGHT,
  fillColor: '#fff',
  imageSmoothingEnabled: true,
  imageSmoothingQuality: 'medium',
};

/**
 * After a quarter turn the picture's bounding box changes shape and cropperjs keeps its scale, so a landscape
 * picture turned upright would overflow the area. This fits the turned picture into the area, centred, with the
 * largest crop box of the ratio centred inside it. View mode 1 keeps the crop box inside the picture and the
 * picture around the crop box, so the box is centred first, then the picture, then the box again (it may have
 * been held inside the picture's old bounds).
 */
export function fitToArea(cropper: Cropper, ratio: number) {
  const area = cropper.getContainerData();
  const canvas = cropper.getCanvasData();
  const scale = Math.min(area.width / canvas.width, area.height / canvas.height);
  const width = canvas.width * scale;
  const height = canvas.height * scale;
  let boxWidth = width;
  let boxHeight = boxWidth / ratio;
  if (boxHeight > height) {
    boxHeight = height;
    boxWidth = boxHeight * ratio;
  }
  const box = {
    left: (area.width - boxWidth) / 2,
    top: (area.height - boxHeight) / 2,
    width: boxWidth,
    height: boxHeight,
  };
  cropper.setCropBoxData(box);
  cropper.setCanvasData({ left: (area.width - width) / 2, top: (area.height - height) / 2, width });
  cropper.setCropBoxData(box);
}

/**
 * '图像剪裁' (specification §2): cannot be closed by clicking outside, by Escape or by a close button; 确定 hands over
 * the cropped JPEG, and 取消 (where the owner takes it) leaves without uploading. 放大 / 缩小 scale the
 * picture under the crop box; a live preview shows the result (round for an avatar).
 */
export function CropDialog({ file, ratio = 1, onCropped, onUnreadable, onCancel, round }: CropDialogProps) {
  const unreadable = useRef(onUnreadable);
  unreadable.current = onUnreadable;
  const cropper = useRef<Cropper | null>(null);
  const [ready, setReady] = useState(false);
  const [exporting, setExporting] = useState(false);

  // The mirror buttons act on the picture as it is seen: after a quarter turn the picture's own x axis runs
  // vertically, so a horizontal mirror then flips its y axis.
  const flip = (direction: 'horizontal' | 'vertical') => {
    const current = cropper.current;
    if (!current) return;
    const { rotate, scaleX, scaleY } = current.getData();
    const quarterTurned = Math.abs(Math.round(rotate / 90)) % 2 === 1;
    if ((direction === 'horizontal') !== quarterTurned) current.scaleX(-scaleX || -1);
    else current.scaleY(-scaleY || -1);
  };

  const rotate = (degree: number) => {
    const current = cropper.current;
    if (!current) return;
    current.rotate(degree);
    fitToArea(current, ratio);
  };

  const confirm = async () => {
    const current = cropper.current;
    if (!current) return;
    setExporting(true);
    try {
      onCropped(await canvasToJpeg(current.getCroppedCanvas(CROPPED_CANVAS_OPTIONS)));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Modal
      title={t('files.cropTitle')}
      open={file !== null}
      width={900}
      style={{ top: '10vh' }}
      closable={false}
      keyboard={false}
      mask={{ closable: false }}
      destroyOnHidden
      footer={
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Space wrap>
            <Button icon={<RotateLeftOutlined />} disabled={!ready} onClick={() => rotate(-90)}>
              {t('files.rotateLeft')}
            </Button>
            <Button icon={<RotateRightOutlined />} disabled={!ready} onClick={() => rotate(90)}>
              {t('files.rotateRight')}
            </Button>
            <Button icon={<SwapOutlined />} disabled={!ready} onClick={() => flip('horizontal')}>
              {t('files.flipHorizontal')}
            </Button>
            <Button icon={<SwapOutlined rotate={90} />} disabled={!ready} onClick={() => flip('vertical')}>
              {t('files.flipVertical')}
            </Button>
            <Button icon={<ZoomInOutlined />} disabled={!ready} onClick={() => cropper.current?.zoom(ZOOM_STEP)}>
              {t('files.zoomIn')}
            </Button>
            <Button icon={<ZoomOutOutlined />} disabled={!ready} onClick={() => cropper.current?.zoom(-ZOOM_STEP)}>
              {t('files.zoomOut')}
            </Button>
            <Button icon={<UndoOutlined />} disabled={!ready} onClick={() => cropper.current?.reset()}>
              {t('files.reset')}
            </Button>
          </Space>
          {/* Right-aligned, also when a narrow window wraps the footer. */}
          <Space style={{ marginInlineStart: 'auto' }}>
            {onCancel && (
              <Button disabled={exporting} onClick={onCancel}>
                {t('common.cancel')}
              </Button>
            )}
            <Button type="primary" icon={<ScissorOutlined />} disabled={!ready} loading={exporting} onClick={confirm}>
              {t('files.confirm')}
            </Button>
          </Space>
        </Flex>
      }
    >
      {file && (
        <CropArea
          key={objectKey(file)}
          file={file}
          ratio={ratio}
          round={round ?? false}
          cropper={cropper}
          onReady={setReady}
          onUnreadable={() => unreadable.current?.()}
        />
      )}
    </Modal>
  );
}

/** Each image gets a fresh crop area (and cropper); a WeakMap numbers the blobs. */
const keys = new WeakMap<Blob, number>();
let lastKey = 0;
function objectKey(file: Blob): number {
  let key = keys.get(file);
  if (key === undefined) {
    lastKey += 1;
    key = lastKey;
    keys.set(file, key);
  }
  return key;
}

interface CropAreaProps {
  file: Blob;
  ratio: number;
  round: boolean;
  cropper: { current: Cropper | null };
  onReady(ready: boolean): void;
  onUnreadable(): void;
}

/** Edge of the preview (px). */
const PREVIEW_SIZE = 96;

/**
 * 50vh high, at least 500 px: the picture in a cropper, set up once the element is in the page, and beside it the
 * live preview of what 确定 gives (cropperjs draws it).
 */
function CropArea({ file, ratio, round, cropper, onReady, onUnreadable }: CropAreaProps) {
  const failed = useRef(onUnreadable);
  failed.current = onUnreadable;
  const image = useRef<HTMLImageElement>(null);
  const preview = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = image.current;
    if (!element) return undefined;
    const url = URL.createObjectURL(file);
    const onError = () => failed.current();
    element.addEventListener('error', onError);
    element.src = url;
    // The cropper library is fetched on the first crop (./cropper); until it is up the buttons stay disabled.
    let instance: Cropper | null = null;
    let cancelled = false;
    import('./cropper').then(
      ({ default: CropperClass }) => {
        if (cancelled) return;
        instance = new CropperClass(element, {
          ...cropperOptions(ratio),
          ...(preview.current ? { preview: preview.current } : {}),
          ready: () => onReady(true),
        });
        cropper.current = instance;
      },
      // Not fetched (offline): the dialog has no other way out, as with a picture that cannot be decoded.
      () => {
        if (!cancelled) failed.current();
      },
    );
    return () => {
      cancelled = true;
      element.removeEventListener('error', onError);
      instance?.destroy();
      URL.revokeObjectURL(url);
      if (instance && cropper.current === instance) cropper.current = null;
      onReady(false);
    };
  }, [file, ratio, cropper, onReady]);

  return (
    <Flex gap={16} align="flex-start">
      <div style={{ flex: 1, minWidth: 0, height: '50vh', minHeight: 500 }} data-testid="crop-area">
        <img ref={image} alt={t('files.cropTitle')} style={{ display: 'block', maxWidth: '100%' }} />
      </div>
      <Flex vertical align="center" gap={8} style={{ flex: 'none' }}>
        <div
          ref={preview}
          data-testid="crop-preview"
          aria-hidden
          style={{
            width: PREVIEW_SIZE,
            height: PREVIEW_SIZE / ratio,
            overflow: 'hidden',
            borderRadius: round ? '50%' : 4,
            border: '1px solid rgba(128, 128, 128, 0.35)',
          }}
        />
        <Typography.Text type="secondary">{t('files.preview')}</Typography.Text>
      </Flex>
    </Flex>
  );
}
