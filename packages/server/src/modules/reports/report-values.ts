import { CASE_CLASSIFICATIONS, type PatientDto, type ReportFieldKey } from '@pathconsult/shared';
import type { ReportTexts } from './report-labels';
import { reportDateTime } from './report-time';

/** A case date (`YYYY-MM-DD`, a calendar day as entered: no zone applies) as reports write dates. */
function plainDate(value: string | null): string {
  return value ? value.slice(0, 10).replaceAll('-', '/') : '';
}

function instant(value: string | null, timeZone: string): string {
  return value ? reportDateTime(new Date(value), timeZone) : '';
}

/** The word of a code, or the bare number when the table does not know it. */
function word(table: Record<number, string>, dd: { iNumber: number } | null): string {
  if (!dd) {
    return '';
  }
  return table[dd.iNumber] ?? String(dd.iNumber);
}

function classification(texts: ReportTexts, dd: { iNumber: number } | null): string {
  const key = dd ? CASE_CLASSIFICATIONS[dd.iNumber - 1] : undefined;
  return key ? texts.classification[key] : word({}, dd);
}

function age(texts: ReportTexts, p: PatientDto): string {
  const { year, month, day, gap } = texts.age;
  return (
    [
      [p.iAgeYear, year],
      [p.iAgeMonth, month],
      [p.iAgeDay, day],
    ] as const
  )
    .filter(([n]) => typeof n === 'number' && n > 0)
    .map(([n, unit]) => `${n}${gap}${unit}`)
    .join(gap);
}

/**
 * What a report prints for one field of the case: codes as words of the report's language,
 * times in the report's zone, the case's own texts as entered. Empty when not filled in.
 */
export function fieldValue(
  field: ReportFieldKey,
  p: PatientDto,
  texts: ReportTexts,
  timeZone: string,
): string {
  switch (field) {
    case 'ddSex':
      return word(texts.sex, p.ddSex);
    case 'ddClassification':
      return classification(texts, p.ddClassification);
    case 'ddSampleType':
      return word(texts.sampleType, p.ddSampleType);
    case 'ddDiagnosticType':
      return word(texts.diagnosticType, p.ddDiagnosticType);
    case 'ddEmergency':
      return word(texts.emergency, p.ddEmergency);
    case 'age':
      return age(texts, p);
    case 'owner':
      return p.owner.strRealName;
    case 'iFrozenHeadNum':
      return p.iFrozenHeadNum == null ? '' : String(p.iFrozenHeadNum);
    case 'dtSubmitTime':
      return instant(p.dtSubmitTime, timeZone);
    case 'dtSampleTime':
      return instant(p.dtSampleTime, timeZone);
    case 'dtCollectedDate':
      return plainDate(p.dtCollectedDate);
    case 'dtReceivedDate':
      return plainDate(p.dtReceivedDate);
    default:
      return p[field];
  }
}
