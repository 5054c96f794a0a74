import type { QueryOf, ResponseOf, routes } from '@gatehouse/contract';
import type { CSSProperties } from 'react';

export type Org = ResponseOf<typeof routes.listOrgs>[number];

/** What the organisation list answers: the children of `pid` (the roots without one), one `id`, or a `name` search. */
export type OrgQuery = QueryOf<typeof routes.listOrgs>;

/**
 * Asks the organisation list (routes.listOrgs) with `query` (the roots when absent). Components do not call HTTP
 * themselves; the feature using the picker or the tree passes the API function.
 */
export type LoadOrgs = (query?: OrgQuery) => Promise<Org[]>;

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

/** Several organisations (e.g. a role's 自定义 data scope), ticked in the tree, each for itself. */
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
