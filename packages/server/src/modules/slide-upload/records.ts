import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  SlideUploadState,
  UPLOAD_CHUNK_BYTES,
  UploadType,
  caseActionAllowed,
  chunkCountOf,
  isCaseStateCode,
  type UploadRecordDto,
  type UploadRecordsDto,
  type UploadRecordsInput,
} from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { patients, slideDocuments, slideFiles } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { isUniqueViolation } from '../../lib/pg-errors';
import { newStorageKey } from '../../storage/slide-paths';
import type { Actor } from '../auth/actor';
import { ownCaseByNumber } from '../slides/case-by-number';
import { lockCaseNumber } from '../slides/match-service';
import { caseTakesSlides } from '../slides/access';
import { lockPatient } from '../patients/repo';
import { assertOwner } from '../patients/access';
import { prepareFiles } from './disk';
import { markUploadActive } from './cleanup';
import { discardUpload } from './discard';
import { planDocument, type PlannedDocument } from './layout';
import { needsOpenSlide, readableSlideTypes } from '../../slides/open-slide';
import { isOpenSlideAvailable } from '../../slides/openslide';
import type { DocumentRow } from './lookup';
import { reserveStorage } from './quota';
import {
  DEFAULT_DISK_RESERVE_BYTES,
  assertDiskRoom,
  isDiskFullError,
} from '../../storage/disk-space';
import { fileStatusOf } from './status';
import { nameRefusal } from '../slides/name-clash';

export interface UploadDeps {
  db: Db;
  clock: Clock;
  dataDir: string;
  /** Free disk space an upload must leave; by default DEFAULT_DISK_RESERVE_BYTES. */
  diskReserveBytes?: number;
  /** Whether OpenSlide loads here; by default isOpenSlideAvailable (tests pass their own). */
  openSlideAvailable?: () => boolean;
}

interface Target {
  hospitalId: number;
  patientId: number | null;
  diagnosisNum: string;
}

/**
 * Where the slides go: the caller's own case while it may still change (new, returned or
 * withdrawn), or a pathology number of the caller's hospital (unmatched). A number the caller's
 * own case has by now, taking slides, is that case: each slide of a batch by number is
 * registered when its turn comes, and those registered after the case was made (its creation
 * attached the slides then waiting) stayed unmatched, though the dialog said they would join it.
 */
async function targetOf(db: Db, actor: Actor, input: UploadRecordsInput): Promise<Target> {
  if (actor.hospitalId == null) {
    throw notFound();
  }
  if (input.iPatientId === undefined) {
    const num = input.strDiagnosistNum ?? '';
    const { patient } = await ownCaseByNumber(db, actor, num);
    if (patient?.bTakesSlides) {
      return {
        hospitalId: actor.hospitalId,
        patientId: patient.iPatientId,
        diagnosisNum: patient.strDiagnosistNum,
      };
    }
    return { hospitalId: actor.hospitalId, patientId: null, diagnosisNum: num };
  }
  const [c] = await db
    .select({
      id: patients.id,
      hospitalId: patients.hospitalId,
      ownerId: patients.ownerId,
      state: patients.state,
      diagnosisNum: patients.diagnosisNum,
    })
    .from(patients)
    .where(eq(patients.id, input.iPatientId));
  if (!c) {
    throw notFound();
  }
  assertOwner(actor, c);
  if (!isCaseStateCode(c.state) || !caseActionAllowed(c.state, 'edit')) {
    throw new AppError('SLIDE_CASE_LOCKED');
  }
  return { hospitalId: c.hospitalId, patientId: c.id, diagnosisNum: c.diagnosisNum };
}

/** The caller's unfinished upload of the same file for the same number, to continue it. */
async function findResumable(
  db: Db,
  actor: Actor,
  target: Target,
  plan: PlannedDocument,
  lastModified: number | undefined,
): Promise<DocumentRow | undefined> {
  const [doc] = await db
    .select()
    .from(slideDocuments)
    .where(
      and(
        eq(slideDocuments.hospitalId, target.hospitalId),
        eq(slideDocuments.diagnosisNum, target.diagnosisNum),
        sql`lower(${slideDocuments.displayName}) = lower(${plan.name})`,
        isNull(slideDocuments.deletedAt),
      ),
    );
  if (!doc) {
    return undefined;
  }
  // Continued only where it was going: by number (unmatched) or to this case. A slide matched to
  // a case since is that case's, and the case may no longer take slides (SLIDE_CASE_LOCKED).
  const same =
    doc.patientId === target.patientId &&
    doc.uploadUserId === actor.userId &&
    doc.state === SlideUploadState.Uploading &&
    doc.totalBytes === plan.totalBytes &&
    (lastModified === undefined ||
      doc.clientModified === null ||
      doc.clientModified === lastModified);
  if (!same) {
    // A failed slide keeps its name until deleted: saying "uploaded or uploading" sent the doctor
    // looking for a slide that is not there.
    throw nameRefusal(doc.state, plan.name);
  }
  return doc;
}

/**
 * slideDocument/addUploadRecords: one record per slide, its files created at full size, the
 * storage reserved for all of them at once (or none: capacity refusals change nothing). An
 * unfinished upload of the same file is continued instead (bResumed), which is how a client
 * resumes after a reload: it picks the files again and sends only what the answer lacks.
 */
export async function addUploadRecords(
  deps: UploadDeps,
  actor: Actor,
  input: UploadRecordsInput,
): Promise<UploadRecordsDto> {
  const { db, clock, dataDir } = deps;
  if (input.iUploadType === UploadType.Free) {
    throw new AppError('FREE_UPLOAD_UNAVAILABLE');
  }
  const target = await targetOf(db, actor, input);
  const readsVendorFormats = (deps.openSlideAvailable ?? isOpenSlideAvailable)();
  const readable = readableSlideTypes(readsVendorFormats);
  const plans = input.listFile.map((file) => ({ file, plan: planDocument(file, readable) }));
  // A vendor format this server cannot read is refused before a byte is sent, saying how to
  // enable it: uploading gigabytes only to have the slide fail afterwards helps no one.
  const unreadable = plans.find(({ plan }) => needsOpenSlide(plan.type));
  if (unreadable && !readsVendorFormats) {
    throw new AppError('SLIDE_TYPE_NEEDS_OPENSLIDE', { type: unreadable.plan.type.toUpperCase() });
  }
  const names = new Set<string>();
  for (const { plan } of plans) {
    const key = plan.name.toLowerCase();
    if (names.has(key)) {
      throw new AppError('SLIDE_NAME_EXISTS', { name: plan.name });
    }
    names.add(key);
  }

  const resumed = new Map<number, DocumentRow>();
  for (const [i, { file, plan }] of plans.entries()) {
    const doc = await findResumable(db, actor, target, plan, file.lLastModified);
    if (doc) {
      resumed.set(i, doc);
    }
  }
  const now = clock.now();
  for (const doc of resumed.values()) {
    await markUploadActive(db, doc.id, now);
  }
  const fresh = plans.filter((_, i) => !resumed.has(i));
  const freshBytes = fresh.reduce((sum, { plan }) => sum + plan.totalBytes, 0);
  if (freshBytes > 0) {
    await assertDiskRoom(dataDir, freshBytes, deps.diskReserveBytes ?? DEFAULT_DISK_RESERVE_BYTES);
  }
  let created: { index: number; doc: DocumentRow; plan: PlannedDocument }[] = [];
  try {
    created = await db.transaction(async (tx) => {
      // By number: under the number's lock, the doctor's own case of it made since the target was
      // looked for takes the slides (its creation, before or after, could not see them). To a
      // case: the case as it is now, held until the slides are in.
      const into =
        target.patientId === null
          ? await caseMadeMeanwhile(tx, actor, target)
          : await caseHeldForSlides(tx, target.patientId);
      await reserveStorage(tx, target.hospitalId, freshBytes);
      const rows = [];
      for (const [i, { file, plan }] of plans.entries()) {
        if (resumed.has(i)) {
          continue;
        }
        const [doc] = await tx
          .insert(slideDocuments)
          .values({
            hospitalId: into.hospitalId,
            patientId: into.patientId,
            diagnosisNum: into.diagnosisNum,
            uploadUserId: actor.userId,
            uploadType: input.iUploadType,
            originalName: plan.name,
            displayName: plan.name,
            fileType: plan.type,
            totalBytes: plan.totalBytes,
            chunkBytes: UPLOAD_CHUNK_BYTES,
            clientModified: file.lLastModified ?? null,
            storageKey: newStorageKey(),
            createdAt: now,
            activeAt: now,
          })
          .returning();
        if (!doc) {
          throw new Error('insert returned no row');
        }
        await tx.insert(slideFiles).values(
          plan.files.map((f, position) => ({
            documentId: doc.id,
            position,
            relativePath: f.relativePath,
            storedPath: f.storedPath,
            size: f.size,
            chunkCount: chunkCountOf(f.size, UPLOAD_CHUNK_BYTES),
          })),
        );
        rows.push({ index: i, doc, plan });
      }
      return rows;
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      // Another request took the same name for this number at the same moment.
      throw new AppError('SLIDE_NAME_EXISTS', { name: plans[0]?.plan.name ?? '' });
    }
    throw error;
  }

  try {
    for (const { doc, plan } of created) {
      await prepareFiles(dataDir, doc, plan.files);
    }
  } catch (error) {
    // No file, no upload: undo the records and the reservation rather than leave dead uploads.
    await undoRecords(
      deps,
      created.map((c) => c.doc),
    );
    throw isDiskFullError(error) ? new AppError('SERVER_DISK_FULL') : error;
  }

  const listFile: UploadRecordDto[] = [];
  for (const [i, { file }] of plans.entries()) {
    const doc = resumed.get(i) ?? created.find((c) => c.index === i)?.doc;
    if (!doc) {
      continue;
    }
    listFile.push({
      ...(await fileStatusOf(db, doc)),
      iFileId: file.iFileId ?? null,
      bResumed: resumed.has(i),
    });
  }
  return { listFile };
}

/**
 * For an upload by number, inside its transaction: takes the number (lockCaseNumber), then the
 * target again. The doctor's own case of the number made or renumbered meanwhile, while it still
 * takes slides, is where the slides go (held for share until they are in, as a by-case upload's
 * case should be); else they wait under the number, where a case made later finds them.
 */
async function caseMadeMeanwhile(tx: Db, actor: Actor, target: Target): Promise<Target> {
  await lockCaseNumber(tx, target.hospitalId, target.diagnosisNum);
  const { patient } = await ownCaseByNumber(tx, actor, target.diagnosisNum);
  if (!patient?.bTakesSlides) {
    return target;
  }
  const held = await lockPatient(tx, patient.iPatientId, 'share');
  if (!held || !caseTakesSlides(held.state)) {
    return target;
  }
  return { hospitalId: held.hospitalId, patientId: held.id, diagnosisNum: held.diagnosisNum };
}

/**
 * For an upload to a case, inside its transaction: the case held for share, so that a renumbering
 * or a submission waits until the slides are in (and then moves or takes them with the rest), and
 * its number and state read again: one changed since targetOf looked would leave the slides under
 * the old number, outside their case, or in a case that no longer takes slides.
 */
async function caseHeldForSlides(tx: Db, patientId: number): Promise<Target> {
  const held = await lockPatient(tx, patientId, 'share');
  if (!held) {
    throw notFound();
  }
  if (!caseTakesSlides(held.state)) {
    throw new AppError('SLIDE_CASE_LOCKED');
  }
  return { hospitalId: held.hospitalId, patientId: held.id, diagnosisNum: held.diagnosisNum };
}

async function undoRecords(deps: UploadDeps, docs: readonly DocumentRow[]): Promise<void> {
  for (const doc of docs) {
    await discardUpload(deps, doc);
  }
}
