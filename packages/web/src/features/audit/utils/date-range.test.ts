import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { quickRanges, rangeToQuery } from './date-range';

describe('quickRanges', () => {
  const now = dayjs('2025-03-10T15:30:00');
  const ranges = quickRanges(now);
  const fmt = (r: [dayjs.Dayjs, dayjs.Dayjs]) => r.map((d) => d.format('YYYY-MM-DD HH:mm'));

  it('covers the whole of yesterday', () => {
    expect(fmt(ranges.yesterday)).toEqual(['2025-03-09 00:00', '2025-03-09 23:59']);
  });
  it('covers 7 and 30 days including today', () => {
    expect(fmt(ranges.last7Days)).toEqual(['2025-03-04 00:00', '2025-03-10 23:59']);
    expect(fmt(ranges.last30Days)).toEqual(['2025-02-09 00:00', '2025-03-10 23:59']);
  });
});

describe('rangeToQuery', () => {
  it('sends nothing without a range', () => {
    expect(rangeToQuery(null)).toEqual({});
  });
  it('sends the local day bounds as instants', () => {
    const q = rangeToQuery([dayjs('2025-03-01T12:00:00'), dayjs('2025-03-02T08:00:00')]);
    expect(dayjs(q.dtStart).format('YYYY-MM-DD HH:mm:ss')).toBe('2025-03-01 00:00:00');
    expect(dayjs(q.dtEnd).format('YYYY-MM-DD HH:mm:ss')).toBe('2025-03-02 23:59:59');
    expect(q.dtStart).toMatch(/Z$/);
  });
});
