import { describe, expect, it } from 'vitest';
import { reportTotals } from './report-totals';

describe('reportTotals', () => {
  it('adds up the hospitals and the period’s days', () => {
    const hospital = (iTotal: number, dTotalMemory: number) => ({
      iHospitalId: iTotal,
      strHospitalName: `H${iTotal}`,
      iTotal,
      iMatched: 1,
      iUnmatched: iTotal - 1,
      iFailed: 0,
      iUnfinished: 1,
      lStoredBytes: 100 * iTotal,
      lUsedBytes: 120 * iTotal,
      dTotalMemory,
    });
    const totals = reportTotals({
      strStart: '2026-02-01',
      strEnd: '2026-02-02',
      listHospital: [hospital(3, 0.1), hospital(2, 0.2)],
      listType: [],
      listDay: [
        { strDay: '2026-02-01', iUploaded: 2, iFailed: 1, iUnfinished: 0, lBytes: 50 },
        { strDay: '2026-02-02', iUploaded: 0, iFailed: 0, iUnfinished: 0, lBytes: 0 },
      ],
    });
    expect(totals).toEqual({
      iTotal: 5,
      iMatched: 2,
      iUnmatched: 3,
      iFailed: 0,
      iUnfinished: 2,
      lStoredBytes: 500,
      lUsedBytes: 600,
      dTotalMemory: 0.3,
      iUploadedInPeriod: 2,
      lBytesInPeriod: 50,
    });
  });
});
