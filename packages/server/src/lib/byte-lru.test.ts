import { describe, expect, it } from 'vitest';
import { ByteLru } from './byte-lru';

const bytes = (n: number, fill = 1) => Buffer.alloc(n, fill);

describe('byte-bounded LRU', () => {
  it('keeps buffers up to its budget and drops the least recently used first', () => {
    const lru = new ByteLru(100);
    lru.set('a', bytes(40));
    lru.set('b', bytes(40));
    expect(lru.get('a')).toBeDefined(); // a is now the most recent
    lru.set('c', bytes(40)); // over budget: b goes
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBeDefined();
    expect(lru.get('c')).toBeDefined();
    expect(lru.bytes).toBe(80);
  });

  it('replaces a key without counting it twice and refuses what exceeds the budget', () => {
    const lru = new ByteLru(100);
    lru.set('a', bytes(60, 1));
    lru.set('a', bytes(30, 2));
    expect(lru.bytes).toBe(30);
    expect(lru.get('a')?.[0]).toBe(2);
    lru.set('huge', bytes(101));
    expect(lru.get('huge')).toBeUndefined();
    expect(lru.bytes).toBe(30);
  });

  it('keeps nothing with a budget of 0 (the cache switched off)', () => {
    const lru = new ByteLru(0);
    lru.set('a', bytes(1));
    expect(lru.get('a')).toBeUndefined();
  });
});
