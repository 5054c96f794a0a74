import { Input, Select, Space } from 'antd';

/**
 * A scope of the one search box: the query parameter it fills (a keyword, or one text filter's), what the scope
 * picker names it, the text box's placeholder (how it matches) and its longest text.
 */
export interface SearchBoxScope {
  key: string;
  label: string;
  placeholder: string;
  maxLength: number;
}

/** The box's value: the scope it searches (a scope's `key`) and the text typed. */
export interface SearchBoxValue {
  scope: string;
  text: string;
}

/**
 * A list's one search box (a `custom` field of the search form): a picker of what to search in (the first scope
 * when none is chosen: a keyword over several fields, say) and the text. Its value is a SearchBoxValue; the screen
 * maps it to the query parameter of its scope (lib/entity fromScopedFilters, toScopedFilters for the way back), so one
 * box searches one way at a time and no field is searched by two boxes. The search form's label names the text box
 * (`id`); `scopeLabel` names the picker, shown while there is more than one scope.
 */
export function ScopedSearchBox({
  id,
  value,
  onChange,
  scopes,
  scopeLabel,
}: {
  id: string;
  value?: SearchBoxValue;
  onChange: (value: SearchBoxValue) => void;
  scopes: readonly SearchBoxScope[];
  scopeLabel: string;
}) {
  const first = scopes[0];
  const scope = scopes.find((candidate) => candidate.key === value?.scope) ?? first;
  if (!scope) return null;
  const text = value?.text ?? '';
  return (
    <Space.Compact>
      {scopes.length > 1 && (
        <Select
          aria-label={scopeLabel}
          value={scope.key}
          options={scopes.map((option) => ({ label: option.label, value: option.key }))}
          popupMatchSelectWidth={false}
          style={{ width: 110 }}
          onChange={(next: string) => onChange({ scope: next, text })}
        />
      )}
      <Input
        id={id}
        allowClear
        maxLength={scope.maxLength}
        placeholder={scope.placeholder}
        style={{ width: 220 }}
        value={text}
        onChange={(event) => onChange({ scope: scope.key, text: event.target.value })}
      />
    </Space.Compact>
  );
}
