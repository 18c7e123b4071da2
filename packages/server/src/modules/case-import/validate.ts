import {
  patientAddSchema,
  translate,
  type CaseVariantCode,
  type FieldError,
  type Lang,
  type PatientFields,
} from '@pathconsult/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { nulPaths } from '../../lib/nul-character';
import { takenNumbers } from '../patients/repo';
import { fieldsForVariant, refusedFields } from '../patients/required-fields';
import type { RawRow } from './rows';

/*
 * Every row through the rules of patient/addPatient: its request schema (patientAddSchema), the
 * variant's required fields (refusedFields, with the same "the rule gives the number" exception),
 * and the pathology-number rules (taken in the hospital; here also: used twice in the file).
 */

export interface CheckedRow {
  iRow: number;
  fields: PatientFields | null;
  errors: FieldError[];
  strDiagnosistNum: string;
  strPatientName: string;
}

/** A zod issue as the error handler shows schema refusals: the `validation.*` key translated. */
function issueError(issue: z.core.$ZodIssue, lang: Lang): FieldError {
  const limits = issue as { maximum?: unknown; minimum?: unknown };
  const params = {
    max: typeof limits.maximum === 'number' ? limits.maximum : '',
    min: typeof limits.minimum === 'number' ? limits.minimum : '',
  };
  const key = issue.message;
  return {
    strField: String(issue.path[0] ?? ''),
    strMessage: key.startsWith('validation.')
      ? translate(key as Parameters<typeof translate>[0], lang, params)
      : translate('validation.invalid', lang),
  };
}

export async function checkRows(
  db: Db,
  raw: readonly RawRow[],
  ctx: { variant: CaseVariantCode; hospitalId: number; numberGiven: boolean; lang: Lang },
): Promise<CheckedRow[]> {
  const rows: CheckedRow[] = raw.map((r) => {
    // A cell can hold a NUL (`_x0000_` in the file's XML): no field takes it, and the number
    // check below could not even look it up.
    // The row's other findings stay with it; its number and name are shown (not looked up).
    const nulFields = nulPaths(r.body).map((path) => String(path[0] ?? ''));
    if (nulFields.length > 0) {
      const errors = [
        ...r.errors,
        ...nulFields.map((strField) => ({
          strField,
          strMessage: translate('validation.nulCharacter', ctx.lang),
        })),
      ];
      const shown = (v: unknown) =>
        typeof v === 'string' ? v.trim().replaceAll('\u0000', '\ufffd') : '';
      return {
        iRow: r.iRow,
        fields: null,
        errors,
        strDiagnosistNum: shown(r.body.strDiagnosistNum),
        strPatientName: shown(r.body.strPatientName),
      };
    }
    const parsed = patientAddSchema.safeParse(r.body);
    const failed = new Set(r.errors.map((e) => e.strField));
    const errors = [...r.errors];
    let fields: PatientFields | null = null;
    if (parsed.success) {
      fields = fieldsForVariant(parsed.data, ctx.variant);
      for (const m of refusedFields(fields, ctx.variant, ctx.numberGiven)) {
        // A cell that could not be read is already reported; do not add "cannot be empty" to it.
        if (!failed.has(m.field)) {
          errors.push({ strField: m.field, strMessage: translate(m.key, ctx.lang) });
        }
      }
    } else {
      errors.push(...parsed.error.issues.map((i) => issueError(i, ctx.lang)));
    }
    const num = typeof r.body.strDiagnosistNum === 'string' ? r.body.strDiagnosistNum.trim() : '';
    const name = typeof r.body.strPatientName === 'string' ? r.body.strPatientName.trim() : '';
    return { iRow: r.iRow, fields, errors, strDiagnosistNum: num, strPatientName: name };
  });
  markNumberConflicts(rows, await takenNumbers(db, ctx.hospitalId, numbersOf(rows)), ctx.lang);
  for (const row of rows) {
    if (row.errors.length > 0) {
      row.fields = null;
    }
  }
  return rows;
}

function numbersOf(rows: readonly CheckedRow[]): string[] {
  return [...new Set(rows.map((r) => r.strDiagnosistNum).filter((n) => n !== ''))];
}

/** Numbers held by a case of the hospital, or by more than one row of the file (all such rows). */
function markNumberConflicts(rows: CheckedRow[], taken: Set<string>, lang: Lang): void {
  const takenLower = new Set([...taken].map((n) => n.toLowerCase()));
  const count = new Map<string, number>();
  for (const r of rows) {
    const key = r.strDiagnosistNum.toLowerCase();
    if (key !== '') {
      count.set(key, (count.get(key) ?? 0) + 1);
    }
  }
  for (const r of rows) {
    const key = r.strDiagnosistNum.toLowerCase();
    if (key === '') {
      continue;
    }
    if (takenLower.has(key)) {
      r.errors.push({
        strField: 'strDiagnosistNum',
        strMessage: translate('PATHOLOGY_NUMBER_TAKEN', lang),
      });
    } else if ((count.get(key) ?? 0) > 1) {
      r.errors.push({
        strField: 'strDiagnosistNum',
        strMessage: translate('validation.import.duplicateNumber', lang),
      });
    }
  }
}
