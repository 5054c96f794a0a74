import { Modal } from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import { t } from '@/lib/i18n';

export interface FormDialogProps<T> {
  /** The title, or what it is for the target shown (添加账号 / 修改账号). */
  title: string | ((target: T) => string);
  width: number;
  /** The form's name: its element id (the footer button submits it) and the prefix of its field ids. */
  formId: string;
  /** What the dialog edits; null = closed. */
  target: T | null;
  onClose: () => void;
  /** The form for the target shown; `setSaving` follows its mutation's `isPending`, so the OK button spins. */
  children: (target: T, setSaving: (saving: boolean) => void) => ReactNode;
}

/** The fields a dialog can start in: the first enabled, editable one of the form, in document order. */
const FIELD_SELECTOR = [
  'input:not([type="hidden"]):not([type="file"]):not([disabled]):not([readonly])',
  'textarea:not([disabled]):not([readonly])',
  'input[role="combobox"]:not([disabled])',
  'select:not([disabled])',
].join(', ');

/**
 * Focuses the field of `container` marked `data-autofocus` (a form that wants another one first), else its first
 * field; nothing when focus is already on one of its fields.
 */
export function focusFirstField(container: HTMLElement | null): void {
  if (!container) return;
  const active = document.activeElement;
  if (active instanceof HTMLElement && container.contains(active) && active.matches(FIELD_SELECTOR)) return;
  const shown = (element: HTMLElement) => getComputedStyle(element).display !== 'none' && !element.closest('[hidden]');
  const field =
    container.querySelector<HTMLElement>('[data-autofocus]') ??
    [...container.querySelectorAll<HTMLElement>(FIELD_SELECTOR)].find(shown);
  field?.focus();
}

/**
 * The create/edit dialog every management screen uses: not closable by clicking outside, content rebuilt on
 * each open, 确 定 submits the form in the body, the first field focused once it is open (typing starts at
 * once). The last target is kept while the dialog animates closed, so its content does not vanish first.
 */
export function FormDialog<T>({ title, width, formId, target, onClose, children }: FormDialogProps<T>) {
  const [saving, setSaving] = useState(false);
  const lastTarget = useRef(target);
  if (target) lastTarget.current = target;
  const shown = target ?? lastTarget.current;
  const body = useRef<HTMLDivElement>(null);
  return (
    <Modal
      title={typeof title === 'function' ? (shown ? title(shown) : '') : title}
      open={target !== null}
      width={width}
      mask={{ closable: false }}
      destroyOnHidden
      okText={t('common.dialogOk')}
      cancelText={t('common.dialogCancel')}
      okButtonProps={{ htmlType: 'submit', form: formId, loading: saving }}
      onCancel={onClose}
      // After the opening animation: the dialog has focused itself by then (which also undoes a field's autoFocus).
      afterOpenChange={(open) => {
        if (open) focusFirstField(body.current);
      }}
    >
      <div ref={body} style={{ display: 'contents' }}>
        {shown && children(shown, setSaving)}
      </div>
    </Modal>
  );
}
