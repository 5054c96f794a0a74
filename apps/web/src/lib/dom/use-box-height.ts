import { type RefCallback, useCallback, useEffect, useRef, useState } from 'react';

/** What useBoxHeight knows about its box. */
export interface BoxHeight {
  /** False until the box was measured once: render the list only then, or its first render is unvirtualised. */
  measured: boolean;
  /** The box's inner height in px; undefined where there is no layout (unit tests), i.e. render everything. */
  height: number | undefined;
}

/**
 * The live inner height (clientHeight, px) of the element the returned ref is attached to, for components that
 * need a number to virtualise (antd Tree `height`, Table `scroll.y`): a box sized by CSS (vh, calc, flex) becomes
 * a pixel height that follows window resizes. It is measured while the box is attached (before paint), so a list
 * rendered only once `measured` is true is virtual from its first render.
 */
export function useBoxHeight<T extends HTMLElement>(): [RefCallback<T>, BoxHeight] {
  const [box, setBox] = useState<BoxHeight>({ measured: false, height: undefined });
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((element: T | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!element) return;
    const measure = () => {
      const height = element.clientHeight > 0 ? element.clientHeight : undefined;
      setBox((current) => (current.measured && current.height === height ? current : { measured: true, height }));
    };
    measure();
    if (typeof ResizeObserver !== 'undefined') {
      observer.current = new ResizeObserver(measure);
      observer.current.observe(element);
    }
  }, []);
  useEffect(() => () => observer.current?.disconnect(), []);
  return [ref, box];
}
