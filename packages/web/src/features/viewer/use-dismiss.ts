import { useEffect, type RefObject } from 'react';

/**
 * Whether a modal layer (an image preview opened from the popover, a dialog) lies over the page
 * outside `content`: Escape and presses then belong to that layer, which closes first, as the
 * topmost thing does everywhere else.
 */
function modalAbove(content: HTMLElement | null): boolean {
  return [...document.querySelectorAll('[aria-modal="true"]')].some(
    (layer) => !layer.contains(content) && layer.getClientRects().length > 0,
  );
}

/**
 * Closes a viewer popover (`open`) on Escape or on a press outside its content and its button.
 * Listened to in the capture phase: OpenSeadragon keeps presses on the slide to itself, so a
 * popover's own outside-click never saw them, and antd's popovers ignore Escape.
 */
export function useDismiss(
  open: boolean,
  close: () => void,
  content: RefObject<HTMLElement | null>,
  button: RefObject<HTMLElement | null>,
): void {
  useEffect(() => {
    if (!open) {
      return;
    }
    const controller = new AbortController();
    const opts = { capture: true, signal: controller.signal };
    document.addEventListener(
      'keydown',
      (e) => {
        if (e.key === 'Escape' && !modalAbove(content.current)) {
          close();
        }
      },
      opts,
    );
    document.addEventListener(
      'pointerdown',
      (e) => {
        const target = e.target as Node;
        if (
          !content.current?.contains(target) &&
          !button.current?.contains(target) &&
          !modalAbove(content.current)
        ) {
          close();
        }
      },
      opts,
    );
    return () => controller.abort();
  }, [open, close, content, button]);
}
