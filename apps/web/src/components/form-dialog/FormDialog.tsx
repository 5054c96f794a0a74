import { App, Modal } from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import { t } from '@/lib/i18n';

export interface FormDialogProps<T> {
  title: string;
  width: number;
  /** The form's name: its element id (the footer button submits it) and the prefix of its field ids. */
  formId: string;
  /** What the dialog edits; null = closed. */
  target: T | null;
  onClose: () => void;
  /** The form for the target shown; call `setSaving` around the request so the OK button spins. */
  children: (target: T, setSaving: (saving: boolean) => void) => ReactNode;
}

/**
 * The create/edit dialog every management screen uses: not closable by clicking outside, content rebuilt on
 * each open, 确 定 submits the form in the body. The last target is kept while the dialog animates closed,
 * so its content does not vanish first.
 */
export function FormDialog<T>({ title, width, formId, target, onClose, children }: FormDialogProps<T>) {
  const [saving, setSaving] = useState(false);
  const lastTarget = useRef(target);
  if (target) lastTarget.current = target;
  const shown = target ?? lastTarget.current;
  return (
    <Modal
      title={title}
      open={target !== null}
      width={width}
      mask={{ closable: false }}
      destroyOnHidden
      okText={t('common.dialogOk')}
      cancelText={t('common.dialogCancel')}
      okButtonProps={{ htmlType: 'submit', form: formId, loading: saving }}
      onCancel={onClose}
    >
      {shown && children(shown, setSaving)}
    </Modal>
  );
}

/**
 * Runs a create or an update, toasting '添加成功' or '编辑成功'. Answers `{ value }` on success and undefined
 * when the server refused: the http client has reported why, and the dialog stays open with its input.
 */
export function useSubmit(setSaving: (saving: boolean) => void) {
  const { message } = App.useApp();
  return async <R,>(editing: boolean, request: () => Promise<R>): Promise<{ value: R } | undefined> => {
    setSaving(true);
    try {
      const value = await request();
      const key = editing ? 'common.edited' : 'common.created';
      message.success({ content: t(key), key });
      return { value };
    } catch {
      return undefined;
    } finally {
      setSaving(false);
    }
  };
}
