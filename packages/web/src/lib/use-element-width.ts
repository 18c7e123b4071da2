import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * The width of `ref`'s element in CSS pixels, followed as it changes (0 before it is laid out).
 * While `watching` is false it is not followed (the last width stays); turning it on measures
 * again, so an element rendered only then is found.
 */
export function useElementWidth(ref: RefObject<HTMLElement | null>, watching = true): number {
  return useElementExtent(ref, watching, widthOf);
}

/** The height of `ref`'s element, border included, followed as useElementWidth follows width. */
export function useElementHeight(ref: RefObject<HTMLElement | null>, watching = true): number {
  return useElementExtent(ref, watching, heightOf);
}

const widthOf = (el: HTMLElement) => el.clientWidth;
const heightOf = (el: HTMLElement) => el.offsetHeight;

function useElementExtent(
  ref: RefObject<HTMLElement | null>,
  watching: boolean,
  measure: (el: HTMLElement) => number,
): number {
  const [extent, setExtent] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!watching || !el) {
      return;
    }
    setExtent(measure(el));
    const observer = new ResizeObserver(() => setExtent(measure(el)));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, watching, measure]);
  return extent;
}
