/** Colours of the big screen (dark, cyan accents). */
export const colors = {
  background: '#030b1f',
  text: '#e2e8f0',
  muted: '#94a3b8',
  accent: '#22d3ee',
  accentSoft: '#7dd3fc',
  border: 'rgba(56, 189, 248, 0.24)',
  warning: '#fbbf24',
} as const;

/**
 * What inline styles cannot say (corner marks, the flash of a new sign-in, hover and focus), scoped by the
 * `gh-datav` class prefix; rendered once by the screen.
 */
export const screenCss = `
.gh-datav { color: ${colors.text}; font-variant-numeric: tabular-nums; }
.gh-datav-panel {
  position: relative;
  background: linear-gradient(180deg, rgba(15, 45, 88, 0.55) 0%, rgba(7, 22, 48, 0.6) 100%);
  border: 1px solid ${colors.border};
  border-radius: 6px;
  box-shadow: inset 0 0 32px rgba(34, 211, 238, 0.07);
}
.gh-datav-panel::before, .gh-datav-panel::after {
  content: '';
  position: absolute;
  width: 16px;
  height: 16px;
  border: 0 solid ${colors.accent};
  pointer-events: none;
}
.gh-datav-panel::before { top: -1px; left: -1px; border-top-width: 2px; border-left-width: 2px; border-top-left-radius: 6px; }
.gh-datav-panel::after { bottom: -1px; right: -1px; border-bottom-width: 2px; border-right-width: 2px; border-bottom-right-radius: 6px; }
.gh-datav-back {
  display: inline-flex;
  align-items: center;
  gap: 10px;
  padding: 10px 22px;
  font-size: 18px;
  color: ${colors.accentSoft};
  border: 1px solid rgba(34, 211, 238, 0.5);
  border-radius: 4px;
  background: rgba(34, 211, 238, 0.06);
  transition: background 0.2s, color 0.2s;
}
.gh-datav-back:hover { color: #fff; background: rgba(34, 211, 238, 0.2); }
.gh-datav-back:focus-visible { outline: 3px solid ${colors.accent}; outline-offset: 3px; }
.gh-datav-fresh { animation: gh-datav-flash 3s ease-out; }
@keyframes gh-datav-flash {
  from { background: rgba(34, 211, 238, 0.32); }
  to { background: transparent; }
}
.gh-datav-pulse { animation: gh-datav-pulse 1s ease-in-out infinite alternate; }
@keyframes gh-datav-pulse {
  from { opacity: 1; }
  to { opacity: 0.25; }
}
@media (prefers-reduced-motion: reduce) {
  .gh-datav-fresh, .gh-datav-pulse { animation: none; }
  .gh-datav-back { transition: none; }
}
`;
