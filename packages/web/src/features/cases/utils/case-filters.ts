import type { Dayjs } from 'dayjs';
import type { PatientListName, PatientQuery } from '@pathconsult/shared';

/** What the filter bar of a case list holds. */
export interface CaseFilterValues {
  strPatientName?: string;
  strDiagnosistNum?: string;
  iPatientState?: number;
  iClassification?: number;
  /** Creation days (quick ranges of spec §9: yesterday, 7 days, 30 days). */
  range?: [Dayjs, Dayjs] | null;
}

export type CaseFilterQuery = Pick<
  PatientQuery,
  'strPatientName' | 'strDiagnosistNum' | 'iPatientState' | 'iClassification' | 'dtStart' | 'dtEnd'
>;

/**
 * Whether a list offers the state filter. Each list but the saved cases holds one state (the
 * server picks them from `strList`); saved cases may be in any state.
 */
export function listHasStateFilter(list: PatientListName): boolean {
  return list === 'collection';
}

/**
 * The picked creation days as calendar days. The server reads a plain date as that day in China
 * Standard Time, the product's home zone, like every calendar day of a case (docs/decisions.md),
 * and includes the end day.
 */
export function rangeToDays(range: [Dayjs, Dayjs] | null | undefined): {
  dtStart?: string;
  dtEnd?: string;
} {
  if (!range) {
    return {};
  }
  return { dtStart: range[0].format('YYYY-MM-DD'), dtEnd: range[1].format('YYYY-MM-DD') };
}

/** The filters as the query of patient/selectPatient: blanks left out, the days as dates. */
export function caseFiltersToQuery(
  values: CaseFilterValues,
  list: PatientListName,
): CaseFilterQuery {
  const text = (value: string | undefined) => value?.trim() || undefined;
  return {
    strPatientName: text(values.strPatientName),
    strDiagnosistNum: text(values.strDiagnosistNum),
    iPatientState: listHasStateFilter(list) ? (values.iPatientState ?? undefined) : undefined,
    iClassification: values.iClassification ?? undefined,
    ...rangeToDays(values.range),
  };
}
