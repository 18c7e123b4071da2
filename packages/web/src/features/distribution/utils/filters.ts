import type { Dayjs } from 'dayjs';
import type { DistributionQuery } from '@pathconsult/shared';
import { rangeToDays } from '@/features/cases/utils/case-filters';

/** What the filter bar of the distribution lists holds. */
export interface DistributionFilterValues {
  strPatientName?: string;
  strDiagnosistNum?: string;
  /** Days of the sending (quick ranges of spec §9). */
  range?: [Dayjs, Dayjs] | null;
}

export type DistributionFilters = Omit<DistributionQuery, 'iCurPage' | 'iPageSize'>;

/** The filters as the list query: blanks left out, the days as China calendar days. */
export function toDistributionFilters(values: DistributionFilterValues): DistributionFilters {
  const text = (value: string | undefined) => value?.trim() || undefined;
  return {
    strPatientName: text(values.strPatientName),
    strDiagnosistNum: text(values.strDiagnosistNum),
    ...rangeToDays(values.range),
  };
}
