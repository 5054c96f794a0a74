import { DownOutlined, ReloadOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Select, Space, theme } from 'antd';
import type { Dayjs } from 'dayjs';
import {
  type CSSProperties,
  lazy,
  type ReactElement,
  type ReactNode,
  Suspense,
  useEffect,
  useRef,
  useState,
} from 'react';
import { parseTime } from '@/lib/format/date';
import { screenTexts, t } from '@/lib/i18n';

/** 展开 / 收起 travel with the lists' chunk, not in the catalogue /login loads. */
const tx = screenTexts({ expand: '展开', collapse: '收起' }, { expand: 'More filters', collapse: 'Fewer filters' });

interface FieldBase {
  label: string;
  /** Width of the control in px (default 180; a date range 360). */
  width?: number;
  /**
   * Shown once the form is expanded (展开), as RuoYi's and Ant Design Pro's search forms keep their rarer filters;
   * the form opens expanded while one of them is applied, so no applied filter is ever out of sight.
   */
  advanced?: boolean;
}

/** What a custom field's control is handed. */
export interface CustomControl {
  id: string;
  // biome-ignore lint/suspicious/noExplicitAny: the filter's own type, known to the screen that declares the field.
  value: any;
  onChange: (value: unknown) => void;
}

/** A search field, declared as data; `name` is the filter's name in the route's query (and the URL). */
export type SearchFieldSpec<F> =
  | (FieldBase & { kind: 'text'; name: keyof F & string; maxLength?: number; placeholder?: string })
  | (FieldBase & {
      kind: 'select';
      name: keyof F & string;
      options: { label: string; value: string | number }[];
      placeholder?: string;
    })
  | (FieldBase & {
      /** Two filters of the query, the range's start and end (epoch milliseconds); `showTime` picks times too. */
      kind: 'dateRange';
      names: readonly [keyof F & string, keyof F & string];
      showTime?: boolean;
    })
  | (FieldBase & {
      /**
       * Any control: it gets the field's `id` (its label names it), `value` (the filter's value as the query holds
       * it, undefined when empty) and `onChange`, e.g. the org picker.
       */
      kind: 'custom';
      name: keyof F & string;
      render: (control: CustomControl) => ReactElement;
    });

/**
 * The range picker (with its calendar and dayjs plugins) is fetched by the lists that declare a date range, not
 * with every list (the account screen has none; docs/frontend-budgets.md).
 */
const DateRangeField = lazy(() => import('./DateRangeField').then((m) => ({ default: m.DateRangeField })));

/** The draft key of a field: its filter's name, or both names for a date range. */
const draftKey = <F,>(field: SearchFieldSpec<F>) =>
  field.kind === 'dateRange' ? `${field.names[0]}__${field.names[1]}` : field.name;

type Draft = Record<string, unknown>;

/** The form's values for the filters applied (the URL's). */
function toDraft<F>(fields: readonly SearchFieldSpec<F>[], filters: Partial<F>): Draft {
  const values: Draft = {};
  const read = filters as Record<string, unknown>;
  for (const field of fields) {
    if (field.kind === 'dateRange') {
      const [from, to] = field.names.map((name) => parseTime(read[name]));
      values[draftKey(field)] = from && to ? [from, to] : null;
    } else {
      values[field.name] = read[field.name];
    }
  }
  return values;
}

/** The filters for the form's values: texts trimmed, empty values left out. */
function toFilters<F>(fields: readonly SearchFieldSpec<F>[], values: Draft): Partial<F> {
  const filters: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.kind === 'dateRange') {
      const range = values[draftKey(field)] as [Dayjs, Dayjs] | null | undefined;
      if (range?.[0] && range[1]) {
        const [start, end] = field.showTime ? range : [range[0].startOf('day'), range[1].endOf('day')];
        filters[field.names[0]] = start.valueOf();
        filters[field.names[1]] = end.valueOf();
      }
      continue;
    }
    const value = values[field.name];
    const kept = typeof value === 'string' ? value.trim() : value;
    if (kept !== undefined && kept !== null && kept !== '') filters[field.name] = kept;
  }
  return filters as Partial<F>;
}

/** Form.Item-like wrapper of a lazily loaded range picker: the picker arrives under Suspense. */
function LazyRange(props: Parameters<typeof DateRangeField>[0]) {
  return (
    <Suspense fallback={<span style={{ display: 'inline-block', ...props.style }} />}>
      <DateRangeField {...props} />
    </Suspense>
  );
}

export interface ListSearchFormProps<F> {
  /** The form's id; each control's id is `<id>_<name>` (its label names it). */
  id: string;
  fields: readonly SearchFieldSpec<F>[];
  /** The filters applied (from the URL): the form shows them, again after back/forward. */
  filters: Partial<F>;
  onSearch: (filters: Partial<F>) => void;
  onReset: () => void;
}

/** A labelled control in the inline row, laid out like antd's inline form item (label with a colon). */
function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <Flex align="center" gap={8}>
      {/* The colon outside the label, so the control's name is the label's text alone. */}
      <span style={{ color: token.colorTextHeading, whiteSpace: 'nowrap' }}>
        <label htmlFor={id}>{label}</label>
        <span aria-hidden="true">:</span>
      </span>
      {children}
    </Flex>
  );
}

/**
 * The search form of a list, built from field declarations: 查询 (or Enter in a field) applies the fields, 重置
 * empties them and lists everything. A plain form with controlled antd inputs rather than antd Form: the filters
 * have no rules to check, and the form engine would be on every list's first load (docs/frontend-budgets.md).
 */
export function ListSearchForm<F>({ id, fields, filters, onSearch, onReset }: ListSearchFormProps<F>) {
  const [draft, setDraft] = useState<Draft>(() => toDraft(fields, filters));
  const applied = JSON.stringify(filters);
  // A field can join after the first render (one shown only once the permissions are known): it too starts from
  // the applied filters.
  const fieldKeys = fields.map(draftKey).join();
  // What this form's own 查询 or 重置 is about to apply, as a draft: when the URL arrives there, the form already
  // shows it, and anything typed since (a slow page commits the navigation late) is kept.
  const submitted = useRef<string | null>(null);
  // The URL changed under the form (back/forward, a link): show what is applied, not the last typed text.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `applied` and `fieldKeys` stand for `filters` and `fields` by value.
  useEffect(() => {
    const next = toDraft(fields, filters);
    const own = submitted.current === JSON.stringify(next);
    submitted.current = null;
    if (!own) setDraft(next);
  }, [applied, fieldKeys]);
  const set = (key: string) => (value: unknown) => setDraft((current) => ({ ...current, [key]: value }));
  const hasAdvanced = fields.some((field) => field.advanced);
  const advancedApplied = fields.some((field) => {
    if (!field.advanced) return false;
    const read = filters as Record<string, unknown>;
    return (field.kind === 'dateRange' ? field.names : [field.name]).some((name) => read[name] !== undefined);
  });
  const [expanded, setExpanded] = useState(advancedApplied);
  // A link or back/forward that applies a rarer filter opens the form to show it.
  if (advancedApplied && !expanded) setExpanded(true);

  return (
    <form
      id={id}
      onSubmit={(event) => {
        event.preventDefault();
        const next = toFilters(fields, draft);
        submitted.current = JSON.stringify(toDraft(fields, next));
        onSearch(next);
      }}
    >
      <Flex wrap align="center" gap="12px 24px">
        {fields.map((field) => {
          if (field.advanced && !expanded) return null;
          const key = draftKey(field);
          const controlId = `${id}_${key}`;
          const style: CSSProperties = { width: field.width ?? (field.kind === 'dateRange' ? 360 : 180) };
          const value = draft[key];
          let control: ReactElement;
          switch (field.kind) {
            case 'text':
              control = (
                <Input
                  id={controlId}
                  allowClear
                  maxLength={field.maxLength ?? 100}
                  placeholder={field.placeholder}
                  style={style}
                  value={(value as string | undefined) ?? ''}
                  onChange={(event) => set(key)(event.target.value)}
                />
              );
              break;
            case 'select':
              control = (
                <Select
                  id={controlId}
                  allowClear
                  options={field.options}
                  placeholder={field.placeholder ?? t('common.pleaseSelect')}
                  style={style}
                  value={value as string | number | undefined}
                  onChange={set(key)}
                />
              );
              break;
            case 'dateRange':
              control = (
                <LazyRange
                  id={controlId}
                  showTime={field.showTime}
                  style={style}
                  value={value as [Dayjs, Dayjs] | null}
                  onChange={set(key)}
                />
              );
              break;
            default:
              control = field.render({ id: controlId, value: value ?? undefined, onChange: set(key) });
          }
          return (
            <Field key={key} id={controlId} label={field.label}>
              {control}
            </Field>
          );
        })}
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined aria-hidden />}>
            {t('common.search')}
          </Button>
          <Button
            icon={<ReloadOutlined aria-hidden />}
            onClick={() => {
              const empty = toDraft(fields, {});
              submitted.current = JSON.stringify(empty);
              setDraft(empty);
              onReset();
            }}
          >
            {t('common.reset')}
          </Button>
          {hasAdvanced && (
            <Button
              type="link"
              aria-expanded={expanded}
              // While a rarer filter is applied the form stays open: 重置 or clearing it closes the way.
              disabled={advancedApplied}
              icon={expanded ? <UpOutlined aria-hidden /> : <DownOutlined aria-hidden />}
              iconPlacement="end"
              onClick={() => setExpanded((open) => !open)}
            >
              {tx(expanded ? 'collapse' : 'expand')}
            </Button>
          )}
        </Space>
      </Flex>
    </form>
  );
}
