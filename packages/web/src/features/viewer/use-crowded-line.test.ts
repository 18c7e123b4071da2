import { describe, expect, it } from 'vitest';
import { linesOf } from './use-crowded-line';

const box = (top: number, height: number) => ({ top, bottom: top + height });

describe('linesOf', () => {
  it('counts the lines of a wrapping bar, a shorter item centred on a line not one of its own', () => {
    // Buttons 32 px high, the readout 22 px centred among them, a second line 6 px below.
    expect(linesOf([box(0, 32), box(5, 22), box(0, 32), box(38, 32), box(38.4, 32)])).toBe(2);
    expect(linesOf([box(0, 32), box(38, 32), box(76, 32)])).toBe(3);
    // Sub-pixel differences within a line.
    expect(linesOf([box(0.4, 32), box(-0.3, 32)])).toBe(1);
    expect(linesOf([])).toBe(0);
  });
});
