import type { ReactNode } from 'react';
import { useSyncExternalStore } from 'react';
import { STAGE, type StageFit } from '@/features/data-v/model/stage';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

const snapshot = () => `${window.innerWidth}x${window.innerHeight}`;

/** The window's inner size, following resizes. */
export function useWindowSize(): { width: number; height: number } {
  const [width = 0, height = 0] = useSyncExternalStore(subscribe, snapshot, () => `${STAGE.width}x${STAGE.height}`)
    .split('x')
    .map(Number);
  return { width, height };
}

/**
 * The whole window, dark, holding the 1920×1080 stage scaled by `fit` (letterboxed, centred). Everything on the
 * stage is laid out in stage pixels.
 */
export function Stage({ fit, children }: { fit: StageFit; children: ReactNode }) {
  return (
    <div
      data-testid="datav-screen"
      style={{ position: 'fixed', inset: 0, overflow: 'hidden', background: '#010409', colorScheme: 'dark' }}
    >
      <div
        data-testid="datav-stage"
        style={{
          position: 'absolute',
          left: 0,
          top: 0,
          width: STAGE.width,
          height: STAGE.height,
          transform: `translate(${fit.left}px, ${fit.top}px) scale(${fit.scale})`,
          transformOrigin: '0 0',
          overflow: 'hidden',
        }}
      >
        {children}
      </div>
    </div>
  );
}
