import { describe, expect, it } from 'vitest';
import { nulPaths } from './nul-character';

describe('nulPaths', () => {
  it('finds NUL characters in strings and keys, with their paths, in document order', () => {
    expect(
      nulPaths({
        a: 'fine',
        b: ['x', 'y\u0000', { c: 'z\u0000' }],
        'k\u0000': 1,
        d: { e: 2, f: null, g: '\u0000' },
      }),
    ).toEqual([['b', 1], ['b', 2, 'c'], [], ['d', 'g']]);
    expect(nulPaths('\u0000')).toEqual([[]]);
    expect(nulPaths({ a: [1, 2, 3], b: true })).toEqual([]);
  });

  it('walks a body nested far deeper than any schema without overflowing the call stack', () => {
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < 50_000; i++) {
      deep = [deep];
    }
    const found = nulPaths(deep);
    expect(found).toHaveLength(1);
    expect(found[0]).toHaveLength(50_000);
  });
});
