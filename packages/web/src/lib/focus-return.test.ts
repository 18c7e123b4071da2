import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { returnFocusSoon, type NotedFocus } from './focus-return';

/**
 * The watch after a confirmation closed, on a stand-in page (the unit tests have no DOM): only
 * what the watch reads of the page — where the focus is, whether a control is there, laid out,
 * focusable, or inside the dialog — and the user's clicks.
 */
interface FakeControl {
  isConnected: boolean;
  laidOut: boolean;
  inDialog: boolean;
  focus(): void;
  matches(): boolean;
  getClientRects(): { length: number };
  closest(selector: string): object | null;
}

const body = { closest: () => null };
/** The page's listeners, by event type. */
const listeners = new Map<string, () => void>();
const page = {
  activeElement: body as unknown,
  body,
  addEventListener: (type: string, fn: () => void) => listeners.set(type, fn),
  removeEventListener: (type: string) => listeners.delete(type),
};

function control(): FakeControl {
  const c: FakeControl = {
    isConnected: true,
    laidOut: true,
    inDialog: false,
    focus() {
      if (c.isConnected) {
        page.activeElement = c;
      }
    },
    matches: () => true,
    getClientRects: () => ({ length: c.laidOut ? 1 : 0 }),
    closest: (selector) => (c.inDialog && selector === '.ant-modal-wrap' ? {} : null),
  };
  return c;
}

const noted = (opener: FakeControl, following: FakeControl[], preceding: FakeControl[]) =>
  ({ opener, following, preceding }) as unknown as NotedFocus;

/** The focus drops to the body, as when the focused control is removed or hidden. */
const dropFocus = () => {
  page.activeElement = body;
};

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('document', page);
  vi.stubGlobal('window', globalThis);
  page.activeElement = body;
  listeners.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('returnFocusSoon', () => {
  it('gives the focus to the next row once the opener row is removed after the dialog', () => {
    const row = control();
    const next = control();
    returnFocusSoon(noted(row, [next], []));
    // The dialog handed the focus back to the row, which a refetch removes later.
    row.focus();
    vi.advanceTimersByTime(300);
    row.isConnected = false;
    dropFocus();
    vi.advanceTimersByTime(200);
    expect(page.activeElement).toBe(next);
  });

  it('gives the focus back when it drops while the opener is still on the page', () => {
    // The row was re-drawn (hidden for a moment) while the list was read again: nobody asked
    // for the focus to go, so it comes back. The watch used to end here and leave the body.
    const row = control();
    const before = control();
    returnFocusSoon(noted(row, [], [before]));
    row.focus();
    vi.advanceTimersByTime(300);
    row.laidOut = false;
    dropFocus();
    vi.advanceTimersByTime(200);
    expect(page.activeElement).toBe(before);
    // Once given to a neighbour, the watch ends and stops listening to clicks.
    vi.advanceTimersByTime(200);
    expect(listeners.size).toBe(0);
  });

  it('leaves the focus where the user dropped it with a click', () => {
    const row = control();
    returnFocusSoon(noted(row, [control()], []));
    row.focus();
    vi.advanceTimersByTime(300);
    listeners.get('pointerdown')?.();
    dropFocus();
    vi.advanceTimersByTime(1_000);
    expect(page.activeElement).toBe(body);
    expect(listeners.size).toBe(0);
  });

  it('waits while the closing dialog still holds the focus', () => {
    const row = control();
    const ok = control();
    ok.inDialog = true;
    page.activeElement = ok;
    returnFocusSoon(noted(row, [], []));
    vi.advanceTimersByTime(500);
    expect(page.activeElement).toBe(ok);
    // The dialog is gone: the focus fell to the body, and goes back to the row.
    ok.isConnected = false;
    dropFocus();
    vi.advanceTimersByTime(200);
    expect(page.activeElement).toBe(row);
  });

  it('skips a neighbour that can no longer take the focus', () => {
    const row = control();
    const disabled = control();
    disabled.matches = () => false;
    const after = control();
    row.isConnected = false;
    returnFocusSoon(noted(row, [disabled, after], []));
    expect(page.activeElement).toBe(after);
  });

  it('passes over an opener that no longer takes the focus (disabled meanwhile)', () => {
    const start = control();
    start.focus = () => undefined;
    const next = control();
    returnFocusSoon(noted(start, [next], []));
    expect(page.activeElement).toBe(next);
  });

  it('leaves the focus alone once the user scrolled away', () => {
    const row = control();
    returnFocusSoon(noted(row, [control()], []));
    row.focus();
    vi.advanceTimersByTime(300);
    listeners.get('wheel')?.();
    dropFocus();
    vi.advanceTimersByTime(1_000);
    expect(page.activeElement).toBe(body);
    expect(listeners.size).toBe(0);
  });
});
