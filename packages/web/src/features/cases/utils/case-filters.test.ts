import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { patientQuerySchema } from '@pathconsult/shared';
import { quickRanges } from '@/features/audit/utils/date-range';
import { caseFiltersToQuery, listHasStateFilter, rangeToDays } from './case-filters';

const now = dayjs('2026-03-15T10:20:00');

describe('case list filters', () => {
  it('the quick ranges of spec §9 become calendar days, today included', () => {
    const ranges = quickRanges(now);
    expect(rangeToDays(ranges.yesterday)).toEqual({ dtStart: '2026-03-14', dtEnd: '2026-03-14' });
    expect(rangeToDays(ranges.last7Days)).toEqual({ dtStart: '2026-03-09', dtEnd: '2026-03-15' });
    expect(rangeToDays(ranges.last30Days)).toEqual({
      dtStart: '2026-02-14',
      dtEnd: '2026-03-15',
    });
    expect(rangeToDays(null)).toEqual({});
  });

  it('leaves blanks out and trims, into a query the server accepts', () => {
    const query = caseFiltersToQuery(
      {
        strPatientName: '  张 ',
        strDiagnosistNum: '   ',
        iClassification: 3,
        range: quickRanges(now).last7Days,
      },
      'new',
    );
    expect(query).toEqual({
      strPatientName: '张',
      strDiagnosistNum: undefined,
      iPatientState: undefined,
      iClassification: 3,
      dtStart: '2026-03-09',
      dtEnd: '2026-03-15',
    });
    expect(patientQuerySchema.safeParse({ strList: 'new', ...query }).success).toBe(true);
  });

  it('filters by state only in the saved cases, the one list that mixes states', () => {
    expect(listHasStateFilter('collection')).toBe(true);
    expect(listHasStateFilter('new')).toBe(false);
    expect(caseFiltersToQuery({ iPatientState: 2 }, 'collection').iPatientState).toBe(2);
    expect(caseFiltersToQuery({ iPatientState: 2 }, 'waiting').iPatientState).toBeUndefined();
  });
});
