import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { hasActiveFilters, slideFiltersToQuery } from './slide-filters';

describe('slideFiltersToQuery', () => {
  it('leaves blanks out and trims the texts', () => {
    expect(slideFiltersToQuery({ strFileName: '   ', strDiagnosistNum: ' BL-1 ' })).toEqual({
      strFileName: undefined,
      strDiagnosistNum: 'BL-1',
      iMatchState: undefined,
      iUploadState: undefined,
      iHospitalId: undefined,
    });
  });

  it('keeps the zero states (unmatched, uploading) and sends the days as local instants', () => {
    const q = slideFiltersToQuery({
      iMatchState: 0,
      iUploadState: 0,
      iHospitalId: 3,
      range: [dayjs('2026-03-01T15:00:00'), dayjs('2026-03-02T09:00:00')],
    });
    expect(q).toMatchObject({ iMatchState: 0, iUploadState: 0, iHospitalId: 3 });
    expect(dayjs(q.dtStart).format('YYYY-MM-DD HH:mm')).toBe('2026-03-01 00:00');
    expect(dayjs(q.dtEnd).format('YYYY-MM-DD HH:mm:ss')).toBe('2026-03-02 23:59:59');
  });
});

describe('hasActiveFilters', () => {
  it('tells a filtered list from the whole one, the zero states counting as filters', () => {
    expect(hasActiveFilters({})).toBe(false);
    expect(hasActiveFilters(slideFiltersToQuery({ strFileName: '  ', range: null }))).toBe(false);
    expect(hasActiveFilters(slideFiltersToQuery({ strFileName: 'zzz' }))).toBe(true);
    expect(hasActiveFilters(slideFiltersToQuery({ iMatchState: 0 }))).toBe(true);
    expect(hasActiveFilters({ dtStart: '2026-03-01T00:00:00.000Z' })).toBe(true);
  });
});
