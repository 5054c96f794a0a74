import { CloseCircleFilled } from '@ant-design/icons';
import { Input, Modal } from 'antd';
import { type CSSProperties, lazy, Suspense, useState } from 'react';
import { LoadingDots } from '@/components/loading';
import { t } from '@/lib/i18n';
import type { LoadOrgs, Org } from './org-types';

/**
 * The dialog's tree table (antd Table) is fetched when the picker is first pointed at or opened, not with the
 * screen holding the picker: the account screen's search form has one (docs/frontend-budgets.md).
 */
const loadTreeTable = () => import('./OrgTreeTable');
const OrgTreeTable = lazy(() => loadTreeTable().then((m) => ({ default: m.OrgTreeTable })));
const prefetchTreeTable = () => void loadTreeTable().catch(() => undefined);

export interface OrgPickerProps {
  /** Selected organisation id (antd Form binds it). */
  value?: number | null;
  /** Name shown for the initial value (e.g. the edited account's orgName); falls back to the raw id. */
  label?: string | null;
  /** Emits the chosen id and the org row; null for both when cleared (with `allowClear`). */
  onChange?: (id: number | null, org: Org | null) => void;
  loadOrgs: LoadOrgs;
  disabled?: boolean;
  /** Shows a clear icon (e.g. an optional filter, or "no parent"). */
  allowClear?: boolean;
  placeholder?: string;
  /** This org and its subtree cannot be picked (moving an org under itself). */
  excludeSubtreeOf?: number;
  style?: CSSProperties;
  /** Set by antd Form.Item so the field label names the input. */
  id?: string;
}

/** Read-only input that opens the '选择组织' dialog: a lazy tree table with single selection. */
export function OrgPicker({
  value,
  label,
  onChange,
  loadOrgs,
  disabled,
  id,
  allowClear,
  placeholder,
  excludeSubtreeOf,
  style,
}: OrgPickerProps) {
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<Org | null>(null);
  const [candidate, setCandidate] = useState<Org | null>(null);

  const shown = value == null ? '' : picked && picked.id === value ? picked.name : label || String(value);

  const confirm = () => {
    setOpen(false);
    if (!candidate) return; // Confirmed the current value unchanged.
    setPicked(candidate);
    onChange?.(candidate.id, candidate);
  };

  return (
    <>
      <Input
        id={id}
        readOnly
        value={shown}
        disabled={disabled}
        // antd hides its own clear icon on read-only inputs; this one clears the pick without opening the dialog.
        suffix={
          allowClear ? (
            <button
              type="button"
              aria-label={t('org.pickerClear')}
              title={t('org.pickerClear')}
              onClick={(event) => {
                event.stopPropagation();
                setPicked(null);
                onChange?.(null, null);
              }}
              style={{
                visibility: value == null || disabled ? 'hidden' : 'visible',
                border: 'none',
                background: 'none',
                padding: 0,
                cursor: 'pointer',
                color: 'rgba(0, 0, 0, 0.25)',
                lineHeight: 1,
              }}
            >
              <CloseCircleFilled aria-hidden />
            </button>
          ) : undefined
        }
        placeholder={placeholder ?? t('common.pleaseSelect')}
        style={{ cursor: disabled ? undefined : 'pointer', ...style }}
        onPointerEnter={prefetchTreeTable}
        onFocus={prefetchTreeTable}
        onClick={() => {
          if (disabled) return;
          setCandidate(null);
          setOpen(true);
        }}
      />
      <Modal
        title={t('org.pickerTitle')}
        open={open}
        width={1000}
        mask={{ closable: false }}
        destroyOnHidden
        okText={t('common.dialogOk')}
        cancelText={t('common.dialogCancel')}
        okButtonProps={{ disabled: !candidate && value == null }}
        onOk={confirm}
        onCancel={() => setOpen(false)}
      >
        <div style={{ height: '50vh', minHeight: 350, overflow: 'auto' }}>
          <Suspense fallback={<LoadingDots contained />}>
            <OrgTreeTable
              loadOrgs={loadOrgs}
              selectedId={candidate?.id ?? value}
              onSelect={setCandidate}
              excludeSubtreeOf={excludeSubtreeOf}
            />
          </Suspense>
        </div>
      </Modal>
    </>
  );
}
