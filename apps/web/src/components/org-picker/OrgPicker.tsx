import { Select } from 'antd';
import { lazy, Suspense, useEffect } from 'react';
import { t } from '@/lib/i18n';
import type { OrgPickerProps } from './org-types';

/** How many names of a multiple picker's value are worth looking up: the tags, and the rest's tooltip. */
export const ORG_PICKER_NAMES_SHOWN = 10;

/**
 * The tree select (antd TreeSelect and its tree) is fetched once a screen shows a picker, not with the screen's
 * own code: the account screen's search form has one, and its cold load has a budget (docs/frontend-budgets.md).
 */
const loadTreeSelect = () => import('./OrgTreeSelect');
const OrgTreeSelect = lazy(() => loadTreeSelect().then((m) => ({ default: m.OrgTreeSelect })));

/**
 * The organisation field: an inline tree select that opens down to its value and searches the server by name
 * (OrgTreeSelect). Until its code has arrived, a plain select in its place shows the value, loading.
 */
export function OrgPicker(props: OrgPickerProps) {
  useEffect(() => {
    void loadTreeSelect().catch(() => undefined); // A failed fetch shows when the picker renders (the error page).
  }, []);
  const shown = props.multiple
    ? (props.value ?? []).map((id) => ({ value: id, label: props.labels?.[id] ?? String(id) }))
    : props.value == null
      ? undefined
      : { value: props.value, label: props.label ?? String(props.value) };
  return (
    <Suspense
      fallback={
        <Select
          id={props.id}
          style={{ width: '100%', ...props.style }}
          mode={props.multiple ? 'multiple' : undefined}
          labelInValue
          value={shown}
          placeholder={props.placeholder ?? t('common.pleaseSelect')}
          disabled={props.disabled}
          open={false}
          loading
        />
      }
    >
      <OrgTreeSelect {...props} />
    </Suspense>
  );
}
