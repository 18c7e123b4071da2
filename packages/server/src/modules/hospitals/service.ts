import {
  HospitalDiagnosis,
  RoleType,
  type HospitalAddInput,
  type HospitalDto,
  type HospitalOption,
  type HospitalQuery,
  type HospitalUpdateInput,
} from '@pathconsult/shared';
import type { Db } from '../../db/client';
import type { hospitals } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/pg-errors';
import { measureHospitalDisk, usedBytesFrom } from '../slide-upload/measure-usage';
import { gbToBytes } from '../../storage/hospital-usage';
import type { Actor } from '../auth/actor';
import {
  assertGroupKeepsCenter,
  assertGroupWithinCap,
  hospitalsPerGroup,
  lockGroupsForChange,
} from '../hospital-groups/service';
import { scopeOf, type HospitalScope } from '../tenancy/scope';
import { toHospitalDto, toHospitalOption, toHospitalValues, type HospitalValues } from './dto';
import * as repo from './repo';

type HospitalRow = typeof hospitals.$inferSelect;

const everyHospital: HospitalScope = { kind: 'all' };

async function viewOf(db: Db, scope: HospitalScope, id: number): Promise<HospitalDto> {
  const view = await repo.findHospitalView(db, scope, id);
  if (!view) {
    throw notFound();
  }
  return toHospitalDto(view);
}

export async function listHospitals(
  db: Db,
  scope: HospitalScope,
  q: HospitalQuery,
): Promise<{ listPage: HospitalDto[]; iTotalCount: number }> {
  const { rows, total } = await repo.listHospitals(db, scope, q);
  return { listPage: rows.map(toHospitalDto), iTotalCount: total };
}

export const getHospital = viewOf;

export async function hospitalOptions(db: Db, scope: HospitalScope): Promise<HospitalOption[]> {
  return (await repo.listHospitalRows(db, scope)).map(toHospitalOption);
}

export async function memoryUsage(db: Db, scope: HospitalScope, id: number) {
  const { dUsedMemory, dTotalMemory, lUsedBytes } = await viewOf(db, scope, id);
  return { dUsedMemory, dTotalMemory, lUsedBytes, lTotalBytes: gbToBytes(dTotalMemory) };
}

/** The database decides name uniqueness (case-insensitive index); its refusal becomes ours. */
async function withNameCheck<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, 'hospitals_name_key')) {
      throw new AppError('HOSPITAL_NAME_EXISTS');
    }
    throw error;
  }
}

const LOCK_ATTEMPTS = 3;

/**
 * Runs `work` in a transaction that holds the locks of the hospital's group, of `targetGroupId`
 * and then of the hospital itself (the lock order of hospital-groups/service.ts). The group is
 * read before it can be locked; when the hospital changed groups in between, the transaction is
 * given up and run again with the new group.
 */
async function withHospitalLocked<T>(
  db: Db,
  hospitalId: number,
  targetGroupId: number | null,
  work: (tx: Db, locked: HospitalRow, groups: Set<number>) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const seen = await repo.findHospital(db, everyHospital, hospitalId);
    if (!seen) {
      throw notFound();
    }
    const outcome = await db.transaction(async (tx) => {
      const groups = await lockGroupsForChange(tx, [seen.groupId, targetGroupId]);
      const locked = await repo.lockHospital(tx, hospitalId);
      if (!locked) {
        throw notFound();
      }
      if (locked.groupId !== seen.groupId) {
        return { retry: true } as const;
      }
      return { retry: false, value: await work(tx, locked, groups) } as const;
    });
    if (!outcome.retry) {
      return outcome.value;
    }
    if (attempt >= LOCK_ATTEMPTS) {
      throw new AppError('OPERATION_FAILED');
    }
  }
}

/** Whether a change takes a diagnosis center away from the hospital's current group. */
function takesCenterAway(
  current: HospitalRow,
  next: { groupId: number | null; isDiagnosis: number },
) {
  return (
    current.groupId != null &&
    current.isDiagnosis === HospitalDiagnosis.Center &&
    (next.groupId !== current.groupId || next.isDiagnosis !== HospitalDiagnosis.Center)
  );
}

export async function addHospital(
  db: Db,
  input: HospitalAddInput,
  now: Date,
): Promise<HospitalDto> {
  const values = toHospitalValues(input);
  const cap = await hospitalsPerGroup(db);
  const id = await withNameCheck(() =>
    db.transaction(async (tx) => {
      const groupId = values.groupId ?? null;
      if (groupId != null && !(await lockGroupsForChange(tx, [groupId])).has(groupId)) {
        throw notFound();
      }
      const created = await repo.insertHospital(tx, values, now);
      if (groupId != null) {
        await assertGroupWithinCap(tx, groupId, cap);
      }
      return created;
    }),
  );
  return viewOf(db, everyHospital, id);
}

/**
 * What only the platform decides about a hospital: its name and type, how long and how much it may
 * use the platform, its diagnosis role and its group. A hospital administrator keeps the rest
 * (contacts, addresses, SMS signature, allowed login addresses) up to date.
 */
const PLATFORM_FIELDS: Record<string, (h: HospitalRow, v: HospitalValues) => boolean> = {
  strHospitalName: (h, v) => h.name === v.name,
  strTypeLabel: (h, v) => (h.typeLabel ?? '') === v.typeLabel,
  dtValidUntil: (h, v) => h.validUntil === v.validUntil,
  dTotalMemory: (h, v) => Number(h.storageTotalGb) === Number(v.storageTotalGb),
  bIsConsultation: (h, v) => h.isConsultation === v.isConsultation,
  ddIsDiagnosis: (h, v) => h.isDiagnosis === v.isDiagnosis,
  iGroupId: (h, v) => h.groupId === (v.groupId ?? null),
};

function isPlatformAdmin(actor: Actor): boolean {
  return actor.isSuperadmin || actor.roleType === RoleType.PlatformAdmin;
}

/**
 * A hospital administrator sends the whole form, platform fields included; they must be what is
 * stored. A change of one is refused (403, the fields in objData) rather than silently dropped, so
 * that nobody believes a change was saved.
 */
function assertOnlyOwnFields(current: HospitalRow, values: HospitalValues): void {
  const changed = Object.entries(PLATFORM_FIELDS)
    .filter(([, same]) => !same(current, values))
    .map(([field]) => field);
  if (changed.length > 0) {
    throw new AppError('FORBIDDEN', {}, changed);
  }
}

export async function updateHospital(
  db: Db,
  actor: Actor,
  input: HospitalUpdateInput,
  now: Date,
): Promise<HospitalDto> {
  const scope = scopeOf(actor, 'medicalConsortia');
  const current = await repo.findHospital(db, scope, input.iHospitalId);
  if (!current) {
    throw notFound();
  }
  const values = toHospitalValues(input);
  if (!isPlatformAdmin(actor)) {
    assertOnlyOwnFields(current, values);
    // Review before release is the hospital's own quality control: another hospital's
    // administrator (with "all hospitals" institution management) does not switch it.
    if (
      current.id !== actor.hospitalId &&
      current.reportReviewRequired !== values.reportReviewRequired
    ) {
      throw new AppError('FORBIDDEN', {}, ['bReportReview']);
    }
  }
  const cap = await hospitalsPerGroup(db);
  const nextGroupId = values.groupId ?? null;
  await withNameCheck(() =>
    withHospitalLocked(db, input.iHospitalId, nextGroupId, async (tx, locked, groups) => {
      if (nextGroupId != null && !groups.has(nextGroupId)) {
        throw notFound();
      }
      await repo.updateHospitalRow(tx, locked.id, values, now);
      if (nextGroupId != null && nextGroupId !== locked.groupId) {
        await assertGroupWithinCap(tx, nextGroupId, cap);
      }
      const next = { groupId: nextGroupId, isDiagnosis: values.isDiagnosis ?? 0 };
      if (locked.groupId != null && takesCenterAway(locked, next)) {
        await assertGroupKeepsCenter(tx, locked.groupId);
      }
    }),
  );
  return viewOf(db, scope, input.iHospitalId);
}

/**
 * Deletes a hospital nothing refers to. Users (and any later record of a hospital) reference it
 * with foreign keys, so the database refuses a hospital in use; the group must keep a center.
 */
export async function deleteHospital(db: Db, hospitalId: number): Promise<void> {
  try {
    await withHospitalLocked(db, hospitalId, null, async (tx, locked) => {
      await repo.deleteHospitalRow(tx, locked.id);
      const gone = { groupId: null, isDiagnosis: HospitalDiagnosis.None };
      if (locked.groupId != null && takesCenterAway(locked, gone)) {
        await assertGroupKeepsCenter(tx, locked.groupId);
      }
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) {
      throw new AppError('HOSPITAL_IN_USE');
    }
    throw error;
  }
}

/**
 * Measures the slides stored for the hospital and keeps the figure as its used storage.
 *
 * The disk is walked first, outside any transaction (a stat per file: about half a second for
 * 2,000 slides, which on the embedded database would hold every other query). The figure is
 * then made from the walk and the documents as they are, with the hospital's row locked: an
 * upload accepted (its size reserved) or a slide deleted (its size given back) meanwhile either
 * committed before and is seen, or waits and then adds to or takes from the figure. Measured
 * and written without that, the figure overwrote such a change, and the quota forgot an upload
 * under way.
 */
export async function calibrateMemory(
  db: Db,
  scope: HospitalScope,
  dataDir: string,
  hospitalId: number,
  now: Date,
): Promise<HospitalDto> {
  const hospital = await repo.findHospital(db, scope, hospitalId);
  if (!hospital) {
    throw notFound();
  }
  const disk = await measureHospitalDisk(db, dataDir, hospital.id);
  await db.transaction(async (tx) => {
    if (!(await repo.lockHospital(tx, hospital.id))) {
      throw notFound();
    }
    const usedBytes = await usedBytesFrom(tx, dataDir, hospital.id, disk);
    await repo.updateHospitalRow(tx, hospital.id, { storageUsedBytes: usedBytes }, now);
  });
  return viewOf(db, scope, hospital.id);
}
