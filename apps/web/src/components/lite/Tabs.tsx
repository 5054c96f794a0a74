import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';

export interface TabItem {
  key: string;
  label: ReactNode;
}

interface TabsProps {
  items: readonly TabItem[];
  activeKey: string;
  onChange(key: string): void;
  /** The active tab's content; the others are not rendered (antd `destroyOnHidden`). */
  children: ReactNode;
}

/**
 * Centred tabs with an ink bar (antd Tabs `centered`), following the WAI-ARIA tabs pattern: the arrow keys, Home and
 * End move between the tabs, and only the active tab is in the tab order.
 */
export function Tabs({ items, activeKey, onChange, children }: TabsProps) {
  const id = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = items.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % items.length
        : event.key === 'ArrowLeft'
          ? (index + last) % items.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const item = items[next];
    if (!item) return;
    onChange(item.key);
    refs.current[next]?.focus();
  };
  return (
    <>
      <div role="tablist" className="gh-tabs-nav">
        {items.map((item, index) => {
          const active = item.key === activeKey;
          return (
            <button
              key={item.key}
              ref={(element) => {
                refs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${item.key}`}
              aria-selected={active}
              aria-controls={`${id}-panel`}
              tabIndex={active ? 0 : -1}
              className="gh-tab"
              onClick={() => onChange(item.key)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${activeKey}`}>
        {children}
      </div>
    </>
  );
}
