import {
  screenshotAdjustments,
  isDigitalZoom,
  SCREENSHOTS_PER_REPORT,
  type ScreenshotAddInput,
  type ScreenshotDto,
  type ScreenshotList,
  type ScreenshotSlideList,
} from '@pathconsult/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { patients } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { Actor } from '../auth/actor';
import {
  caseReaderRole,
  expertHoldsCase,
  type CaseReaderRole,
  type ReadableCase,
} from '../patients/access';
import * as patientRepo from '../patients/repo';
import { slideForViewing } from '../tiles/slide-grant';
import { checkScreenshot } from './image';
import { chargeStorage, releaseStorage } from '../slide-upload/quota';
import * as repo from './repo';
import { scaledScreenshot, servedWidth } from './scaled';
import * as storage from './storage';

/*
 * Screenshots of the viewer kept for a case's report (spec §5 "up to 4 screenshots", issue 6).
 * They belong to the case of the slide they were taken from and to their author: each author keeps
 * at most SCREENSHOTS_PER_REPORT per case (the expert's diagnosis takes its author's set in
 * issue 7). The case's readers (patients/access.ts) see them all; its participants (the owner,
 * the experts it was sent to) take them and delete their own; report-view administrators only
 * look.
 * Another hospital's case or slide answers 404.
 */

export interface ScreenshotDeps {
  db: Db;
  clock: Clock;
  dataDir: string;
}

const isParticipant = (role: CaseReaderRole) => role !== 'reportViewer';

/** An expert takes and removes screenshots while the case is with them, not once returned. */
async function stillHolds(
  db: Db,
  actor: Actor,
  role: CaseReaderRole,
  patientId: number,
): Promise<boolean> {
  return role !== 'expert' || expertHoldsCase(db, patientId, actor.userId);
}

async function assertMayAdd(
  db: Db,
  actor: Actor,
  role: CaseReaderRole,
  patientId: number,
): Promise<void> {
  if (!(await stillHolds(db, actor, role, patientId))) {
    throw new AppError('CASE_NOT_HELD');
  }
}

export const imageUrlOf = (id: number) =>
  `/api/webViewer/consulation/getPathologyImgFile?iScreenshotId=${id}`;

export function toScreenshotDto(v: repo.ScreenshotView, callerId: number): ScreenshotDto {
  return {
    iScreenshotId: v.row.id,
    iPatientId: v.row.patientId,
    iSlideDocumentId: v.row.slideDocumentId,
    strSlideName: v.slideName,
    author: { iUserId: v.row.authorId, strRealName: v.authorName },
    bMine: v.row.authorId === callerId,
    bInSignedReport: v.inSignedReport,
    iDraftFigure: v.draftFigure,
    strMimeType: v.row.mimeType as ScreenshotDto['strMimeType'],
    iWidth: v.row.width,
    iHeight: v.row.height,
    iBytes: v.row.bytes,
    region: v.row.region,
    dMagnification: v.row.magnification,
    bDigitalZoom: v.row.digitalZoom,
    adjustments: v.row.adjustments ?? null,
    strImageUrl: imageUrlOf(v.row.id),
    dtCreateTime: v.row.createdAt.toISOString(),
  };
}

async function caseRef(db: Db, patientId: number): Promise<ReadableCase> {
  const [row] = await db
    .select({ id: patients.id, hospitalId: patients.hospitalId, ownerId: patients.ownerId })
    .from(patients)
    .where(eq(patients.id, patientId));
  if (!row) {
    throw notFound();
  }
  return row;
}

/**
 * webViewer/consulation/setPathologyImg. The case row is locked for update so two screenshots
 * sent at once cannot both pass the limit; the file is written before its row, and removed again
 * when the row is not saved.
 */
export async function add(
  { db, clock, dataDir }: ScreenshotDeps,
  actor: Actor,
  input: ScreenshotAddInput,
): Promise<ScreenshotDto> {
  const slide = await slideForViewing(db, actor, input.iSlideDocumentId);
  const patientId = (await repo.slideCase(db, input.iSlideDocumentId))?.patientId ?? null;
  if (patientId === null) {
    throw new AppError('SCREENSHOT_NEEDS_CASE');
  }
  const image = await checkScreenshot(input.strImage);
  const id = await db.transaction(async (tx) => {
    const locked = await patientRepo.lockPatient(tx, patientId, 'update');
    if (!locked) {
      throw notFound();
    }
    const role = await caseReaderRole(tx, actor, locked);
    if (!isParticipant(role)) {
      throw notFound();
    }
    await assertMayAdd(tx, actor, role, patientId);
    if ((await repo.countOfAuthor(tx, patientId, actor.userId)) >= SCREENSHOTS_PER_REPORT) {
      throw new AppError('SCREENSHOT_LIMIT', { max: SCREENSHOTS_PER_REPORT });
    }
    const place = { hospitalId: locked.hospitalId, patientId };
    const storedName = storage.newStoredName(image.extension);
    await storage.writeScreenshot(dataDir, place, storedName, image.bytes);
    try {
      const row = await repo.insert(tx, {
        hospitalId: locked.hospitalId,
        patientId,
        authorId: actor.userId,
        slideDocumentId: input.iSlideDocumentId,
        storedName,
        mimeType: image.mimeType,
        bytes: image.bytes.length,
        width: image.width,
        height: image.height,
        region: input.region,
        magnification: input.dMagnification,
        digitalZoom:
          input.dMagnification !== null && isDigitalZoom(input.dMagnification, slide.objective),
        adjustments: screenshotAdjustments(input.adjustments),
        createdAt: clock.now(),
      });
      // Counted in the case's hospital's storage, without its quota's check: a picture for a
      // report is not refused for want of room for slides (a full hospital's next upload is).
      await chargeStorage(tx, locked.hospitalId, image.bytes.length);
      return row.id;
    } catch (error) {
      await storage.removeScreenshot(dataDir, place, storedName);
      throw error;
    }
  });
  const saved = await repo.findOne(db, id);
  if (!saved) {
    throw notFound();
  }
  return toScreenshotDto(saved, actor.userId);
}

/** webViewer/consulation/getPathologyImgBySlides: every screenshot of a case, oldest first. */
export async function listOfCase(db: Db, actor: Actor, patientId: number): Promise<ScreenshotList> {
  const role = await caseReaderRole(db, actor, await caseRef(db, patientId));
  const mayWrite = isParticipant(role) && (await stillHolds(db, actor, role, patientId));
  const rows = await repo.listOfCase(db, patientId, actor.userId);
  return {
    listScreenshot: rows.map((r) => toScreenshotDto(r, actor.userId)),
    iLimit: SCREENSHOTS_PER_REPORT,
    // As the limit counts them: those of signed reports stay and do not count.
    iMineCount: rows.filter((r) => r.row.authorId === actor.userId && !r.inSignedReport).length,
    bMayWrite: mayWrite,
  };
}

/**
 * webViewer/consulation/getCutImgBySlides: the screenshots taken from the given slides. Each slide
 * must be one the caller may view (else 404, as a missing slide); of their screenshots, those of
 * cases the caller may read (a doctor who only uploaded a slide to someone else's case does not
 * see that case's report pictures).
 */
export async function listOfSlides(
  db: Db,
  actor: Actor,
  slideIds: number[],
): Promise<ScreenshotSlideList> {
  const unique = [...new Set(slideIds)];
  for (const id of unique) {
    await slideForViewing(db, actor, id);
  }
  const rows = await repo.listOfSlides(db, unique, actor.userId);
  const readable = new Map<number, boolean>();
  const visible: repo.ScreenshotView[] = [];
  for (const r of rows) {
    if (!readable.has(r.row.patientId)) {
      readable.set(r.row.patientId, await mayRead(db, actor, r.row.patientId));
    }
    if (readable.get(r.row.patientId)) {
      visible.push(r);
    }
  }
  return { listScreenshot: visible.map((r) => toScreenshotDto(r, actor.userId)) };
}

async function mayRead(db: Db, actor: Actor, patientId: number): Promise<boolean> {
  try {
    await caseReaderRole(db, actor, await caseRef(db, patientId));
    return true;
  } catch {
    return false;
  }
}

/** A screenshot the caller may see, or 404 / CASE_NOT_OWNED as for its case. */
async function readable(
  db: Db,
  actor: Actor,
  id: number,
): Promise<repo.ScreenshotView & { role: CaseReaderRole }> {
  const found = await repo.findOne(db, id);
  if (!found) {
    throw notFound();
  }
  return {
    ...found,
    role: await caseReaderRole(db, actor, await caseRef(db, found.row.patientId)),
  };
}

/**
 * webViewer/consulation/getPathologyImgFile: the image bytes for the browser, whole or scaled
 * down to a list's width (`width`, see scaled.ts).
 */
export async function imageOf(
  { db, dataDir }: Pick<ScreenshotDeps, 'db' | 'dataDir'>,
  actor: Actor,
  id: number,
  width?: number,
): Promise<{ bytes: Buffer; mimeType: string; patientId: number }> {
  const { row } = await readable(db, actor, id);
  const read = () => storage.readScreenshot(dataDir, row, row.storedName);
  const served = width === undefined ? null : servedWidth(width);
  const scaled = served === null ? null : await scaledScreenshot(row, served, read);
  return scaled
    ? { bytes: scaled, mimeType: 'image/jpeg', patientId: row.patientId }
    : { bytes: await read(), mimeType: row.mimeType, patientId: row.patientId };
}

/**
 * webViewer/consulation/deletePathologyImg: the author's own, row first, then the file; not one
 * a signed report shows (SCREENSHOT_IN_SIGNED_REPORT).
 */
export async function remove(
  { db, dataDir }: Pick<ScreenshotDeps, 'db' | 'dataDir'>,
  actor: Actor,
  id: number,
): Promise<{ iPatientId: number }> {
  const { row, role } = await readable(db, actor, id);
  if (row.authorId !== actor.userId) {
    throw new AppError('SCREENSHOT_NOT_OWNED');
  }
  await assertMayAdd(db, actor, role, row.patientId);
  await db.transaction(async (tx) => {
    // The case is locked as signing locks it: a report signed meanwhile is seen here.
    await patientRepo.lockPatient(tx, row.patientId, 'update');
    const now = await repo.findOne(tx, id);
    if (!now) {
      throw notFound();
    }
    // A signed report is a record: its pictures stay as they were signed.
    if (now.inSignedReport) {
      throw new AppError('SCREENSHOT_IN_SIGNED_REPORT');
    }
    await repo.remove(tx, id);
    await releaseStorage(tx, now.row.hospitalId, now.row.bytes);
  });
  await storage.removeScreenshot(dataDir, row, row.storedName);
  return { iPatientId: row.patientId };
}
