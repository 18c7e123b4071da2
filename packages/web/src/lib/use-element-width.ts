import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * The width of `ref`'s element in CSS pixels, followed as it changes (0 before it is laid out).
 * While `watching` is false it is not followed (the last width stays); turning it on measures
 * again, so an element rendered only then is found.
 */
export function useElementWidth(ref: RefObject<HTMLElement | null>, watching = true): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!watching || !el) {
      return;
    }
    setWidth(el.clientWidth);
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, watching]);
  return width;
}
