import { describe, expect, it } from 'vitest';
import { slidesOfSeveralCases } from './case-of-slide';

const of = (iPatientId: number | null, strDiagnosistNum: string) => ({
  iPatientId,
  strDiagnosistNum,
});

describe('slidesOfSeveralCases', () => {
  it('is false for slides of one case, whatever else they differ in', () => {
    expect(slidesOfSeveralCases([of(7, 'A1'), of(7, 'A1'), undefined])).toBe(false);
    expect(slidesOfSeveralCases([of(7, 'A1')])).toBe(false);
    expect(slidesOfSeveralCases([])).toBe(false);
  });

  it('is true for slides of two cases, or of a case and an unmatched number', () => {
    expect(slidesOfSeveralCases([of(7, 'A1'), of(8, 'A2')])).toBe(true);
    expect(slidesOfSeveralCases([of(7, 'A1'), of(null, 'B9')])).toBe(true);
    expect(slidesOfSeveralCases([of(null, 'B9'), of(null, 'B10')])).toBe(true);
  });

  it('tells unmatched slides apart by their number only', () => {
    expect(slidesOfSeveralCases([of(null, 'B9'), of(null, 'B9')])).toBe(false);
  });
});
