import {
  CaseState,
  type CaseVariantCode,
  type Lang,
  type PatientAddInput,
  type PatientDto,
  type PatientSavedDto,
  type PatientFields,
  type PatientPage,
  type PatientQuery,
  type PatientUpdateInput,
} from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { Actor } from '../auth/actor';
import { getConfig } from '../config/service';
import { allocatePathologyNumber } from '../serial-number/allocate';
import { renumberCaseSlides } from '../slides/case-number';
import { attachWaitingSlides, lockCaseNumber } from '../slides/match-service';
import { bytesKept as screenshotBytesKept } from '../screenshots/repo';
import { removeConsultationMarks } from '../annotations/repo';
import { revokeSlideTokensOfCase } from '../tiles/slide-grant';
import { releaseStorage } from '../slide-upload/quota';
import { caseReaderRole } from './access';
import { fieldsToColumns, toListItem, toPatientDto } from './dto';
import { listPatients } from './list-repo';
import { lockOwnedCase, transition, withNumberCheck } from './locked-case';
import * as repo from './repo';
import {
  fieldsForVariant,
  missingFieldsError,
  refusedFields,
  variantCode,
} from './required-fields';

/*
 * Creating, changing, deleting and reading cases (patient/*). Every change runs in one
 * transaction that first locks the case row, then checks owner and state (access.ts,
 * case-states.ts), so two concurrent actions cannot both pass a check.
 */

export interface PatientDeps {
  db: Db;
  clock: Clock;
}

/**
 * The pathology number the case gets, after the required-field check of its variant: the one
 * typed, else the next of the hospital's rule (taken inside the caller's transaction, so a
 * refusal gives it back). Every empty required field is reported at once.
 */
async function checkedNumber(
  tx: Db,
  fields: PatientFields,
  variant: CaseVariantCode,
  hospitalId: number,
  now: Date,
  lang: Lang,
): Promise<string> {
  let num: string | null = fields.strDiagnosistNum;
  if (num === '') {
    num = await allocatePathologyNumber(tx, hospitalId, now);
  }
  const refused = refusedFields(fields, variant, num !== null);
  if (refused.length > 0 || num === null) {
    throw missingFieldsError(refused, lang);
  }
  return num;
}

/** A case as the caller may see it: 404 when missing, the access refusal when not readable. */
export async function readPatient(db: Db, actor: Actor, id: number): Promise<PatientDto> {
  const view = await repo.findPatientView(db, id, actor.userId);
  if (!view) {
    throw notFound();
  }
  await caseReaderRole(db, actor, view.patient);
  return toPatientDto(view);
}

/** patient/addPatient: a new case of the caller, in the caller's hospital, in the deployment's variant. */
export async function addPatient(
  { db, clock }: PatientDeps,
  actor: Actor,
  input: PatientAddInput,
  lang: Lang,
): Promise<PatientSavedDto> {
  const hospitalId = actor.hospitalId;
  if (hospitalId == null) {
    // Doctors always belong to a hospital (user rules); a case cannot exist outside one.
    throw new AppError('FORBIDDEN');
  }
  const variant = (await getConfig(db)).caseVariant;
  const fields = fieldsForVariant(input, variant);
  const now = clock.now();
  const { id, slidesJoined } = await withNumberCheck(() =>
    db.transaction((tx) =>
      insertNewCase(tx, { fields, variant, hospitalId, ownerId: actor.userId, now, lang }),
    ),
  );
  return { ...(await readPatient(db, actor, id)), iSlidesJoined: slidesJoined };
}

export interface NewCase {
  /** Already parsed by patientAddSchema and kept for the variant (fieldsForVariant). */
  fields: PatientFields;
  variant: CaseVariantCode;
  hospitalId: number;
  ownerId: number;
  now: Date;
  lang: Lang;
}

/**
 * Inserts one new (unsubmitted) case inside the caller's transaction, after the required-field
 * and number rules (checkedNumber), with its 'create' event, and attaches the hospital's slides
 * uploaded under its number while no case had it (spec §4: unmatched slides become matched when
 * the numbers match); answers its id and how many slides joined it. Shared by addPatient and the
 * batch import, so both create cases by the same rules.
 */
export async function insertNewCase(
  tx: Db,
  c: NewCase,
): Promise<{ id: number; slidesJoined: number }> {
  const diagnosisNum = await checkedNumber(tx, c.fields, c.variant, c.hospitalId, c.now, c.lang);
  // The number before any row of it: slides being registered under it wait (lockCaseNumber).
  await lockCaseNumber(tx, c.hospitalId, diagnosisNum);
  const row = await repo.insertPatient(tx, {
    ...fieldsToColumns(c.fields),
    diagnosisNum,
    hospitalId: c.hospitalId,
    ownerId: c.ownerId,
    state: CaseState.New,
    variant: c.variant,
    createdAt: c.now,
    updatedAt: c.now,
  });
  await repo.insertEvent(tx, {
    patientId: row.id,
    userId: c.ownerId,
    action: 'create',
    fromState: null,
    toState: CaseState.New,
    createdAt: c.now,
  });
  return { id: row.id, slidesJoined: await attachWaitingSlides(tx, row) };
}

/**
 * patient/updatePatient: the owner saves the whole form again, by the rules of the case's own
 * variant; a returned or withdrawn case comes back to the new list (case-states 'edit').
 */
export async function updatePatient(
  { db, clock }: PatientDeps,
  actor: Actor,
  input: PatientUpdateInput,
  lang: Lang,
): Promise<PatientSavedDto> {
  const now = clock.now();
  let slidesJoined = 0;
  await withNumberCheck(() =>
    db.transaction(async (tx) => {
      const row = await lockOwnedCase(tx, actor, input.iPatientId);
      const to = transition(row, 'edit');
      const variant = variantCode(row.variant);
      const fields = fieldsForVariant(input, variant);
      const diagnosisNum = await checkedNumber(tx, fields, variant, row.hospitalId, now, lang);
      if (diagnosisNum !== row.diagnosisNum) {
        // The new number before the slides move to it: an upload under it meanwhile waits, or
        // went first and its name is seen (lockCaseNumber). Taken later, the two could each
        // hold what the other waited for.
        await lockCaseNumber(tx, row.hospitalId, diagnosisNum);
        await renumberCaseSlides(tx, row, diagnosisNum);
      }
      await repo.updatePatientRow(tx, row.id, {
        ...fieldsToColumns(fields),
        diagnosisNum,
        state: to,
        updatedAt: now,
      });
      // A new number may have slides waiting, uploaded under it before (the old one's stay).
      if (diagnosisNum.toLowerCase() !== row.diagnosisNum.toLowerCase()) {
        slidesJoined = await attachWaitingSlides(tx, { ...row, diagnosisNum });
      }
      await repo.insertEvent(tx, {
        patientId: row.id,
        userId: actor.userId,
        action: 'edit',
        fromState: row.state,
        toState: to,
        createdAt: now,
      });
    }),
  );
  return { ...(await readPatient(db, actor, input.iPatientId)), iSlidesJoined: slidesJoined };
}

/**
 * patient/deletePatient: the owner deletes an unsubmitted (new, returned, withdrawn) case. Its
 * slides stay in the hospital's slide management, unmatched; what its consultation added to them
 * goes (removeConsultationMarks), and tile tokens issued for them open nothing more. Its hospital
 * is returned so the caller can remove the case's screenshot files.
 */
export async function deletePatient(
  db: Db,
  actor: Actor,
  id: number,
): Promise<{ hospitalId: number }> {
  return db.transaction(async (tx) => {
    const row = await lockOwnedCase(tx, actor, id);
    transition(row, 'delete');
    // Its slides stay, unmatched (slide management): its experts' marks and tile tokens go.
    // Slides before the hospital, as ingest and a failed upload lock them.
    await removeConsultationMarks(tx, row.id, row.hospitalId);
    await revokeSlideTokensOfCase(tx, row.id);
    // Its screenshots go with it (cascade): their bytes are given back to the hospital.
    await releaseStorage(tx, row.hospitalId, await screenshotBytesKept(tx, { patientId: row.id }));
    await repo.deletePatientRow(tx, row.id);
    return { hospitalId: row.hospitalId };
  });
}

/** patient/selectPatient: one page of a list (list-repo.ts). */
export async function selectPatients(
  db: Db,
  actor: Actor,
  q: PatientQuery,
  lang: Lang,
): Promise<PatientPage> {
  const { rows, total, capped } = await listPatients(db, actor, q);
  return {
    listPage: rows.map((r) => toListItem(r, lang)),
    iTotalCount: total,
    bTotalCapped: capped,
  };
}
