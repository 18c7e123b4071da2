import {
  CaseImportLimits,
  type CaseImportMode,
  type CaseImportReport,
  type Lang,
} from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { Actor } from '../auth/actor';
import { getConfig } from '../config/service';
import { insertNewCase } from '../patients/service';
import { withNumberCheck } from '../patients/locked-case';
import { findRule } from '../serial-number/repo';
import { readCells } from './read-file';
import { toRawRows } from './rows';
import { checkRows, type CheckedRow } from './validate';

/*
 * patient/importPatient: read, check every row, and (on commit) create the cases in ONE
 * transaction. The preview and the commit run the same checks on the same file, so what the user
 * saw is what is written; a case created by someone else in between makes the commit refuse as a
 * whole (PATHOLOGY_NUMBER_TAKEN from the unique index), never half-written.
 */

export interface ImportRequest {
  file: Buffer;
  commit: boolean;
  mode: CaseImportMode;
}

export async function importCases(
  { db, clock }: { db: Db; clock: Clock },
  actor: Actor,
  req: ImportRequest,
  lang: Lang,
): Promise<CaseImportReport> {
  const hospitalId = actor.hospitalId;
  if (hospitalId == null) {
    throw new AppError('FORBIDDEN');
  }
  const raw = toRawRows(await readCells(req.file), lang);
  if (raw.length === 0) {
    throw new AppError('IMPORT_NO_ROWS');
  }
  if (raw.length > CaseImportLimits.maxRows) {
    throw new AppError('IMPORT_TOO_MANY_ROWS', { rows: raw.length, max: CaseImportLimits.maxRows });
  }
  const variant = (await getConfig(db)).caseVariant;
  const numberGiven = (await findRule(db, hospitalId)) !== undefined;
  const rows = await checkRows(db, raw, { variant, hospitalId, numberGiven, lang });
  const valid = rows.filter((r) => r.fields !== null);
  const write =
    req.commit && valid.length > 0 && (req.mode === 'validOnly' || valid.length === rows.length);
  const ids = new Map<number, number>();
  let slidesJoined = 0;
  if (write) {
    const now = clock.now();
    // Rows with a typed number first: a number the rule hands out then skips them (firstFreeNumber).
    const order = [...valid].sort(
      (a, b) => Number(a.strDiagnosistNum === '') - Number(b.strDiagnosistNum === ''),
    );
    await withNumberCheck(() =>
      db.transaction(async (tx) => {
        for (const row of order) {
          const fields = row.fields as NonNullable<CheckedRow['fields']>;
          const ownerId = actor.userId;
          const made = await insertNewCase(tx, { fields, variant, hospitalId, ownerId, now, lang });
          ids.set(row.iRow, made.id);
          slidesJoined += made.slidesJoined;
        }
      }),
    );
  }
  return {
    listRow: rows.map((r) => ({
      iRow: r.iRow,
      bValid: r.errors.length === 0,
      listError: r.errors,
      strDiagnosistNum: r.strDiagnosistNum,
      strPatientName: r.strPatientName,
      iPatientId: ids.get(r.iRow) ?? null,
    })),
    iTotal: rows.length,
    iValid: valid.length,
    iInvalid: rows.length - valid.length,
    bCommitted: write,
    iCreated: ids.size,
    iSlidesJoined: slidesJoined,
    strMode: req.mode,
  };
}
