import {
  IMPORT_COLUMNS,
  type CaseImportReport,
  type CaseImportMode,
  type Lang,
} from '@pathconsult/shared';

/** A report's field name as the user knows it: the template's column title in `lang`. */
export function importFieldTitle(field: string, lang: Lang): string {
  const col = IMPORT_COLUMNS.find((c) => c.field === field);
  return col ? col[lang] : field;
}

/**
 * How many cases a commit would create in `mode`: allOrNothing creates nothing while any row is
 * invalid. The screen states it before the user confirms.
 */
export function casesToCreate(report: CaseImportReport, mode: CaseImportMode): number {
  if (mode === 'allOrNothing') {
    return report.iInvalid > 0 ? 0 : report.iValid;
  }
  return report.iValid;
}

/** Files the picker offers; the server decides by content, this only filters the dialog. */
export const IMPORT_ACCEPT =
  '.xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv';
