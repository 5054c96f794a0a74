import { DeleteOutlined, LoadingOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Flex, Progress, Typography } from 'antd';
import {
  type ChangeEvent,
  type ReactNode,
  type Ref,
  useCallback,
  useEffect,
  useId,
  useImperativeHandle,
  useRef,
  useState,
} from 'react';
import { HttpError, isCancelled } from '@/lib/http';
import { t } from '@/lib/i18n';
import { CropDialog } from './CropDialog';
import { acceptAttribute, precheckCount, precheckFile, type UploadRules } from './checks';
import {
  boundListAfterChange,
  boundListAfterRemove,
  defaultTransform,
  itemFromValue,
  type UploadedItem,
  type UploadItem,
  type UploadTransform,
} from './file-list';
import { compressImage, isImage, jpgName } from './image';
import { NoUploaderError, progressPercent, type UploadedFile, type UploadFn, useUploadFn } from './upload-api';

export interface UploaderHandle {
  /** Stops the upload of one entry (by uid) or of every entry; stopped entries leave the list. */
  abort(uid?: string): void;
  /** Stops every upload and empties the list (the bound list is left as it is). */
  clearFiles(): void;
}

export interface UploaderProps<T = UploadedItem> extends UploadRules {
  /** The bound list: what has been uploaded (shown as finished entries). */
  value?: readonly T[];
  /** Receives the bound list: after a change only when every entry has succeeded; after a removal, the rest. */
  onChange?(value: T[]): void;
  /** Turns the server's answer into the stored item; default: the answer plus uid and status. */
  transform?: UploadTransform<T>;
  /** At most this many entries in the list ('超出上传数量限制'). */
  limit?: number;
  multiple?: boolean;
  /** Images go through the crop dialog ('图像剪裁') first; replaces compression. */
  crop?: boolean;
  /** Crop box width / height; default 1. */
  ratio?: number;
  /** The crop dialog's preview is round (an avatar). */
  cropRound?: boolean;
  /** Images (when not cropped) are shrunk to fit 1000×1000 and sent as JPEG; default on. */
  compress?: boolean;
  /** Default on; screens that show the result themselves (an avatar) turn it off. */
  showFileList?: boolean;
  /** Sent with each upload, e.g. `{ ownerId }`. */
  query?: Record<string, string>;
  /** Overrides the upload function of the UploadApiContext. */
  upload?: UploadFn;
  disabled?: boolean;
  onSuccess?(response: UploadedFile, item: UploadItem): void;
  onError?(error: unknown, item: UploadItem): void;
  onProgress?(percent: number, item: UploadItem): void;
  /** The trigger; default a button '点击上传'. */
  children?: ReactNode;
  /** Accessible name of a custom trigger. */
  'aria-label'?: string;
  /** Shown under the trigger. */
  tip?: ReactNode;
  ref?: Ref<UploaderHandle>;
}

interface PendingCrop {
  uid: string;
  file: Blob;
  resolve(blob: Blob | null): void;
}

/** What a failed upload does not toast again: the http client has told the user, or the failure is silent. */
const alreadyReported = (error: unknown) => error instanceof HttpError || error instanceof NoUploaderError;

/**
 * The upload widget (specification §2, reference UI §4): pre-checks each chosen file (size, type, name length,
 * count) with a warning toast, crops (dialog) or compresses images, uploads with progress and abort, and keeps
 * a list of entries whose successful answers make up the bound list.
 */
export function Uploader<T = UploadedItem>(props: UploaderProps<T>) {
  const {
    value,
    accept,
    limitSize,
    limit,
    multiple,
    crop = false,
    ratio = 1,
    cropRound,
    compress = true,
    showFileList = true,
    disabled,
    children,
    tip,
    ref,
    'aria-label': ariaLabel,
  } = props;
  const { message } = App.useApp();
  const contextUpload = useUploadFn();
  // Callbacks run long after the render that started them: they read the latest props through this ref.
  const latest = useRef(props);
  latest.current = props;
  const uploadFn = props.upload ?? contextUpload;
  const latestUpload = useRef(uploadFn);
  latestUpload.current = uploadFn;

  const [items, setItems] = useState<UploadItem[]>(() => (value ?? []).map(itemFromValue));
  const list = useRef(items);
  const lastEmitted = useRef(value);
  const controllers = useRef(new Map<string, AbortController>());
  const [crops, setCrops] = useState<PendingCrop[]>([]);
  const pendingCrops = useRef<PendingCrop[]>([]);
  const mounted = useRef(true);
  const idPrefix = useId();
  const nextUid = useRef(0);

  const transform = useCallback(
    (response: UploadedFile, item: UploadItem): T =>
      (latest.current.transform ?? (defaultTransform as unknown as UploadTransform<T>))(response, item),
    [],
  );

  const emit = useCallback((next: T[]) => {
    lastEmitted.current = next;
    latest.current.onChange?.(next);
  }, []);

  /** Replaces the list; after a status change the bound list may be passed on. */
  const commit = useCallback(
    (next: UploadItem[], reason: 'change' | 'remove' | 'progress') => {
      list.current = next;
      if (mounted.current) setItems(next);
      if (reason === 'remove') emit(boundListAfterRemove(next, transform));
      else if (reason === 'change') {
        const bound = boundListAfterChange(next, transform);
        if (bound) emit(bound);
      }
    },
    [emit, transform],
  );

  const patch = (uid: string, change: Partial<UploadItem>, reason: 'change' | 'progress') =>
    commit(
      list.current.map((item) => (item.uid === uid ? { ...item, ...change } : item)),
      reason,
    );

  const find = (uid: string) => list.current.find((item) => item.uid === uid);

  // A bound list changed by the owner (not the one this widget passed on) replaces the finished entries.
  useEffect(() => {
    if (value === undefined || value === lastEmitted.current) return;
    lastEmitted.current = value;
    const next = [...value.map(itemFromValue), ...list.current.filter((item) => item.status !== 'success')];
    list.current = next;
    setItems(next);
  }, [value]);

  const settleCrop = useCallback((uid: string, blob: Blob | null) => {
    const pending = pendingCrops.current.find((entry) => entry.uid === uid);
    if (!pending) return;
    pendingCrops.current = pendingCrops.current.filter((entry) => entry !== pending);
    if (mounted.current) setCrops(pendingCrops.current);
    pending.resolve(blob);
  }, []);

  const requestCrop = (uid: string, file: Blob) =>
    new Promise<Blob | null>((resolve) => {
      pendingCrops.current = [...pendingCrops.current, { uid, file, resolve }];
      setCrops(pendingCrops.current);
    });

  const stop = useCallback(
    (uid: string) => {
      controllers.current.get(uid)?.abort();
      controllers.current.delete(uid);
      settleCrop(uid, null);
    },
    [settleCrop],
  );

  const remove = (uid: string) => {
    stop(uid);
    commit(
      list.current.filter((item) => item.uid !== uid),
      'remove',
    );
  };

  useImperativeHandle(
    ref,
    () => ({
      abort(uid) {
        const stopped = uid === undefined ? [...controllers.current.keys()] : [uid];
        for (const one of stopped) stop(one);
        const next = list.current.filter((item) => !stopped.includes(item.uid) || item.status !== 'uploading');
        if (next.length !== list.current.length) commit(next, 'remove');
      },
      clearFiles() {
        for (const one of [...controllers.current.keys()]) stop(one);
        for (const pending of [...pendingCrops.current]) settleCrop(pending.uid, null);
        list.current = [];
        setItems([]);
      },
    }),
    [commit, settleCrop, stop],
  );

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      for (const controller of controllers.current.values()) controller.abort();
      for (const pending of pendingCrops.current) pending.resolve(null);
    };
  }, []);

  const warn = (text: string) => {
    // Keyed by text: several refused files of one selection give one toast.
    void message.open({ type: 'warning', content: text, key: text });
  };

  /** Crop or compress, then send; every step can be stopped by removing the entry. */
  const send = async (file: File, uid: string, controller: AbortController) => {
    const { signal } = controller;
    commit([...list.current, { uid, name: file.name, status: 'uploading', percent: 0 }], 'change');
    let blob: Blob = file;
    let name = file.name;
    try {
      if (crop && isImage(file)) {
        const cropped = await requestCrop(uid, file);
        if (!cropped) {
          // Closed without a result: the entry (the last one added) is dropped (specification §2).
          if (find(uid))
            commit(
              list.current.filter((item) => item.uid !== uid),
              'remove',
            );
          return;
        }
        blob = cropped;
        name = jpgName(file.name);
      } else if (compress && isImage(file)) {
        try {
          blob = await compressImage(file);
          name = jpgName(file.name);
        } catch {
          // Not decodable here (e.g. a format this browser cannot draw): sent as it is; the server judges it.
        }
      }
      if (signal.aborted) return;
      const response = await latestUpload.current(blob, name, {
        signal,
        query: latest.current.query,
        onUploadProgress: (event) => {
          const percent = progressPercent(event, blob.size);
          patch(uid, { percent }, 'progress');
          const item = find(uid);
          if (item) latest.current.onProgress?.(percent, item);
        },
      });
      if (signal.aborted || !find(uid)) return;
      patch(uid, { status: 'success', percent: 100, response, url: response.url, name: response.name }, 'change');
      latest.current.onSuccess?.(response, find(uid) as UploadItem);
    } catch (error) {
      if (signal.aborted || isCancelled(error) || !find(uid)) return;
      patch(uid, { status: 'error' }, 'change');
      if (!alreadyReported(error)) void message.error({ content: t('files.failed'), key: 'files.failed' });
      latest.current.onError?.(error, find(uid) as UploadItem);
    } finally {
      if (controllers.current.get(uid) === controller) controllers.current.delete(uid);
    }
  };

  const input = useRef<HTMLInputElement>(null);
  const openChooser = () => {
    if (!disabled) input.current?.click();
  };

  /** A selection: refused whole when it holds too many files, else each file is checked and sent on its own. */
  const onChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const selection = [...(event.target.files ?? [])];
    event.target.value = ''; // the same file can be chosen again
    const tooMany = precheckCount(list.current.length, selection.length, limit);
    if (tooMany) {
      warn(tooMany);
      return;
    }
    for (const file of selection) {
      const refusal = precheckFile(file, { accept, limitSize });
      if (refusal) {
        warn(refusal);
        continue;
      }
      nextUid.current += 1;
      const uid = `${idPrefix}-${nextUid.current}`;
      const controller = new AbortController();
      controllers.current.set(uid, controller);
      void send(file, uid, controller);
    }
  };

  const uploading = items.filter((item) => item.status === 'uploading');
  const current = crops[0];

  return (
    <div className="gh-uploader">
      <input
        ref={input}
        type="file"
        hidden
        accept={acceptAttribute(accept)}
        multiple={multiple}
        disabled={disabled}
        onChange={onChosen}
      />
      {children === undefined ? (
        <Button icon={<UploadOutlined />} disabled={disabled} onClick={openChooser}>
          {t('files.upload')}
        </Button>
      ) : (
        // A custom trigger (e.g. the avatar square) may hold block content, which a <button> may not.
        // biome-ignore lint/a11y/useSemanticElements: see above; role, focus and keys make it a button.
        <div
          role="button"
          tabIndex={disabled ? -1 : 0}
          aria-disabled={disabled || undefined}
          aria-label={ariaLabel}
          onClick={openChooser}
          onKeyDown={(event) => {
            if (event.key === 'Enter' || event.key === ' ') {
              event.preventDefault();
              openChooser();
            }
          }}
          style={{ display: 'inline-block', cursor: disabled ? 'not-allowed' : 'pointer', outlineOffset: 2 }}
        >
          {children}
        </div>
      )}
      {tip && (
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, marginTop: 4 }}>
          {tip}
        </Typography.Text>
      )}
      {showFileList ? (
        <FileList items={items} onRemove={remove} disabled={disabled} />
      ) : (
        uploading.length > 0 && (
          <Progress
            percent={uploading.at(-1)?.percent ?? 0}
            size="small"
            aria-label={t('files.progress')}
            data-testid="upload-progress"
          />
        )
      )}
      <CropDialog
        file={current?.file ?? null}
        ratio={ratio}
        round={cropRound}
        onCropped={(blob) => current && settleCrop(current.uid, blob)}
        // 取消: this picture is not uploaded (as when it cannot be read, without the warning).
        onCancel={() => current && settleCrop(current.uid, null)}
        onUnreadable={() => {
          if (!current) return;
          warn(t('files.unreadableImage'));
          settleCrop(current.uid, null);
        }}
      />
    </div>
  );
}

function FileList({
  items,
  onRemove,
  disabled,
}: {
  items: UploadItem[];
  onRemove(uid: string): void;
  disabled?: boolean;
}) {
  if (items.length === 0) return null;
  return (
    <ul aria-label={t('files.upload')} style={{ listStyle: 'none', margin: '8px 0 0', padding: 0 }}>
      {items.map((item) => (
        <li key={item.uid} data-status={item.status} style={{ marginBottom: 4 }}>
          <Flex align="center" gap={8}>
            {item.status === 'uploading' ? <LoadingOutlined aria-hidden /> : <PaperClipOutlined aria-hidden />}
            <Typography.Text
              type={item.status === 'error' ? 'danger' : undefined}
              ellipsis={{ tooltip: item.name }}
              style={{ flex: 1, minWidth: 0 }}
              data-name
            >
              {item.url && item.status === 'success' ? (
                <Typography.Link href={item.url} target="_blank" rel="noopener noreferrer">
                  {item.name}
                </Typography.Link>
              ) : (
                item.name
              )}
            </Typography.Text>
            {item.status === 'error' && <Typography.Text type="danger">{t('files.failed')}</Typography.Text>}
            <Button
              type="text"
              size="small"
              icon={<DeleteOutlined />}
              aria-label={`${t('files.remove')} ${item.name}`}
              disabled={disabled}
              onClick={() => onRemove(item.uid)}
            />
          </Flex>
          {item.status === 'uploading' && (
            <Progress percent={item.percent} size="small" aria-label={`${t('files.progress')} ${item.name}`} />
          )}
        </li>
      ))}
    </ul>
  );
}
