import type { SlideStatisticsReport } from '@pathconsult/shared';

/** The screen's figures: the hospitals' slides and storage added up, and the period's uploads. */
export interface ReportTotals {
  iTotal: number;
  iMatched: number;
  iUnmatched: number;
  iFailed: number;
  /** Uploads begun and not finished (under way or interrupted). */
  iUnfinished: number;
  lStoredBytes: number;
  lUsedBytes: number;
  /** GB, as administrators set hospitals' storage. */
  dTotalMemory: number;
  /** Uploads begun within the period, removed ones included. */
  iUploadedInPeriod: number;
  lBytesInPeriod: number;
}

export function reportTotals(report: SlideStatisticsReport): ReportTotals {
  const totals: ReportTotals = {
    iTotal: 0,
    iMatched: 0,
    iUnmatched: 0,
    iFailed: 0,
    iUnfinished: 0,
    lStoredBytes: 0,
    lUsedBytes: 0,
    dTotalMemory: 0,
    iUploadedInPeriod: 0,
    lBytesInPeriod: 0,
  };
  for (const h of report.listHospital) {
    totals.iTotal += h.iTotal;
    totals.iMatched += h.iMatched;
    totals.iUnmatched += h.iUnmatched;
    totals.iFailed += h.iFailed;
    totals.iUnfinished += h.iUnfinished;
    totals.lStoredBytes += h.lStoredBytes;
    totals.lUsedBytes += h.lUsedBytes;
    totals.dTotalMemory += h.dTotalMemory;
  }
  for (const d of report.listDay) {
    totals.iUploadedInPeriod += d.iUploaded;
    totals.lBytesInPeriod += d.lBytes;
  }
  // Sums of decimals (GB set as 0.1, 0.2…) kept to what the administrators typed.
  totals.dTotalMemory = Math.round(totals.dTotalMemory * 1000) / 1000;
  return totals;
}
