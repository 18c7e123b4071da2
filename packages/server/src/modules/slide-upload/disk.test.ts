import { describe, expect, it } from 'vitest';
import { afterWritten } from './disk';

describe('what is left of a chunk after a short write', () => {
  const pieces = [Buffer.from('abc'), Buffer.from('defg'), Buffer.from('hi')];
  const text = (rest: Buffer[]) => Buffer.concat(rest).toString();

  it('keeps whole pieces not yet reached and cuts the one the write stopped in', () => {
    expect(text(afterWritten(pieces, 0))).toBe('abcdefghi');
    expect(text(afterWritten(pieces, 2))).toBe('cdefghi');
    expect(text(afterWritten(pieces, 3))).toBe('defghi');
    expect(text(afterWritten(pieces, 5))).toBe('fghi');
    expect(afterWritten(pieces, 9)).toEqual([]);
  });
});
