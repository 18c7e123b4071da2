/**
 * When the person last used this tab: a key, a click, a touch, the wheel or a pointer move
 * (panning a slide makes no API call, yet is use). The API client reports the seconds since then
 * (`x-idle-seconds`), and the server renews the session's idle time only as far as that: the
 * background calls (unread notices every minute, privileges, a slide's token) kept a tab left
 * open signed in for ever. Calls made outside the client (an upload's chunks) do not report it:
 * an upload running is use.
 */
const INPUT_EVENTS = ['keydown', 'pointerdown', 'pointermove', 'wheel', 'touchstart'] as const;

/** Opening the page is use. */
let lastInputAt = Date.now();

function noteInput(): void {
  lastInputAt = Date.now();
}

/** Listens on the window for the rest of the page's life (capture: a handler that stops them does not hide them). */
export function watchUserActivity(target: Pick<Window, 'addEventListener'> = window): void {
  for (const name of INPUT_EVENTS) {
    target.addEventListener(name, noteInput, { capture: true, passive: true });
  }
}

/**
 * Whole seconds since the last input in this tab. Input inside a frame of the page (the browser's
 * PDF viewer showing a report) never reaches the window: while such a frame has the focus in a
 * tab on view, the person is taken to be reading it.
 */
export function idleSeconds(
  now = Date.now(),
  doc: Pick<Document, 'visibilityState' | 'activeElement'> | undefined = globalThis.document,
): number {
  if (doc?.visibilityState === 'visible' && doc.activeElement?.tagName === 'IFRAME') {
    lastInputAt = now;
  }
  return Math.max(0, Math.floor((now - lastInputAt) / 1000));
}
