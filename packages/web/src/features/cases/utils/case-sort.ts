import type { PatientQuery } from '@pathconsult/shared';

export type CaseSort = PatientQuery['strSort'];
export type SortColumn = 'created' | 'number';

/** The lists open newest first (the server's default too). */
export const DEFAULT_CASE_SORT: CaseSort = 'createdDesc';

/**
 * The sort after a click on a column header. Creation time toggles newest/oldest first; the
 * pathology number goes ascending, descending, then back to the default order, as antd's own
 * three-state sorters do.
 */
export function nextCaseSort(current: CaseSort, column: SortColumn): CaseSort {
  if (column === 'created') {
    return current === 'createdDesc' ? 'createdAsc' : 'createdDesc';
  }
  if (current === 'numAsc') {
    return 'numDesc';
  }
  return current === 'numDesc' ? DEFAULT_CASE_SORT : 'numAsc';
}

/** The arrow a column header shows for the current sort. */
export function sortOrderOf(sort: CaseSort, column: SortColumn): 'ascend' | 'descend' | null {
  const prefix = column === 'created' ? 'created' : 'num';
  if (sort === `${prefix}Asc`) {
    return 'ascend';
  }
  return sort === `${prefix}Desc` ? 'descend' : null;
}
