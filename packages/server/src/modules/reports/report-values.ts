import { CASE_CLASSIFICATIONS, type PatientDto, type ReportFieldKey } from '@pathconsult/shared';
import type { ReportTexts } from './report-labels';

/** China Standard Time, the product's home zone (UTC+8, no daylight saving). */
const CST_OFFSET_MS = 8 * 3_600_000;

/** `YYYY/MM/DD HH:mm` in China time, whatever the zone of the server. */
export function chinaDateTime(date: Date): string {
  const iso = new Date(date.getTime() + CST_OFFSET_MS).toISOString();
  return `${iso.slice(0, 10).replaceAll('-', '/')} ${iso.slice(11, 16)}`;
}

/** A case date (`YYYY-MM-DD`, already a China day) as the report writes dates. */
function plainDate(value: string | null): string {
  return value ? value.slice(0, 10).replaceAll('-', '/') : '';
}

function instant(value: string | null): string {
  return value ? chinaDateTime(new Date(value)) : '';
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
 * dates and times in China time, the case's own texts as entered. Empty when not filled in.
 */
export function fieldValue(field: ReportFieldKey, p: PatientDto, texts: ReportTexts): string {
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
      return instant(p.dtSubmitTime);
    case 'dtSampleTime':
      return instant(p.dtSampleTime);
    case 'dtCollectedDate':
      return plainDate(p.dtCollectedDate);
    case 'dtReceivedDate':
      return plainDate(p.dtReceivedDate);
    default:
      return p[field];
  }
}
