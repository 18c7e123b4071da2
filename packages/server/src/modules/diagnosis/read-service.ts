import { and, eq, inArray, ne } from 'drizzle-orm';
import {
  mayRequest,
  ReceiveState,
  ReportKind,
  ReviewState,
  ReportRequestKind,
  ReportState,
  type DiagnosisDto,
  type DiagnosisQuery,
  type ReportDto,
  type ScreenshotDto,
} from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { caseScreenshots, patientReceives } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import type { Actor } from '../auth/actor';
import { caseReaderRole, type CaseReaderRole } from '../patients/access';
import * as patientRepo from '../patients/repo';
import { findReceive, type ReceiveRow } from '../receives/repo';
import * as shotRepo from '../screenshots/repo';
import { toScreenshotDto } from '../screenshots/service';
import { toReportDto, toRequestDto, type RequestRights } from './dto';
import { openVersionOf } from './open-version';
import * as repo from './repo';

/*
 * diagnosis/selectDiagnosis: what the result-info tab shows. The receive's expert sees their own
 * reports (signed versions and the version they may write now, saved draft or blank); the case's
 * owner and report viewers see every signed version of the case, never drafts; the owner also
 * learns which report they may still ask about. Another hospital's case answers 404.
 */
export async function selectDiagnosis(
  db: Db,
  actor: Actor,
  q: DiagnosisQuery,
): Promise<DiagnosisDto> {
  const patientId = q.iPatientId ?? (await patientOfReceive(db, q.iPatientReceiveId));
  const view = await patientRepo.findPatientView(db, patientId, actor.userId);
  if (!view) {
    throw notFound();
  }
  const role = await caseReaderRole(db, actor, view.patient);
  if (role === 'expert') {
    const receive = await expertsReceive(db, actor, patientId, q.iPatientReceiveId);
    return expertView(db, actor, receive);
  }
  return readerView(db, actor, patientId, role);
}

async function patientOfReceive(db: Db, receiveId: number | undefined): Promise<number> {
  const r = receiveId === undefined ? undefined : await findReceive(db, receiveId);
  if (!r) {
    throw notFound();
  }
  return r.patientId;
}

/**
 * The expert's receive of the case: the one asked for (it must be theirs), else their newest
 * receive of it that is not withdrawn.
 */
async function expertsReceive(
  db: Db,
  actor: Actor,
  patientId: number,
  receiveId: number | undefined,
): Promise<ReceiveRow> {
  const rows = await db
    .select()
    .from(patientReceives)
    .where(
      and(
        eq(patientReceives.patientId, patientId),
        eq(patientReceives.expertId, actor.userId),
        ne(patientReceives.state, ReceiveState.Withdrawn),
        receiveId === undefined ? undefined : eq(patientReceives.id, receiveId),
      ),
    );
  const newest = rows.sort((a, b) => b.id - a.id)[0];
  if (!newest) {
    throw notFound();
  }
  return newest;
}

/** The screenshots a set of reports shows, by id, as the caller sees them. */
export async function screenshotsOf(
  db: Db,
  actor: Actor,
  reports: repo.ReportView[],
): Promise<Map<number, ScreenshotDto>> {
  const ids = [...new Set(reports.flatMap((r) => r.row.screenshotIds))];
  if (ids.length === 0) {
    return new Map();
  }
  const rows = await shotRepo.listOfIds(db, ids);
  return new Map(rows.map((r) => [r.row.id, toScreenshotDto(r, actor.userId)]));
}

async function expertView(db: Db, actor: Actor, receive: ReceiveRow): Promise<DiagnosisDto> {
  const [signed, draft, requests] = await Promise.all([
    repo.signedReports(db, receive.patientId, { receiveId: receive.id }),
    repo.findDraft(db, receive.id),
    repo.requestsOfReceives(db, [receive.id]),
  ]);
  const open = openVersionOf(
    receive,
    requests.map((r) => r.row),
    signed[0]?.row,
  );
  // A first report not begun in this sending starts from what the expert wrote in an earlier
  // one (the case returned to the doctor and sent to them again): shown, not saved, until saved.
  const earlier =
    open && !draft && signed.length === 0
      ? await repo.earlierDraft(db, receive.patientId, actor.userId, receive.id)
      : undefined;
  const shown = [...signed, ...(draft ? [draft] : []), ...(earlier ? [earlier] : [])];
  const shots = await screenshotsOf(db, actor, shown);
  let objDraft: ReportDto | null = null;
  if (open) {
    objDraft = draft
      ? toReportDto(draft, shots)
      : blankVersion(receive, actor, signed[0] ? toReportDto(signed[0], shots) : null, open.kind);
    if (earlier) {
      const { strResult, strOpinion, listScreenshot } = toReportDto(earlier, shots);
      objDraft = { ...objDraft, strResult, strOpinion, listScreenshot };
    }
  }
  return {
    listReport: signed.map((r) => toReportDto(r, shots)),
    objDraft,
    iOpenKind: open?.kind ?? null,
    dtEarlierDraft: earlier ? earlier.row.updatedAt.toISOString() : null,
    listGoneFigure: objDraft ? goneFigures(draft ?? earlier, shots) : [],
    listRequest: requests.map(toRequestDto),
  };
}

/**
 * The figure numbers, as `saved` was saved, of its screenshots that are gone: a draft is saved
 * with screenshots that exist (write-service checks), so a missing one was deleted since.
 */
function goneFigures(
  saved: repo.ReportView | undefined,
  shots: Map<number, ScreenshotDto>,
): number[] {
  return (saved?.row.screenshotIds ?? []).flatMap((id, i) => (shots.has(id) ? [] : [i + 1]));
}

/**
 * The version not yet saved: empty for the first report; a modification starts from the signed
 * text, a supplementary opinion keeps it and adds its own; a version written again after a
 * rejected review starts from the rejected text (`last` is then that version).
 */
function blankVersion(
  receive: ReceiveRow,
  actor: Actor,
  last: ReportDto | null,
  kind: number,
): ReportDto {
  // An initial version with an earlier signed one of the same receive: that one was rejected.
  const base = last;
  return {
    iReportId: 0,
    iPatientReceiveId: receive.id,
    iPatientId: receive.patientId,
    iVersion: (last?.iVersion ?? 0) + 1,
    ddKind: { iNumber: kind },
    ddState: { iNumber: ReportState.Draft },
    strResult: base?.strResult ?? '',
    strOpinion: base?.strOpinion ?? '',
    // A modification carries the supplementary opinion forward; a supplementary opinion written
    // again after a rejection starts from the rejected one (`last` is then that version).
    strSupplement:
      kind === ReportKind.Modification ||
      (kind === ReportKind.Supplementary && last?.ddReviewState?.iNumber === ReviewState.Rejected)
        ? (last?.strSupplement ?? '')
        : '',
    listScreenshot: base?.listScreenshot ?? [],
    expert: { iUserId: actor.userId, strRealName: actor.userName, strHospitalName: '' },
    strSignature: null,
    dtSignTime: null,
    iPrintCount: 0,
    dtUpdateTime: new Date(0).toISOString(),
    ddReviewState: null,
    strReviewReason: '',
    reviewer: null,
    dtReviewTime: null,
    bMayRequestModification: false,
    bMayRequestSupplement: false,
  };
}

async function readerView(
  db: Db,
  actor: Actor,
  patientId: number,
  role: CaseReaderRole,
): Promise<DiagnosisDto> {
  // Versions under review or rejected are not out yet: the case's readers never see them.
  const signed = await repo.signedReports(db, patientId, { releasedOnly: true });
  const receiveIds = [...new Set(signed.map((r) => r.row.receiveId))];
  const requests = await repo.requestsOfReceives(db, receiveIds);
  const shots = await screenshotsOf(db, actor, signed);
  const latestOfReceive = new Map<number, number>();
  for (const r of signed) {
    const known = latestOfReceive.get(r.row.receiveId);
    if (known === undefined || r.row.version > known) {
      latestOfReceive.set(r.row.receiveId, r.row.version);
    }
  }
  const rightsOf = (r: repo.ReportView): RequestRights => {
    if (role !== 'owner' || latestOfReceive.get(r.row.receiveId) !== r.row.version) {
      return { modification: false, supplement: false };
    }
    const earlier = requests.filter((q) => q.receiveId === r.row.receiveId).map((q) => q.row);
    return {
      modification: mayRequest(ReportRequestKind.Modification, earlier),
      supplement: mayRequest(ReportRequestKind.Supplementary, earlier),
    };
  };
  return {
    listReport: signed.map((r) => toReportDto(r, shots, rightsOf(r))),
    objDraft: null,
    iOpenKind: null,
    dtEarlierDraft: null,
    listGoneFigure: [],
    listRequest: requests.map(toRequestDto),
  };
}

/** The ids among `ids` that are screenshots of the case (the report may show only those). */
export async function caseScreenshotIds(
  db: Db,
  patientId: number,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) {
    return new Set();
  }
  const rows = await db
    .select({ id: caseScreenshots.id })
    .from(caseScreenshots)
    .where(and(eq(caseScreenshots.patientId, patientId), inArray(caseScreenshots.id, [...ids])));
  return new Set(rows.map((r) => r.id));
}
