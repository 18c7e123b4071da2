import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { resources } from '@/locales/resources';
import { caseOfSlideText, slidesOfSeveralCases } from './case-of-slide';

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

describe('caseOfSlideText', () => {
  beforeAll(() => i18next.init({ resources, lng: 'en', fallbackLng: false, ns: ['viewer'] }));
  // Fixed once i18next has started (beforeAll).
  const text = (slide: Parameters<typeof caseOfSlideText>[1]) =>
    caseOfSlideText(i18next.getFixedT('en', 'viewer'), slide);
  const slide = (iPatientId: number | null, strPatientName: string | null) => ({
    iPatientId,
    strDiagnosistNum: 'BL2026-0815',
    strPatientName,
  });

  it('names a matched slide’s number and patient, or its number alone', () => {
    expect(text(slide(7, 'Wang Fang'))).toBe('Pathology no. BL2026-0815 · Wang Fang');
    expect(text(slide(7, null))).toBe('Pathology no. BL2026-0815');
  });

  it('says an unmatched slide is in no case yet', () => {
    expect(text(slide(null, null))).toBe('Pathology no. BL2026-0815 · not matched to a case');
  });
});
