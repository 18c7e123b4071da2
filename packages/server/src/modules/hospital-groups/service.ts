import {
  HospitalDiagnosis,
  type HospitalGroupAddInput,
  type HospitalGroupDto,
  type HospitalGroupQuery,
  type HospitalGroupUpdateInput,
  type HospitalOption,
} from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/pg-errors';
import { getConfig } from '../config/service';
import { toHospitalOption } from '../hospitals/dto';
import type { HospitalScope } from '../tenancy/scope';
import { toHospitalGroupDto } from './dto';
import * as repo from './repo';

/*
 * Membership rules of hospital groups: every group keeps a diagnosis center, holds at most the
 * configured number of hospitals, and a hospital belongs to one group. The hospital form moves
 * hospitals between groups through the functions exported here, so the rules live in one place.
 *
 * Lock order, on every path that changes membership: group rows first (in id order), then
 * hospital rows (in id order). Counting members after the group's lock is what keeps two
 * concurrent additions from passing the cap together.
 */

export async function hospitalsPerGroup(db: Db): Promise<number> {
  return (await getConfig(db)).hospitalsPerGroup;
}

/**
 * Locks the groups a change touches (absent ones are skipped) and returns the ids that exist, so
 * that the caller can answer 404 for a group it wants to move a hospital into.
 */
export async function lockGroupsForChange(
  tx: Db,
  ids: readonly (number | null)[],
): Promise<Set<number>> {
  const wanted = [...new Set(ids.filter((id): id is number => id != null))];
  const found = await repo.lockGroups(tx, wanted);
  return new Set(found.map((g) => g.id));
}

/** After a hospital joined the (locked) group: refuses when the group now holds too many. */
export async function assertGroupWithinCap(tx: Db, groupId: number, cap: number): Promise<void> {
  if ((await repo.countMembers(tx, groupId)) > cap) {
    throw new AppError('GROUP_HOSPITAL_LIMIT', { max: cap });
  }
}

/** After a center left the (locked) group or stopped being one: the group must keep a center. */
export async function assertGroupKeepsCenter(tx: Db, groupId: number): Promise<void> {
  if ((await repo.countCenters(tx, groupId)) === 0) {
    throw new AppError('GROUP_NEEDS_CENTER');
  }
}

async function groupDto(db: Db, group: Parameters<typeof toHospitalGroupDto>[0]) {
  return toHospitalGroupDto(group, await repo.membersOf(db, [group.id]));
}

export async function listHospitalGroups(
  db: Db,
  scope: HospitalScope,
  q: HospitalGroupQuery,
): Promise<{ listPage: HospitalGroupDto[]; iTotalCount: number }> {
  const { rows, total } = await repo.listGroups(db, scope, q);
  const members = await repo.membersOf(
    db,
    rows.map((g) => g.id),
  );
  return {
    listPage: rows.map((g) =>
      toHospitalGroupDto(
        g,
        members.filter((m) => m.groupId === g.id),
      ),
    ),
    iTotalCount: total,
  };
}

/**
 * Puts exactly `hospitalIds` into the locked group `groupId`, after checking them: they exist
 * (else 404), none sits in another group, one is a diagnosis center, and they fit the cap.
 */
async function assignMembers(
  tx: Db,
  groupId: number,
  hospitalIds: readonly number[],
  cap: number,
  now: Date,
): Promise<void> {
  const rows = await repo.lockHospitals(tx, hospitalIds);
  if (rows.length !== hospitalIds.length) {
    throw notFound();
  }
  const elsewhere = rows.find((h) => h.groupId != null && h.groupId !== groupId);
  if (elsewhere) {
    throw new AppError('HOSPITAL_IN_OTHER_GROUP', { name: elsewhere.name });
  }
  if (!rows.some((h) => h.isDiagnosis === HospitalDiagnosis.Center)) {
    throw new AppError('GROUP_NEEDS_CENTER');
  }
  if (rows.length > cap) {
    throw new AppError('GROUP_HOSPITAL_LIMIT', { max: cap });
  }
  await repo.setMembers(tx, groupId, hospitalIds, now);
}

/** The database decides name uniqueness (case-insensitive index); its refusal becomes ours. */
async function withGroupNameCheck<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, 'hospital_groups_name_key')) {
      throw new AppError('GROUP_NAME_EXISTS');
    }
    throw error;
  }
}

export async function addHospitalGroup(
  db: Db,
  input: HospitalGroupAddInput,
  now: Date,
): Promise<HospitalGroupDto> {
  const cap = await hospitalsPerGroup(db);
  const group = await withGroupNameCheck(() =>
    db.transaction(async (tx) => {
      const created = await repo.insertGroup(tx, input.strGroupName, now);
      await assignMembers(tx, created.id, input.listHospitalId, cap, now);
      return created;
    }),
  );
  return groupDto(db, group);
}

export async function updateHospitalGroup(
  db: Db,
  input: HospitalGroupUpdateInput,
  now: Date,
): Promise<HospitalGroupDto> {
  const cap = await hospitalsPerGroup(db);
  await withGroupNameCheck(() =>
    db.transaction(async (tx) => {
      if (!(await lockGroupsForChange(tx, [input.iGroupId])).has(input.iGroupId)) {
        throw notFound();
      }
      await repo.renameGroup(tx, input.iGroupId, input.strGroupName, now);
      await assignMembers(tx, input.iGroupId, input.listHospitalId, cap, now);
    }),
  );
  const group = await repo.findGroup(db, { kind: 'all' }, input.iGroupId);
  if (!group) {
    throw notFound();
  }
  return groupDto(db, group);
}

/** Deletes a group; its hospitals stay, without a group (the foreign key sets it null). */
export async function deleteHospitalGroup(db: Db, groupId: number): Promise<void> {
  if (!(await repo.deleteGroupRow(db, groupId))) {
    throw notFound();
  }
}

/** Members of a group the caller may see (a group outside the scope answers like a missing one). */
export async function hospitalsOfGroup(
  db: Db,
  scope: HospitalScope,
  groupId: number,
  onlyCenters: boolean,
): Promise<HospitalOption[]> {
  const group = await repo.findGroup(db, scope, groupId);
  if (!group) {
    throw notFound();
  }
  const members = await repo.membersOf(db, [group.id]);
  return members
    .filter((m) => !onlyCenters || m.isDiagnosis === HospitalDiagnosis.Center)
    .map(toHospitalOption);
}
