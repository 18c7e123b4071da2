import { useCallback, useEffect, useRef, type RefObject } from 'react';

/**
 * Brings an annotation's row of the list into sight within the side panel, just under the tools
 * held at its top: after Ctrl+Z brought one back or changed it (its row had gone and the list
 * had scrolled on, so "the deleted annotation is back" showed nothing), or a shape picked on
 * the slide. A row the list has not got yet (a restored one, until the list is read again) is
 * revealed once it comes; one only, so later refreshes never pull the panel back to it.
 */
export function useRevealAnnotation(
  panel: RefObject<HTMLElement | null>,
  toolbar: RefObject<HTMLElement | null>,
  /** The list's rows: a new list may hold the row waited for. */
  rows: unknown,
): (iAnnotationId: number) => void {
  const waiting = useRef<number | null>(null);
  const revealWaiting = useCallback(() => {
    const id = waiting.current;
    const row =
      id === null
        ? null
        : panel.current?.querySelector<HTMLElement>(`[data-testid="annotation-item-${id}"]`);
    if (!row) {
      return;
    }
    waiting.current = null;
    // Scrolled to below the sticky tools, not under them: their height changes as they wrap.
    row.style.scrollMarginTop = `${(toolbar.current?.offsetHeight ?? 0) + 4}px`;
    row.scrollIntoView({ block: 'nearest' });
  }, [panel, toolbar]);
  useEffect(revealWaiting, [revealWaiting, rows]);
  return useCallback(
    (iAnnotationId: number) => {
      waiting.current = iAnnotationId;
      revealWaiting();
    },
    [revealWaiting],
  );
}
