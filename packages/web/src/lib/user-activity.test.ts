import { afterEach, describe, expect, it, vi } from 'vitest';
import { idleSeconds, watchUserActivity } from './user-activity';

afterEach(() => vi.useRealTimers());

describe('user activity', () => {
  it('counts the seconds since the last input the window saw, from the page opening', () => {
    vi.useFakeTimers();
    const target = new EventTarget();
    watchUserActivity(target as unknown as Window);
    const start = Date.now();
    vi.setSystemTime(start + 90_500);
    const idle = idleSeconds();
    expect(idle).toBeGreaterThanOrEqual(90);

    target.dispatchEvent(new Event('pointermove'));
    vi.setSystemTime(start + 100_900);
    expect(idleSeconds()).toBe(10);

    target.dispatchEvent(new Event('keydown'));
    expect(idleSeconds()).toBe(0);
    // Anything else (a timer's work, a message arriving) is not use.
    vi.setSystemTime(start + 130_000);
    target.dispatchEvent(new Event('message'));
    expect(idleSeconds()).toBe(29);

    // Reading a report in the PDF frame: its scrolling never reaches the window.
    const reading = { visibilityState: 'visible', activeElement: { tagName: 'IFRAME' } } as const;
    vi.setSystemTime(start + 200_000);
    expect(idleSeconds(Date.now(), reading as unknown as Document)).toBe(0);
    vi.setSystemTime(start + 210_000);
    const hidden = { ...reading, visibilityState: 'hidden' } as const;
    expect(idleSeconds(Date.now(), hidden as unknown as Document)).toBe(10);
  });
});
