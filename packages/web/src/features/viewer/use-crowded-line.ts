import { useLayoutEffect, useState, type RefObject } from 'react';
import { useElementWidth } from '@/lib/use-element-width';

/**
 * Whether a one-line bar (`ref`) is too narrow for its full content, so that the caller shows a
 * shorter form of it (the viewer's magnification steps as a list instead of six buttons).
 *
 * Fixed widths cannot decide it: the room a pane's controls need depends on the fonts, the
 * language and whether a turned slide's angle is shown. So the full form is laid out and
 * measured before the browser paints (no flicker): when it overflows, the short form is shown
 * until the bar's width or `contentKey` (what else changes the full form's width) changes, and
 * then the full form is tried again. Measuring only then keeps layout reads off the viewer's
 * per-frame re-renders.
 */
/** Transitions that change an element's size (not a hover's colours). */
const RESIZING = /width|height|padding|margin|font-size|gap/;

/** A one-line bar is crowded when its content runs past its end (it scrolls sideways). */
export const runsPastEnd = (el: HTMLElement) => el.scrollWidth > el.clientWidth;

/**
 * A wrapping bar is crowded when its controls take more than `rows` lines: its items (and the
 * items of its `display: contents` groups), items without width left out. An item starts a line
 * when it lies below the last line's items; a shorter item centred on a line does not.
 */
export const wrapsPast =
  (rows: number) =>
  (el: HTMLElement): boolean => {
    const boxes: DOMRect[] = [];
    const collect = (parent: Element) => {
      for (const child of parent.children) {
        const style = getComputedStyle(child);
        if (style.display === 'contents') {
          collect(child);
        } else if (style.display !== 'none') {
          const box = child.getBoundingClientRect();
          if (box.width > 0) {
            boxes.push(box);
          }
        }
      }
    };
    collect(el);
    return linesOf(boxes) > rows;
  };

/** How many lines boxes laid out in wrapping lines take (1 px of overlap allowed). */
export function linesOf(boxes: readonly { top: number; bottom: number }[]): number {
  let lines = 0;
  let lineBottom = -Infinity;
  for (const box of [...boxes].sort((a, b) => a.top - b.top)) {
    if (box.top >= lineBottom - 1) {
      lines += 1;
      lineBottom = box.bottom;
    } else {
      lineBottom = Math.max(lineBottom, box.bottom);
    }
  }
  return lines;
}

export function useCrowdedLine(
  ref: RefObject<HTMLElement | null>,
  contentKey: string,
  active: boolean,
  /** Whether the full form, laid out, does not fit (a one-line bar's by default). */
  overflows: (el: HTMLElement) => boolean = runsPastEnd,
): boolean {
  const width = useElementWidth(ref, active);
  const [overflowed, setOverflowed] = useState<{ key: string; width: number } | null>(null);
  const crowded = active && overflowed?.key === contentKey && overflowed.width === width;

  // antd animates a button's change of size (a pane turning compact when a slide opens beside
  // it): measured in the middle of that, the full form overflowed by a few pixels and stayed a
  // list. Once a change of size has ended, the full form is tried again.
  useLayoutEffect(() => {
    const el = ref.current;
    if (!active || !el || !crowded) {
      return;
    }
    const retry = (event: TransitionEvent) => {
      if (RESIZING.test(event.propertyName)) {
        setOverflowed(null);
      }
    };
    el.addEventListener('transitionend', retry);
    return () => el.removeEventListener('transitionend', retry);
  }, [ref, active, crowded]);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!active || !el || crowded) {
      return;
    }
    // Laid out in full now: does it fit?
    if (overflows(el)) {
      setOverflowed({ key: contentKey, width });
    }
  }, [ref, active, crowded, contentKey, width, overflows]);

  return crowded;
}
