import { describe, expect, it } from 'vitest';
import {
  IMPORT_CODES,
  IMPORT_COLUMNS,
  PET_NAME_TITLE,
  type CaseImportReport,
} from '@pathconsult/shared';
import zhCases from '@/locales/zh-CN/cases.json';
import enCases from '@/locales/en/cases.json';
import { casesToCreate, importFieldTitle } from './import-fields';

/*
 * The template's titles and code labels are the case form's own labels: the server writes and
 * reads files by the shared catalogue, the form shows cases.json; this keeps the two the same.
 */
describe('import column catalogue', () => {
  const fields = (lang: 'zh' | 'en') =>
    (lang === 'zh' ? zhCases : enCases).fields as Record<string, string>;
  it.each(['zh', 'en'] as const)('column titles are the case form labels (%s)', (lang) => {
    for (const col of IMPORT_COLUMNS) {
      if (col.field.startsWith('iAge')) {
        continue;
      }
      expect(col[lang], col.field).toBe(fields(lang)[col.field]);
    }
    expect(PET_NAME_TITLE[lang]).toBe(fields(lang).petName);
  });
  it.each(['zh', 'en'] as const)('code labels are the case form labels (%s)', (lang) => {
    const labels = lang === 'zh' ? zhCases : enCases;
    const byCode = (map: Record<string, string>) =>
      Object.entries(map).map(([k, v]) => [Number(k), v]);
    const pairs = (list: readonly { code: number; zh: string; en: string }[]) =>
      list.map((c) => [c.code, c[lang]]);
    expect(pairs(IMPORT_CODES.ddSex)).toEqual(byCode(labels.sex));
    expect(pairs(IMPORT_CODES.ddSampleType)).toEqual(byCode(labels.sampleType));
    expect(pairs(IMPORT_CODES.ddDiagnosticType)).toEqual(byCode(labels.diagnosticType));
    expect(pairs(IMPORT_CODES.ddEmergency)).toEqual(byCode(labels.emergency));
    expect(IMPORT_CODES.ddClassification.map((c) => c[lang])).toEqual(
      Object.values(labels.classification),
    );
  });
});

describe('import helpers', () => {
  const report = (iValid: number, iInvalid: number) =>
    ({ iValid, iInvalid, iTotal: iValid + iInvalid }) as CaseImportReport;
  it('allOrNothing creates nothing while a row is invalid; validOnly creates the valid rows', () => {
    expect(casesToCreate(report(8, 2), 'allOrNothing')).toBe(0);
    expect(casesToCreate(report(8, 0), 'allOrNothing')).toBe(8);
    expect(casesToCreate(report(8, 2), 'validOnly')).toBe(8);
  });
  it('names fields by their column title', () => {
    expect(importFieldTitle('ddSex', 'zh')).toBe('性别');
    expect(importFieldTitle('iAgeYear', 'en')).toBe('Age (years)');
    expect(importFieldTitle('file', 'en')).toBe('file');
  });
});
