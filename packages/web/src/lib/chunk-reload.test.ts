import { describe, expect, it, vi } from 'vitest';
import {
  CHUNK_RELOAD_KEY,
  RELOAD_WINDOW_MS,
  isChunkLoadError,
  reloadForChunkError,
  shouldReloadForChunk,
} from './chunk-reload';
import { memoryStorage } from '@/test-support/memory-storage';

const missing = new TypeError(
  'Failed to fetch dynamically imported module: https://pc.example/assets/case-list-page-Bx1.js',
);

describe('a screen script that failed to load after a deployment', () => {
  it('is recognised in the words of each browser and of Vite, not any error', () => {
    expect(isChunkLoadError(missing)).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true);
    expect(isChunkLoadError(new Error('The page script took too long to load'))).toBe(false);
    expect(isChunkLoadError(new TypeError('x is undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('reloads once, then not again within the window, and again after it', () => {
    expect(shouldReloadForChunk(1_000, null)).toBe(true);
    expect(shouldReloadForChunk(1_000 + RELOAD_WINDOW_MS - 1, 1_000)).toBe(false);
    expect(shouldReloadForChunk(1_000 + RELOAD_WINDOW_MS, 1_000)).toBe(true);
    // A clock turned back does not block reloads for good.
    expect(shouldReloadForChunk(500, 1_000)).toBe(true);
  });

  it('reloads the page and keeps when, so that the next failure shows the error page', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    let now = 5_000_000;
    const deps = { storage, reload, now: () => now };
    expect(reloadForChunkError(missing, deps)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(storage.data.get(CHUNK_RELOAD_KEY)).toBe('5000000');
    // The reloaded page fails the same way at once: no loop.
    now += 2_000;
    expect(reloadForChunkError(missing, deps)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    // A later deployment in the same tab reloads again.
    now += RELOAD_WINDOW_MS;
    expect(reloadForChunkError(missing, deps)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('does not reload while the page is busy (an upload running), nor count it as a reload', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    let busy = true;
    const deps = { storage, reload, now: () => 9_000_000, busy: () => busy };
    expect(reloadForChunkError(missing, deps)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    expect(storage.data.has(CHUNK_RELOAD_KEY)).toBe(false);
    busy = false;
    expect(reloadForChunkError(missing, deps)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('leaves other errors, a damaged record and a refusing storage to the error page', () => {
    const reload = vi.fn();
    const now = () => 1_000_000;
    expect(reloadForChunkError(new Error('boom'), { storage: memoryStorage(), reload, now })).toBe(
      false,
    );
    // A damaged record counts as none.
    const damaged = memoryStorage({ [CHUNK_RELOAD_KEY]: 'soon' });
    expect(reloadForChunkError(missing, { storage: damaged, reload, now })).toBe(true);
    reload.mockClear();
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
    };
    expect(reloadForChunkError(missing, { storage: refusing, reload, now })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
