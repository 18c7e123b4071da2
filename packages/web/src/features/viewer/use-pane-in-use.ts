import { useSyncExternalStore, type RefObject } from 'react';

/*
 * Which viewer pane the user acts in: the last one a pointer pressed, a wheel turned, a key was
 * typed or the focus went into. Side by side with linked navigation, a zoom in one pane zooms
 * them all, and each pane read its magnification out: a screen reader said it up to four times.
 * Only the pane in use speaks now.
 */

/** The element of a viewer pane (slide-pane.tsx marks it). */
const PANE = '[data-viewer-pane]';
const EVENTS = ['pointerdown', 'wheel', 'keydown', 'focusin'] as const;

let inUse: Element | null = null;
const listeners = new Set<() => void>();

function note(event: Event): void {
  const pane = event.target instanceof Element ? event.target.closest(PANE) : null;
  // Outside every pane (the page's menu, a dialog) the last pane stays the one in use.
  if (pane && pane !== inUse) {
    inUse = pane;
    listeners.forEach((cb) => cb());
  }
}

function subscribe(cb: () => void): () => void {
  if (listeners.size === 0) {
    // Capture: OpenSeadragon keeps the slide's own presses and keys from bubbling.
    EVENTS.forEach((type) =>
      document.addEventListener(type, note, { capture: true, passive: true }),
    );
  }
  listeners.add(cb);
  return () => {
    listeners.delete(cb);
    if (listeners.size === 0) {
      EVENTS.forEach((type) => document.removeEventListener(type, note, { capture: true }));
      inUse = null;
    }
  };
}

/** Whether `pane` is the pane the user last acted in (none is, before the first act). */
export function usePaneInUse(pane: RefObject<HTMLElement | null>): boolean {
  return useSyncExternalStore(
    subscribe,
    () => inUse !== null && inUse === pane.current,
    () => false,
  );
}

/**
 * Whether `pane` is the pane in use at this moment, or no pane has been acted in yet: for a key's
 * handler, which runs before React renders the pane's `usePaneInUse` again.
 */
export function paneInUseNow(pane: Element | null): boolean {
  return inUse === null || inUse === pane;
}
