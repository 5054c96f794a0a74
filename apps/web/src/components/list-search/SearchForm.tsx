import type { ReactNode } from 'react';
import { SearchButtons } from './SearchButtons';
import './search-form.css';

export interface SearchFormProps {
  /** The form's id (tests and the page address it by it). */
  id: string;
  /** 查询 (or Enter in a field): the screen reads its own field values. */
  onSearch: () => void;
  onReset: () => void;
  children: ReactNode;
}

/**
 * An inline search form in plain markup, laid out like antd's `<Form layout="inline">` (labels with a colon,
 * fields in a wrapping row, 查询 / 重置 last), for a screen whose filters are plain controlled inputs with no
 * rules: it keeps antd's form engine out of the screen's first load (docs/frontend-budgets.md).
 */
export function SearchForm({ id, onSearch, onReset, children }: SearchFormProps) {
  return (
    <form
      id={id}
      className="gh-lite gh-search-form"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch();
      }}
    >
      {children}
      <SearchButtons onReset={onReset} />
    </form>
  );
}

/** One labelled filter of a SearchForm; `htmlFor` names the control's id. */
export function SearchField({ label, htmlFor, children }: { label: string; htmlFor: string; children: ReactNode }) {
  return (
    <div className="gh-search-field">
      <label htmlFor={htmlFor}>{label}</label>
      {children}
    </div>
  );
}
