import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultPageSize, PAGE_SIZE_KEY, rememberPageSize, storedPageSize } from './page-size';
import { memoryStorage } from '@/test-support/memory-storage';

/** A storage that throws on every use, as in a private window or with storage blocked. */
const blockedStorage = {
  getItem: () => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  },
  setItem: () => {
    throw new DOMException('Quota exceeded', 'QuotaExceededError');
  },
};

beforeEach(() => {
  // A 2560-pixel screen: its own default (15) differs from every stored size used below.
  vi.stubGlobal('window', { screen: { width: 2560 }, devicePixelRatio: 1 });
});
afterEach(() => vi.unstubAllGlobals());

describe('default page size of the lists (spec §9: from a stored setting)', () => {
  it('is the screen width one while nothing is stored', () => {
    vi.stubGlobal('localStorage', memoryStorage());
    expect(storedPageSize()).toBeNull();
    expect(defaultPageSize()).toBe(15);
  });

  it('is the stored one when it is an offered size', () => {
    vi.stubGlobal('localStorage', memoryStorage({ [PAGE_SIZE_KEY]: '30' }));
    expect(defaultPageSize()).toBe(30);
  });

  it('ignores a stored value that is not an offered size', () => {
    for (const bad of ['50', '0', '', '20.0', ' 20', 'abc']) {
      vi.stubGlobal('localStorage', memoryStorage({ [PAGE_SIZE_KEY]: bad }));
      expect(defaultPageSize(), bad).toBe(15);
    }
  });

  it('is the screen width one when storage throws or is missing', () => {
    vi.stubGlobal('localStorage', blockedStorage);
    expect(defaultPageSize()).toBe(15);
    vi.stubGlobal('localStorage', undefined);
    expect(defaultPageSize()).toBe(15);
  });
});

describe('remembering the page size picked', () => {
  it('makes it the default of the next list', () => {
    const storage = memoryStorage();
    vi.stubGlobal('localStorage', storage);
    rememberPageSize(30);
    expect(storage.data.get(PAGE_SIZE_KEY)).toBe('30');
    expect(defaultPageSize()).toBe(30);
    rememberPageSize(10);
    expect(defaultPageSize()).toBe(10);
  });

  it('keeps a good stored size over one that is not offered (antd default options)', () => {
    const storage = memoryStorage({ [PAGE_SIZE_KEY]: '20' });
    vi.stubGlobal('localStorage', storage);
    rememberPageSize(50);
    expect(storage.data.get(PAGE_SIZE_KEY)).toBe('20');
  });

  it('does not throw without storage', () => {
    vi.stubGlobal('localStorage', blockedStorage);
    expect(() => rememberPageSize(20)).not.toThrow();
    vi.stubGlobal('localStorage', undefined);
    expect(() => rememberPageSize(20)).not.toThrow();
  });
});
