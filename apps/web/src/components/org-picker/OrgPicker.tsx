import { CloseCircleFilled } from '@ant-design/icons';
import { Input, Modal } from 'antd';
import { type CSSProperties, lazy, type ReactNode, Suspense, useState } from 'react';
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

interface OrgPickerCommonProps {
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

/** One organisation (the default). */
export interface SingleOrgPickerProps extends OrgPickerCommonProps {
  multiple?: false;
  /** Selected organisation id (antd Form binds it). */
  value?: number | null;
  /** Name shown for the initial value (e.g. the edited account's orgName); falls back to the raw id. */
  label?: string | null;
  /** Emits the chosen id and the org row; null for both when cleared (with `allowClear`). */
  onChange?: (id: number | null, org: Org | null) => void;
}

/** Several organisations (e.g. a role's 自定义 data scope), ticked in the dialog's tree. */
export interface MultipleOrgPickerProps extends OrgPickerCommonProps {
  multiple: true;
  /** The chosen organisation ids, in the order they were chosen (antd Form binds it). */
  value?: readonly number[];
  /** Names of the initial ids (e.g. looked up by the screen); an id without one shows as the raw id. */
  labels?: Readonly<Record<number, string>>;
  /** Emits the chosen ids ([] when cleared). */
  onChange?: (ids: number[]) => void;
}

export type OrgPickerProps = SingleOrgPickerProps | MultipleOrgPickerProps;

/**
 * Read-only input that opens the '选择组织' dialog: a lazy tree table, single selection (radios) or with `multiple`
 * several (check boxes). Organisations outside the caller's data scope are shown greyed, only as the path.
 */
export function OrgPicker(props: OrgPickerProps) {
  return props.multiple ? <MultipleOrgPicker {...props} /> : <SingleOrgPicker {...props} />;
}

function SingleOrgPicker({ value, label, onChange, loadOrgs, excludeSubtreeOf, ...field }: SingleOrgPickerProps) {
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
      <PickerInput
        {...field}
        shown={shown}
        empty={value == null}
        onClear={() => {
          setPicked(null);
          onChange?.(null, null);
        }}
        onOpen={() => {
          setCandidate(null);
          setOpen(true);
        }}
      />
      <PickerDialog open={open} okDisabled={!candidate && value == null} onOk={confirm} onCancel={() => setOpen(false)}>
        <OrgTreeTable
          loadOrgs={loadOrgs}
          selectedId={candidate?.id ?? value}
          onSelect={setCandidate}
          excludeSubtreeOf={excludeSubtreeOf}
        />
      </PickerDialog>
    </>
  );
}

/** How many names a multiple picker shows before summing up the rest (the labels worth looking up). */
export const ORG_PICKER_NAMES_SHOWN = 10;

function MultipleOrgPicker({ value, labels, onChange, loadOrgs, excludeSubtreeOf, ...field }: MultipleOrgPickerProps) {
  const [open, setOpen] = useState(false);
  // Names of the organisations ticked in the dialog so far (the initial ones come from `labels`).
  const [names, setNames] = useState<ReadonlyMap<number, string>>(new Map());
  // The ids ticked in the open dialog, in the order they were ticked.
  const [candidates, setCandidates] = useState<readonly number[]>([]);

  const ids = value ?? [];
  const nameOf = (id: number) => names.get(id) ?? labels?.[id] ?? String(id);
  const listed = ids.slice(0, ORG_PICKER_NAMES_SHOWN).map(nameOf).join('、');
  const shown =
    ids.length > ORG_PICKER_NAMES_SHOWN ? t('scope.pickerSome', { names: listed, count: ids.length }) : listed;

  const toggle = (org: Org, checked: boolean) => {
    setNames((current) => new Map(current).set(org.id, org.name));
    setCandidates((current) =>
      checked ? (current.includes(org.id) ? current : [...current, org.id]) : current.filter((id) => id !== org.id),
    );
  };

  return (
    <>
      <PickerInput
        {...field}
        shown={shown}
        title={ids.map(nameOf).join('、') || undefined}
        empty={ids.length === 0}
        onClear={() => onChange?.([])}
        onOpen={() => {
          setCandidates(ids);
          setOpen(true);
        }}
      />
      <PickerDialog
        open={open}
        onOk={() => {
          setOpen(false);
          onChange?.([...candidates]);
        }}
        onCancel={() => setOpen(false)}
      >
        <OrgTreeTable
          loadOrgs={loadOrgs}
          selectedIds={candidates}
          onToggle={toggle}
          excludeSubtreeOf={excludeSubtreeOf}
        />
      </PickerDialog>
    </>
  );
}

interface PickerInputProps extends Omit<OrgPickerCommonProps, 'loadOrgs' | 'excludeSubtreeOf'> {
  shown: string;
  title?: string;
  empty: boolean;
  onClear: () => void;
  onOpen: () => void;
}

/** The field: read-only, opens the dialog; with `allowClear` a clear icon. */
function PickerInput({
  id,
  shown,
  title,
  empty,
  disabled,
  allowClear,
  placeholder,
  style,
  onClear,
  onOpen,
}: PickerInputProps) {
  return (
    <Input
      id={id}
      readOnly
      value={shown}
      title={title}
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
              onClear();
            }}
            style={{
              visibility: empty || disabled ? 'hidden' : 'visible',
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
        if (!disabled) onOpen();
      }}
    />
  );
}

interface PickerDialogProps {
  open: boolean;
  okDisabled?: boolean;
  onOk: () => void;
  onCancel: () => void;
  children: ReactNode;
}

/** The '选择组织' dialog around the tree table. */
function PickerDialog({ open, okDisabled, onOk, onCancel, children }: PickerDialogProps) {
  return (
    <Modal
      title={t('org.pickerTitle')}
      open={open}
      width={1000}
      mask={{ closable: false }}
      destroyOnHidden
      okText={t('common.dialogOk')}
      cancelText={t('common.dialogCancel')}
      okButtonProps={{ disabled: okDisabled }}
      onOk={onOk}
      onCancel={onCancel}
    >
      <div style={{ height: '50vh', minHeight: 350, overflow: 'auto' }}>
        <Suspense fallback={<LoadingDots contained />}>{children}</Suspense>
      </div>
    </Modal>
  );
}
