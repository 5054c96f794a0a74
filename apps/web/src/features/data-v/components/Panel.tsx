import type { CSSProperties, ReactNode } from 'react';
import { colors } from './styles';

/** A framed panel of the big screen: a title with an accent bar, an optional note at the right, the content. */
export function Panel({
  title,
  note,
  children,
  style,
  testId,
}: {
  title: string;
  note?: ReactNode;
  children: ReactNode;
  style?: CSSProperties;
  testId?: string;
}) {
  return (
    <section
      className="gh-datav-panel"
      aria-label={title}
      data-testid={testId}
      style={{ display: 'flex', flexDirection: 'column', padding: '16px 22px 18px', minHeight: 0, ...style }}
    >
      <header style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', height: 36 }}>
        <h2 style={{ display: 'flex', alignItems: 'center', gap: 12, margin: 0, fontSize: 22, color: '#f1f5f9' }}>
          <span
            aria-hidden
            style={{
              width: 5,
              height: 22,
              borderRadius: 2,
              background: colors.accent,
              boxShadow: `0 0 10px ${colors.accent}`,
            }}
          />
          {title}
        </h2>
        {note ? <span style={{ fontSize: 16, color: colors.muted }}>{note}</span> : null}
      </header>
      <div style={{ flex: 1, minHeight: 0, marginTop: 12, position: 'relative' }}>{children}</div>
    </section>
  );
}

/** Centred text in a panel or the stage (loading, empty, refused). */
export function Notice({ children, tone = 'muted' }: { children: ReactNode; tone?: 'muted' | 'warning' }) {
  return (
    <output
      style={{
        position: 'absolute',
        inset: 0,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 12,
        fontSize: 22,
        color: tone === 'warning' ? colors.warning : colors.muted,
      }}
    >
      {children}
    </output>
  );
}
