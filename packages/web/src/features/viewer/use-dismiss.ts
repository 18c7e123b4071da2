import { useEffect, type RefObject } from 'react';
import { modalAbove } from '@/lib/modal-above';

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
