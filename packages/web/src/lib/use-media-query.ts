import { useCallback, useSyncExternalStore } from 'react';

/** A touch screen with no hovering pointer (phones, tablets): controls a finger's size. */
export const TOUCH_QUERY = '(hover: none) and (pointer: coarse)';

/**
 * Whether the CSS media `query` matches now, followed as it changes (a window narrowed, a tablet
 * turned), not only when the screen first rendered.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (changed: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}
