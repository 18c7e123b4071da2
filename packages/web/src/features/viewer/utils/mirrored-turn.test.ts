import { describe, expect, it } from 'vitest';
import { osdTurnStep, shownTurn } from './mirrored-turn';

describe('shownTurn', () => {
  it("is OpenSeadragon's angle, in [0, 360), when not mirrored", () => {
    expect(shownTurn(90, false)).toBe(90);
    expect(shownTurn(-90, false)).toBe(270);
    expect(shownTurn(450, false)).toBe(90);
    expect(shownTurn(0, false)).toBe(0);
  });

  it('goes the other way round when mirrored', () => {
    expect(shownTurn(90, true)).toBe(270);
    expect(shownTurn(-90, true)).toBe(90);
    expect(shownTurn(-270, true)).toBe(270);
    expect(shownTurn(0, true)).toBe(0);
    expect(shownTurn(180, true)).toBe(180);
  });
});

describe('osdTurnStep', () => {
  it('adds a quarter clockwise to the angle seen, mirrored or not', () => {
    for (const mirrored of [false, true]) {
      for (const start of [-270, -90, 0, 90, 180]) {
        const seen = shownTurn(start, mirrored);
        expect(shownTurn(start + osdTurnStep(1, mirrored), mirrored)).toBe((seen + 90) % 360);
        expect(shownTurn(start + osdTurnStep(-1, mirrored), mirrored)).toBe((seen + 270) % 360);
      }
    }
  });
});
