import { LoadingOutlined, SearchOutlined } from '@ant-design/icons';
import { useQueries } from '@tanstack/react-query';
import { Input, type InputRef, Modal, theme } from 'antd';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { t } from '@/lib/i18n';
import { canCall, useSession } from '@/stores/session';
import { PALETTE_TEXT_MAX, RECORD_SOURCES, type RecordHit, type RecordKind } from '../api/palette.api';
import { highlightParts, matchMenus, reachableMenus } from './palette-model';

/** How long typing pauses before the records are asked for (menus are matched at every key). */
export const SEARCH_DELAY_MS = 250;

const GROUP_TITLE = {
  menus: 'palette.groupMenus',
  accounts: 'palette.groupAccounts',
  orgs: 'palette.groupOrgs',
  roles: 'palette.groupRoles',
  dicts: 'palette.groupDicts',
} as const;

type GroupKind = keyof typeof GROUP_TITLE;

/** One line of the results: where Enter (or a click) leads. */
interface Option {
  key: string;
  label: string;
  detail: string | null;
  to: string | { pathname: string; search: string };
  /** The text highlighted in the label. */
  needle: string;
}

interface Group {
  kind: GroupKind;
  options: Option[];
  /** The reason the group's search failed. */
  error?: string;
}

/** `value` after it has stayed the same for `delay` ms. */
function useSettled(value: string, delay: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

function Highlighted({ text, needle }: { text: string; needle: string }) {
  const { before, match, after } = highlightParts(text, needle);
  if (!match) return text;
  return (
    <>
      {before}
      <mark className="palette-match">{match}</mark>
      {after}
    </>
  );
}

export interface CommandPaletteProps {
  open: boolean;
  onClose: () => void;
  /** After the dialog has gone: the launcher gives the focus back where it was. */
  onClosed: () => void;
}

/**
 * The command palette (Ctrl+K / ⌘K): menus the account may open, matched on their titles in the page's language, and
 * records — accounts, roles, dictionaries — found through the list routes the account holds (a kind whose list
 * route it lacks is neither asked for nor shown). Results are grouped; ↑/↓ move, Enter opens the record's list
 * screen filtered to it, Esc closes. Loaded on first use (features/command-palette/index.ts).
 */
export function CommandPalette({ open, onClose, onClosed }: CommandPaletteProps) {
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const input = useRef<InputRef>(null);
  const list = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const permissions = useSession((state) => state.permissions);
  const { token } = theme.useToken();
  const ids = useId();

  const typed = text.trim();
  const settled = useSettled(typed, SEARCH_DELAY_MS);
  const menus = useMemo(() => reachableMenus(permissions), [permissions]);
  const sources = useMemo(() => RECORD_SOURCES.filter((source) => canCall(permissions, source.route)), [permissions]);
  const searches = useQueries({
    queries: sources.map((source) => ({
      queryKey: ['palette', source.kind, settled],
      queryFn: ({ signal }: { signal: AbortSignal }) => source.search(settled, signal),
      enabled: open && settled !== '',
      staleTime: 30_000,
      retry: false,
    })),
  });

  const groups: Group[] = [];
  const menuOptions = matchMenus(menus, typed).map(
    (menu): Option => ({
      key: `menu:${menu.path}`,
      label: menu.label,
      detail: menu.group,
      to: menu.path,
      needle: typed,
    }),
  );
  if (menuOptions.length) groups.push({ kind: 'menus', options: menuOptions });
  let searching = typed !== settled;
  if (settled !== '' && typed !== '') {
    sources.forEach((source, index) => {
      const search = searches[index];
      if (!search) return;
      if (search.isFetching) searching = true;
      const hits: RecordHit[] = search.data ?? [];
      const options = hits.map(
        (hit): Option => ({
          key: `${source.kind}:${hit.id}`,
          label: hit.label,
          detail: hit.detail,
          to: hit.to,
          needle: settled,
        }),
      );
      const error = search.isError ? search.error.message : undefined;
      if (options.length || error) groups.push({ kind: source.kind satisfies RecordKind, options, error });
    });
  }
  const options = groups.flatMap((group) => group.options);
  const optionKeys = options.map((option) => option.key).join('\n');

  // A new list of results starts at its first line.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the keys are what says the list changed
  useEffect(() => setActive(0), [optionKeys]);
  const current = Math.min(active, Math.max(0, options.length - 1));
  const optionId = (index: number) => `${ids}-option-${index}`;

  useEffect(() => {
    list.current?.querySelector(`[id="${optionId(current)}"]`)?.scrollIntoView?.({ block: 'nearest' });
  });

  const go = (option: Option | undefined) => {
    if (!option) return;
    onClose();
    navigate(option.to);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!options.length) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + options.length) % options.length);
    } else if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      go(options[current]);
    }
  };

  let index = 0;
  const body: ReactNode[] = groups.map((group) => {
    const headingId = `${ids}-group-${group.kind}`;
    return (
      // biome-ignore lint/a11y/useSemanticElements: a listbox's groups are role="group" (no <fieldset> in a listbox)
      <div key={group.kind} role="group" aria-labelledby={headingId} style={{ padding: '4px 0' }}>
        <div id={headingId} style={{ padding: '4px 16px', fontSize: token.fontSizeSM, color: token.colorTextTertiary }}>
          {t(GROUP_TITLE[group.kind])}
        </div>
        {group.error && (
          <div role="alert" style={{ padding: '4px 16px', color: token.colorError }}>
            {t('palette.failed', { group: t(GROUP_TITLE[group.kind]), reason: group.error })}
          </div>
        )}
        {group.options.map((option) => {
          const mine = index++;
          const selected = mine === current;
          return (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard acts through the input (↑/↓, Enter)
            <div
              key={option.key}
              id={optionId(mine)}
              role="option"
              tabIndex={-1}
              aria-selected={selected}
              onMouseMove={() => setActive(mine)}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => go(option)}
              style={{
                display: 'flex',
                alignItems: 'baseline',
                gap: 12,
                padding: '8px 16px',
                cursor: 'pointer',
                borderRadius: token.borderRadius,
                margin: '0 8px',
                background: selected ? token.controlItemBgActive : undefined,
              }}
            >
              <span
                data-part="label"
                style={{
                  flex: 'none',
                  maxWidth: '60%',
                  overflow: 'hidden',
                  textOverflow: 'ellipsis',
                  whiteSpace: 'nowrap',
                }}
              >
                <Highlighted text={option.label} needle={option.needle} />
              </span>
              {option.detail && (
                <span
                  style={{
                    flex: 1,
                    minWidth: 0,
                    overflow: 'hidden',
                    textOverflow: 'ellipsis',
                    whiteSpace: 'nowrap',
                    color: token.colorTextSecondary,
                    fontSize: token.fontSizeSM,
                  }}
                >
                  {option.detail}
                </span>
              )}
            </div>
          );
        })}
      </div>
    );
  });

  const nothing = !options.length && !searching && !groups.some((group) => group.error);

  return (
    <Modal
      open={open}
      title={t('palette.label')}
      onCancel={onClose}
      afterClose={() => {
        setText('');
        onClosed();
      }}
      afterOpenChange={(opened) => {
        if (opened) input.current?.focus();
      }}
      footer={null}
      closable={false}
      // Closed, it leaves nothing in the page (no hidden results for a screen's own fields to be confused with).
      destroyOnHidden
      width={640}
      style={{ top: 80 }}
      focusable={{ focusTriggerAfterClose: false }}
      styles={{
        header: { display: 'none' },
        container: { padding: 0, overflow: 'hidden' },
      }}
    >
      {/* The match: bold on a warm ground with a line under it, legible on the active row in both themes. */}
      <style>{`.palette-match{background:${token.colorWarningBgHover};color:inherit;padding:0;border-radius:2px;font-weight:600;box-shadow:inset 0 -2px 0 ${token.colorWarning}}`}</style>
      <Input
        ref={input}
        autoFocus
        size="large"
        variant="borderless"
        maxLength={PALETTE_TEXT_MAX}
        prefix={<SearchOutlined aria-hidden style={{ color: token.colorTextTertiary }} />}
        suffix={searching ? <LoadingOutlined aria-label={t('palette.searching')} /> : <span />}
        placeholder={t('palette.placeholder')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        role="combobox"
        aria-label={t('palette.placeholder')}
        aria-expanded={options.length > 0}
        aria-controls={`${ids}-listbox`}
        aria-autocomplete="list"
        aria-activedescendant={options.length ? optionId(current) : undefined}
        style={{ padding: '12px 16px', borderBottom: `1px solid ${token.colorSplit}`, borderRadius: 0 }}
      />
      <div
        ref={list}
        id={`${ids}-listbox`}
        role="listbox"
        aria-label={t('palette.results')}
        aria-busy={searching}
        style={{ maxHeight: 'min(420px, 60vh)', overflowY: 'auto', padding: '4px 0' }}
      >
        {body}
      </div>
      <output style={{ display: 'block', color: token.colorTextTertiary }}>
        {searching && <div style={{ padding: '8px 16px' }}>{t('palette.searching')}</div>}
        {nothing && (
          <div style={{ padding: '24px 16px', textAlign: 'center' }}>{t('palette.empty', { text: typed })}</div>
        )}
      </output>
      <div
        style={{
          padding: '8px 16px',
          borderTop: `1px solid ${token.colorSplit}`,
          fontSize: token.fontSizeSM,
          color: token.colorTextTertiary,
        }}
      >
        {t('palette.keys')}
      </div>
    </Modal>
  );
}
