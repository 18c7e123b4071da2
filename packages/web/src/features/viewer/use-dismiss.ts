import { useEffect, type RefObject } from 'react';
import { FOCUSABLE } from '@/lib/focus-return';
import { modalAbove } from '@/lib/modal-above';

/** How a popover is dismissed besides a press outside its content and button. */
export interface DismissOptions {
  /** What else counts as its own (the popovers it opens in turn). */
  alsoInside?: (target: Element) => boolean;
  /** Whether Escape closes it (not one holding popovers that Escape closes first). */
  escape?: boolean;
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
  { alsoInside, escape = true }: DismissOptions = {},
): void {
  useEffect(() => {
    if (!open) {
      return;
    }
    const controller = new AbortController();
    const opts = { capture: true, signal: controller.signal };
    // Opened from its button (a key, or a click, which focuses it too): the focus goes to its
    // first control. The popover's content is at the end of the page, and a keyboard user
    // reached its sliders only after the rest of the toolbar, the slide and its tools.
    if (button.current?.contains(document.activeElement)) {
      focusFirstControl(content, button, controller.signal);
    }
    document.addEventListener(
      'keydown',
      (e) => {
        if (escape && e.key === 'Escape' && !modalAbove(content.current)) {
          // One Esc closes one thing: not also the slide's tool (side by side, the ruler).
          e.preventDefault();
          const within = content.current?.contains(document.activeElement);
          close();
          // Back where the keyboard left from, not the page's body.
          if (within) {
            button.current?.focus();
          }
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
          !(alsoInside && target instanceof Element && alsoInside(target)) &&
          !modalAbove(content.current)
        ) {
          close();
        }
      },
      opts,
    );
    return () => controller.abort();
  }, [open, close, content, button, alsoInside, escape]);
}

/**
 * Focuses the first control in `content` (or the first matching `preferred`) once the popover
 * has put it on the page, unless the user moved the focus away from `button` meanwhile.
 */
export function focusFirstControl(
  content: RefObject<HTMLElement | null>,
  button: RefObject<HTMLElement | null>,
  signal: AbortSignal,
  preferred?: string,
): void {
  let tries = 0;
  const attempt = () => {
    if (signal.aborted) {
      return;
    }
    const first =
      (preferred ? content.current?.querySelector<HTMLElement>(preferred) : null) ??
      content.current?.querySelector<HTMLElement>(FOCUSABLE);
    const active = document.activeElement;
    if (active && active !== document.body && !button.current?.contains(active)) {
      // The user has moved on meanwhile (tabbed on, pressed the slide): the focus stays theirs.
      return;
    }
    if (first) {
      first.focus();
    } else if (++tries < 10) {
      window.setTimeout(attempt, 30);
    }
  };
  window.setTimeout(attempt, 0);
}
