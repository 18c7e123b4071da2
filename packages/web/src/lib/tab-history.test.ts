import { beforeEach, describe, expect, it } from 'vitest';

const data = new Map<string, string>();
const history = { length: 1, state: null as unknown };
Object.assign(globalThis, {
  sessionStorage: {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  },
  window: { history },
});
const { cameFromPlatform, noteTabStart } = await import('./tab-history');

describe('whether Back stays in the platform', () => {
  beforeEach(() => {
    data.clear();
    history.length = 1;
    history.state = null;
  });

  it('a link opened in a tab that had been on another site: home, also after a reload', () => {
    history.length = 2;
    noteTabStart();
    history.state = { idx: 0 };
    expect(cameFromPlatform()).toBe(false);
    // Reloaded (the session ended, say): the first length is kept.
    noteTabStart();
    expect(cameFromPlatform()).toBe(false);
  });

  it('a page the router came to: back', () => {
    history.length = 2;
    noteTabStart();
    history.length = 3;
    history.state = { idx: 1 };
    expect(cameFromPlatform()).toBe(true);
  });

  it('a new load after platform pages (an address typed): back, though the router starts at 0', () => {
    history.length = 1;
    noteTabStart();
    history.length = 4;
    noteTabStart();
    history.state = { idx: 0 };
    expect(cameFromPlatform()).toBe(true);
  });

  it('an address with its "#/..." typed on a platform page (no router number): back', () => {
    noteTabStart();
    history.length = 2;
    expect(cameFromPlatform()).toBe(true);
  });
});
