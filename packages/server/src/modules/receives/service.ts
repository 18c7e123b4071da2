import {
  ReceiveState,
  type ExpertPickPage,
  type ExpertPickerQuery,
  type Lang,
  type PatientReceiveList,
  type ReceiveInfoDto,
  type ReceivedPage,
  type ReceivedQuery,
  type patientReceiveAddSchema,
} from '@pathconsult/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { Actor } from '../auth/actor';
import { assertOwner, caseReaderRole } from '../patients/access';
import { lockOwnedCase, transition } from '../patients/locked-case';
import * as patientRepo from '../patients/repo';
import { readPatient } from '../patients/service';
import { toReceiveDto, toReceivedItem } from './dto';
import { expertPickPage } from './expert-page';
import { assertPickableExperts, assertReachableCenter, consultingHospitals } from './expert-scope';
import * as repo from './repo';
import type { NotificationHub } from '../notifications/hub';
import { withNotes } from '../notifications/notes';

/*
 * Sending cases for diagnosis and the experts' side of it (issue 7 part 1, spec §7 "Case
 * assignment"). Who may be sent a case is expert-scope.ts's; whether a case may move is
 * case-states.ts's ('submit'); who reads a case is patients/access.ts's.
 */

export interface ReceiveDeps {
  db: Db;
  clock: Clock;
  hub: NotificationHub;
}

export type SubmitInput = z.output<typeof patientReceiveAddSchema>;

/** userManage/selectExpert: the experts the doctor may send to, with their working time. */
export async function pickExperts(
  db: Db,
  actor: Actor,
  q: ExpertPickerQuery,
): Promise<ExpertPickPage> {
  const waiting =
    q.iPatientId === undefined ? new Set<number>() : await sentAlready(db, actor, q.iPatientId);
  return expertPickPage(db, await consultingHospitals(db, actor), q, waiting);
}

/**
 * The experts the caller's own case already waits with. The case must be the caller's (the
 * owner rule of every change: CASE_NOT_OWNED in the hospital, 404 outside it).
 */
async function sentAlready(db: Db, actor: Actor, patientId: number): Promise<Set<number>> {
  const view = await patientRepo.findPatientView(db, patientId, actor.userId);
  if (!view) {
    throw notFound();
  }
  assertOwner(actor, view.patient);
  return repo.waitingExpertIds(db, patientId);
}

/**
 * patient/addPatientReceive: in one transaction (all or none), the recipients are checked
 * (expert-scope.ts), then every listed case is locked, checked (owner, 'submit' from its state,
 * at least one uploaded slide, none unfinished or failed) and sent: one receive per expert, or
 * one for the diagnosis center.
 * Cases are locked in id order, so two submissions sharing cases cannot deadlock.
 */
export async function submit(
  { db, clock, hub }: ReceiveDeps,
  actor: Actor,
  input: SubmitInput,
): Promise<PatientReceiveList> {
  const centerId = recipientCenter(input);
  const expertIds = centerId === null ? recipientExperts(input) : [];
  const caseIds = [...new Set(input.listPatient.map((p) => p.iPatientId))].sort((a, b) => a - b);
  const now = clock.now();
  const ids = await withNotes({ db, hub }, async (tx, notes) => {
    const scope = await consultingHospitals(tx, actor);
    if (centerId !== null) {
      assertReachableCenter(scope, centerId);
    } else {
      await assertPickableExperts(tx, scope, expertIds);
    }
    const created: number[] = [];
    for (const caseId of caseIds) {
      const row = await lockOwnedCase(tx, actor, caseId);
      const to = transition(row, 'submit');
      if (!(await repo.hasUploadedSlide(tx, row.id))) {
        throw new AppError('CASE_NO_SLIDES');
      }
      if (await repo.hasUnreadySlide(tx, row.id)) {
        throw new AppError('CASE_SLIDES_NOT_READY');
      }
      const base = {
        patientId: row.id,
        hospitalId: row.hospitalId,
        senderId: actor.userId,
        state: ReceiveState.Waiting,
        createdAt: now,
        updatedAt: now,
      };
      created.push(
        ...(await repo.insertReceives(
          tx,
          centerId !== null
            ? [{ ...base, centerHospitalId: centerId, assigned: false }]
            : expertIds.map((expertId) => ({ ...base, expertId, assigned: true })),
        )),
      );
      // A new sending starts unviewed: the doctor may withdraw it until an expert opens it.
      await patientRepo.updatePatientRow(tx, row.id, {
        state: to,
        submittedAt: now,
        viewedAt: null,
        updatedAt: now,
      });
      await patientRepo.insertEvent(tx, {
        patientId: row.id,
        userId: actor.userId,
        action: 'submit',
        fromState: row.state,
        toState: to,
        createdAt: now,
      });
      await notes.add(tx, {
        userIds: expertIds,
        patientId: row.id,
        actorId: actor.userId,
        kind: 'submit',
        params: {},
        now,
      });
    }
    return created;
  });
  return { listPatientReceive: (await repo.receiveViewsByIds(db, ids)).map(toReceiveDto) };
}

/** The diagnosis center of a submission to a center, else null (the experts are named). */
export function recipientCenter(input: SubmitInput): number | null {
  return input.ddIsDiagnosticsCenter.iNumber === 1
    ? (input.iAllotDiagnosticsCenterId ?? null)
    : null;
}

/** The named experts, each once. */
export function recipientExperts(input: SubmitInput): number[] {
  return [...new Set(input.listUser.map((u) => u.iUserId))];
}

/** patient/selectPatientReceiveByUser: the expert's receives of one state, newest first. */
export async function receivedPage(
  db: Db,
  actor: Actor,
  q: ReceivedQuery,
  lang: Lang,
): Promise<ReceivedPage> {
  const { rows, total } = await repo.receivedPage(db, actor, {
    state: q.iState,
    name: q.strPatientName,
    num: q.strDiagnosistNum,
    limit: q.iPageSize,
    offset: (q.iCurPage - 1) * q.iPageSize,
  });
  return { listPage: rows.map((r) => toReceivedItem(r, lang)), iTotalCount: total };
}

/**
 * patient/getPatientReceiveInfo: the expert opens a case sent to them. The first opening marks
 * the receive and the case viewed: from then on the doctor can no longer withdraw it. Only the
 * receive's expert may; a withdrawn receive is gone for them (404). The case row is locked before
 * the receive's state is read, as a withdrawal locks it: whichever comes second sees the other.
 */
export async function openReceive(
  { db, clock }: ReceiveDeps,
  actor: Actor,
  receiveId: number,
): Promise<ReceiveInfoDto> {
  const now = clock.now();
  await db.transaction(async (tx) => {
    const found = await repo.findReceive(tx, receiveId);
    if (!found || found.expertId !== actor.userId) {
      throw notFound();
    }
    await patientRepo.lockPatient(tx, found.patientId);
    const r = await repo.findReceive(tx, receiveId);
    if (!r || r.state === ReceiveState.Withdrawn) {
      throw notFound();
    }
    await repo.markViewed(tx, r, now);
  });
  const view = await repo.findReceiveView(db, receiveId);
  if (!view) {
    throw notFound();
  }
  return {
    objReceive: toReceiveDto(view),
    objPatient: await readPatient(db, actor, view.receive.patientId),
  };
}

/**
 * patient/selectPatientReceiveByPatient: where a case was sent, newest first, for whoever may
 * read it (patients/access.ts); an expert sees only their own receives of it.
 */
export async function receivesOfPatient(
  db: Db,
  actor: Actor,
  patientId: number,
): Promise<PatientReceiveList> {
  const view = await patientRepo.findPatientView(db, patientId, actor.userId);
  if (!view) {
    throw notFound();
  }
  const role = await caseReaderRole(db, actor, view.patient);
  const views = await repo.receiveViewsOfPatient(
    db,
    patientId,
    role === 'expert' ? actor.userId : undefined,
  );
  return { listPatientReceive: views.map(toReceiveDto) };
}
