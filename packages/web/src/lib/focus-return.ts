/**
 * Keeping the keyboard's place when a dialog's action removes what opened it (a row deleted, an
 * upload cancelled): the dialog hands the focus back to the button that opened it, and when that
 * button had gone with its row the focus fell to the page's body — a keyboard user started again
 * from the top of the page, and a screen reader said nothing.
 */

/** Controls that take the keyboard's focus (as the browser's Tab order counts them). */
export const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]):not([type="hidden"]), ' +
  'select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * How long after the dialog closed the row may still be removed (a list fetched again, over a
 * slow hospital link). The watch ends sooner once the user moves the focus themselves.
 */
const WATCH_MS = 10_000;
const WATCH_STEP_MS = 100;
/** How long a closing confirmation may keep the focus before the watch gives up. */
const MODAL_WAIT_MS = 10_000;

export interface NotedFocus {
  opener: HTMLElement;
  /** The controls after the opener in the page's order (the next row's first). */
  following: HTMLElement[];
  /** The controls before it, nearest first. */
  preceding: HTMLElement[];
}

/** Whether an element takes part in the layout (not hidden, not in a closed part). */
export const laidOut = (el: HTMLElement) => el.getClientRects().length > 0;

/** Where the focus is now (as a dialog opens); null when nothing has it. */
export function noteFocus(): NotedFocus | null {
  const opener = document.activeElement;
  if (!(opener instanceof HTMLElement) || opener === document.body) {
    return null;
  }
  const all = Array.from(document.querySelectorAll<HTMLElement>(FOCUSABLE));
  const at = all.indexOf(opener);
  if (at < 0) {
    return { opener, following: [], preceding: [] };
  }
  return { opener, following: all.slice(at + 1), preceding: all.slice(0, at).reverse() };
}

/** Whether the focus is lost: on the body, or nowhere. */
const lost = () => !document.activeElement || document.activeElement === document.body;

/**
 * Gives the lost focus back: to the opener while it is there, else to the next control still
 * on the page (the next row's), else the one before it (the last row's, the list's own).
 */
export function returnFocus(noted: NotedFocus, shown: (el: HTMLElement) => boolean = laidOut) {
  if (noted.opener.isConnected && shown(noted.opener)) {
    noted.opener.focus();
    // A disabled opener (or one that takes no focus) does not take it: on to its neighbours.
    if (document.activeElement === noted.opener) {
      return;
    }
  }
  // Checked now, not when the dialog opened: a control may have been disabled since (the
  // queue's Start, once the queue is empty), and focusing it does nothing.
  const usable = (el: HTMLElement) => el.isConnected && el.matches(FOCUSABLE) && shown(el);
  const target = [...noted.following, ...noted.preceding].find(usable);
  target?.focus();
}

/**
 * Watches the focus for a short while after the dialog closed: the row often goes only when the
 * list has been fetched again. Whenever the focus is lost meanwhile it is given back. The watch
 * stops once the focus is elsewhere than the opener (the user moved on, or it was given back to
 * a neighbour), or at the user's own click or scroll: a click on the page's background drops
 * the focus on purpose.
 */
export function returnFocusSoon(noted: NotedFocus | null): void {
  if (!noted) {
    return;
  }
  const closedAt = Date.now();
  // The watch starts once the confirmation has let the focus go.
  let started: number | null = null;
  // The user's own click, or a scroll away from the list (a focus given back would scroll the
  // page back to the row).
  let userMoved = false;
  const onUserMove = () => {
    userMoved = true;
  };
  const USER_MOVES = ['pointerdown', 'wheel'] as const;
  for (const type of USER_MOVES) {
    document.addEventListener(type, onUserMove, { capture: true, passive: true });
  }
  const stop = () => {
    for (const type of USER_MOVES) {
      document.removeEventListener(type, onUserMove, { capture: true });
    }
  };
  const step = () => {
    const now = Date.now();
    if (userMoved) {
      stop();
      return;
    }
    if (document.activeElement?.closest('.ant-modal-wrap')) {
      // The confirmation is still going (its button keeps the focus while it fades out).
      if (now - closedAt > MODAL_WAIT_MS) {
        stop();
        return;
      }
    } else {
      started ??= now;
      if (lost()) {
        // Also when the opener is still there: a row re-drawn or hidden for a moment while the
        // list is read again drops the focus without anyone asking (seen in CI: the focus
        // stayed on the body after an annotation was deleted).
        returnFocus(noted);
      } else if (document.activeElement !== noted.opener) {
        stop();
        return;
      }
      if (now - started > WATCH_MS) {
        stop();
        return;
      }
    }
    window.setTimeout(step, WATCH_STEP_MS);
  };
  step();
}
