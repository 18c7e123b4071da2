import type { Dayjs } from 'dayjs';
import type { SlideListQuery } from '@pathconsult/shared';
import { rangeToQuery } from '@/features/audit/utils/date-range';

/** What the filter bar of a slide list holds. */
export interface SlideFilterValues {
  strFileName?: string;
  strDiagnosistNum?: string;
  strPatientName?: string;
  iMatchState?: number;
  iUploadState?: number;
  iHospitalId?: number;
  /** Upload days, in the user's own time zone. */
  range?: [Dayjs, Dayjs] | null;
}

export type SlideFilterQuery = Pick<
  SlideListQuery,
  | 'strFileName'
  | 'strDiagnosistNum'
  | 'strPatientName'
  | 'iMatchState'
  | 'iUploadState'
  | 'iHospitalId'
  | 'dtStart'
  | 'dtEnd'
>;

/** The filters as the query of selectSlideDocumentByType: blanks left out, days as instants. */
export function slideFiltersToQuery(values: SlideFilterValues): SlideFilterQuery {
  const text = (value: string | undefined) => value?.trim() || undefined;
  return {
    strFileName: text(values.strFileName),
    strDiagnosistNum: text(values.strDiagnosistNum),
    strPatientName: text(values.strPatientName),
    iMatchState: values.iMatchState ?? undefined,
    iUploadState: values.iUploadState ?? undefined,
    iHospitalId: values.iHospitalId ?? undefined,
    ...rangeToQuery(values.range),
  };
}

/**
 * Whether the list is narrowed by a filter: an empty answer then means "nothing matches", not
 * "no slides", and the list offers to reset the filters.
 */
export function hasActiveFilters(query: SlideFilterQuery): boolean {
  return Object.values(query).some((value) => value !== undefined && value !== '');
}
