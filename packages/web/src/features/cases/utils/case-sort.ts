import type { PatientQuery } from '@pathconsult/shared';

export type CaseSort = PatientQuery['strSort'];
/** The sortable columns, by their key in CaseSort: creation time and pathology number. */
export type SortColumn = 'created' | 'num';

/** The lists open newest first (the server's default too). */
export const DEFAULT_CASE_SORT: CaseSort = 'createdDesc';
