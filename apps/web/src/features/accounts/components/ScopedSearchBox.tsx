import { Input, Select, Space } from 'antd';
import { type ScopedText, type SearchScope, searchBoxWords } from '@/lib/entity';

/**
 * The list's one search box (a custom field of the list kit's search form): what to search in (全部: the keyword over
 * the searched fields; or one text filter, matched as the descriptor declares) and the text. Its value is a
 * ScopedText; the screen maps it to the query parameter of its scope (lib/entity fromScopedFilters). The label names
 * the text box (`id`), the picker is named by its own label.
 */
export function ScopedSearchBox({
  id,
  value,
  onChange,
  scopes,
}: {
  id: string;
  value?: ScopedText;
  onChange: (value: ScopedText) => void;
  scopes: readonly SearchScope[];
}) {
  const first = scopes[0];
  const scope = scopes.find((candidate) => candidate.key === value?.scope) ?? first;
  if (!scope) return null;
  const text = value?.text ?? '';
  return (
    <Space.Compact>
      {scopes.length > 1 && (
        <Select
          aria-label={searchBoxWords().scope}
          value={scope.key}
          options={scopes.map((option) => ({ label: option.label, value: option.key }))}
          popupMatchSelectWidth={false}
          style={{ width: 110 }}
          onChange={(next: string) => onChange({ scope: next, text } satisfies ScopedText)}
        />
      )}
      <Input
        id={id}
        allowClear
        maxLength={scope.maxLength}
        placeholder={scope.placeholder}
        style={{ width: 220 }}
        value={text}
        onChange={(event) => onChange({ scope: scope.key, text: event.target.value } satisfies ScopedText)}
      />
    </Space.Compact>
  );
}
