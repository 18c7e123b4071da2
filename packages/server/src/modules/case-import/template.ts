import ExcelJS from 'exceljs';
import {
  columnsFor,
  REQUIRED_PATIENT_FIELDS,
  CaseVariant,
  type CaseVariantCode,
  type Lang,
} from '@pathconsult/shared';

/*
 * The import template (patient/importTemplate): sheet 1 has one header row with the deployment
 * variant's columns in the caller's language, required ones marked *; sheet 2 explains the coded
 * columns and the rules that are not one cell's (age, pathology number, dates). Reading accepts
 * the titles of either language, so a template downloaded in English imports for a Chinese user.
 */

const TEXTS = {
  zh: {
    cases: '病例',
    codes: '代码说明',
    column: '列',
    code: '代码',
    label: '可填写（代码或名称）',
    notes: '说明',
    required: '带 * 的列必须填写；每行一个病例，空行忽略；最多 {max} 行。',
    age: '年龄：岁、个月、天至少填写一项。',
    numberRule: '病理号：留空时按本医院的病理号规则自动生成。',
    numberTyped: '病理号：本医院未设置病理号规则，必须填写；同一文件内不能重复。',
    dates: '日期：格式为 YYYY-MM-DD（如 2026-03-01），也可使用 Excel 日期单元格。',
  },
  en: {
    cases: 'Cases',
    codes: 'Codes',
    column: 'Column',
    code: 'Code',
    label: 'Allowed (code or label)',
    notes: 'Notes',
    required:
      'Columns marked * are required; one case a row, blank rows are skipped; at most {max} rows.',
    age: 'Age: fill in at least one of years, months, days.',
    numberRule: 'Pathology number: leave it empty to take the next number of the hospital’s rule.',
    numberTyped:
      'Pathology number: the hospital has no numbering rule, so it is required; no two rows may share one.',
    dates: 'Dates: YYYY-MM-DD (e.g. 2026-03-01), or an Excel date cell.',
  },
} as const;

export async function buildTemplate(
  variant: CaseVariantCode,
  lang: Lang,
  numberGiven: boolean,
  maxRows: number,
): Promise<Buffer> {
  const text = TEXTS[lang];
  const required: Record<string, string> =
    variant === CaseVariant.Veterinary
      ? REQUIRED_PATIENT_FIELDS.veterinary
      : REQUIRED_PATIENT_FIELDS.human;
  const columns = columnsFor(variant);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(text.cases, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((col) => {
    const star = col.field in required && !(col.field === 'strDiagnosistNum' && numberGiven);
    return {
      header: `${col[lang]}${star ? ' *' : ''}`,
      key: col.field,
      width: Math.max(12, col[lang].length * (lang === 'zh' ? 2.2 : 1.2) + 4),
      // Text columns as text, so phone and pathology numbers keep leading zeros.
      style:
        col.kind === 'date' ? { numFmt: 'yyyy-mm-dd' } : col.kind === 'text' ? { numFmt: '@' } : {},
    };
  });
  sheet.getRow(1).font = { bold: true };

  const codes = workbook.addWorksheet(text.codes);
  codes.columns = [
    { header: text.column, width: 18 },
    { header: text.code, width: 8 },
    { header: text.label, width: 40 },
  ];
  codes.getRow(1).font = { bold: true };
  for (const col of columns) {
    for (const c of col.codes ?? []) {
      codes.addRow([col[lang], c.code, c[lang]]);
    }
  }
  codes.addRow([]);
  codes.addRow([text.notes]).font = { bold: true };
  for (const note of [
    text.required.replace('{max}', String(maxRows)),
    text.age,
    numberGiven ? text.numberRule : text.numberTyped,
    text.dates,
  ]) {
    codes.addRow([note]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
