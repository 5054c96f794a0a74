import { SearchOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { t } from '@/lib/i18n';

// The dialog, its search and its texts are fetched on the first Ctrl+K or click, not with the header.
const CommandPalette = lazy(() => import('./CommandPalette').then((m) => ({ default: m.CommandPalette })));

const onMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/** Ctrl+K, and ⌘K on a Mac: anywhere in the page, even while typing in a field (as browsers' own palettes do). */
const isPaletteKey = (event: KeyboardEvent) =>
  (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k';

/**
 * The header's search button and the page-wide Ctrl+K / ⌘K that open the command palette. Where the focus was
 * when it opened is where it returns when the palette closes.
 */
export function CommandPaletteLauncher() {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const openRef = useRef(false);
  const returnTo = useRef<HTMLElement | null>(null);

  const show = useCallback(() => {
    if (openRef.current) return;
    openRef.current = true;
    returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setWanted(true);
    setOpen(true);
  }, []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isPaletteKey(event)) return;
      event.preventDefault();
      show();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [show]);

  return (
    <>
      <Button
        type="text"
        icon={<SearchOutlined aria-hidden />}
        onClick={show}
        aria-label={t('palette.openHint')}
        aria-keyshortcuts="Control+K Meta+K"
        title={t('palette.openHint')}
        data-testid="palette-open"
        style={{ color: 'inherit' }}
      >
        <span>{t('palette.open')}</span>
        <kbd style={{ font: 'inherit', fontSize: 12, opacity: 0.75 }}>{onMac ? '⌘K' : 'Ctrl K'}</kbd>
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <CommandPalette
            open={open}
            onClose={() => {
              openRef.current = false;
              setOpen(false);
            }}
            onClosed={() => {
              const target = returnTo.current;
              returnTo.current = null;
              if (target?.isConnected) target.focus();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
