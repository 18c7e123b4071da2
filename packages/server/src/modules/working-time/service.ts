import {
  RoleType,
  type WorkingSlot,
  type WorkingTimeAddInput,
  type WorkingTimeInfo,
  type WorkingTimePage,
  type WorkingTimeQuery,
  type WorkingTimeUpdateInput,
} from '@pathconsult/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError, notFound } from '../../lib/app-error';
import type { Actor } from '../auth/actor';
import { isHospitalInScope, scopeOf } from '../tenancy/scope';
import { toInfoDto, toRowDto, toSlotDto } from './dto';
import * as repo from './repo';

export interface WorkingTimeDeps {
  db: Db;
  clock: Clock;
}

const isAdmin = (actor: Actor) =>
  actor.roleType === RoleType.PlatformAdmin || actor.roleType === RoleType.HospitalAdmin;

/**
 * The expert whose week the caller changes, its row locked for the rest of the transaction (see
 * below). Who may change an expert's week: the expert, or an administrator whose user-management
 * scope holds the expert's hospital (the route already asked for the `userManage` privilege).
 * Anything else answers like a missing account; a visible account that is no expert is
 * NOT_AN_EXPERT.
 */
async function lockManagedOwner(tx: Db, actor: Actor, userId: number): Promise<repo.ScheduleOwner> {
  const owner = await repo.findOwner(tx, userId, true);
  if (!owner) {
    throw notFound();
  }
  const self = owner.id === actor.userId;
  const visible =
    self || (isAdmin(actor) && isHospitalInScope(scopeOf(actor, 'userManage'), owner.hospitalId));
  if (!visible) {
    throw notFound();
  }
  if (owner.roleType !== RoleType.Expert) {
    throw new AppError('NOT_AN_EXPERT');
  }
  return owner;
}

/**
 * Who may read an expert's week (getWorkingTimeInfo, for the expert pickers of case submission):
 * anyone whose scope holds the expert's hospital, and anyone of the same hospital group, since
 * doctors send cases to their group's diagnosis centre. Other accounts, and accounts that are
 * no experts, answer like missing ones.
 */
function mayRead(actor: Actor, owner: repo.ScheduleOwner): boolean {
  if (owner.roleType !== RoleType.Expert) {
    return false;
  }
  return (
    owner.id === actor.userId ||
    isHospitalInScope(scopeOf(actor, 'userManage'), owner.hospitalId) ||
    (actor.groupId != null && owner.groupId === actor.groupId)
  );
}

export async function selectWorkingTimes(
  db: Db,
  actor: Actor,
  q: WorkingTimeQuery,
): Promise<WorkingTimePage> {
  const { rows, total } = await repo.listExperts(db, scopeOf(actor, 'userManage'), q);
  const slots = await repo.slotsOf(
    db,
    rows.map((r) => r.id),
  );
  return { listPage: rows.map((r) => toRowDto(r, slots)), iTotalCount: total };
}

export async function getWorkingTimeInfo(
  db: Db,
  actor: Actor,
  userId: number,
): Promise<WorkingTimeInfo> {
  const owner = await repo.findOwner(db, userId);
  if (!owner || !mayRead(actor, owner)) {
    throw notFound();
  }
  return toInfoDto(owner, await repo.slotsOf(db, [owner.id]));
}

/*
 * Every change of a week first locks the expert's user row, so that a whole-week replacement and
 * a single add never interleave (the replacement deletes, then inserts: an add slipping in
 * between would break its insert on the unique half-day index).
 */

/** workingTime/add: one half-day; one the expert already has is answered again (idempotent). */
export async function addWorkingTime(
  deps: WorkingTimeDeps,
  actor: Actor,
  input: WorkingTimeAddInput,
): Promise<WorkingSlot> {
  const { db, clock } = deps;
  return db.transaction(async (tx) => {
    const owner = await lockManagedOwner(tx, actor, input.iUserId);
    return toSlotDto(await repo.upsertSlot(tx, owner.id, input, clock.now()));
  });
}

/** workingTime/delete: one half-day, by its id. Returns the slot removed (for the audit note). */
export async function deleteWorkingTime(
  deps: WorkingTimeDeps,
  actor: Actor,
  workingTimeId: number,
): Promise<{ iUserId: number; slot: WorkingSlot }> {
  return deps.db.transaction(async (tx) => {
    const slot = await repo.findSlot(tx, workingTimeId);
    if (!slot) {
      throw notFound();
    }
    const owner = await lockManagedOwner(tx, actor, slot.userId);
    await repo.deleteSlot(tx, slot.id);
    return { iUserId: owner.id, slot: toSlotDto(slot) };
  });
}

/** workingTime/update: the expert's whole week, replaced in one transaction. */
export async function updateWorkingTimes(
  deps: WorkingTimeDeps,
  actor: Actor,
  input: WorkingTimeUpdateInput,
): Promise<WorkingTimeInfo> {
  const { db, clock } = deps;
  return db.transaction(async (tx) => {
    const owner = await lockManagedOwner(tx, actor, input.iUserId);
    await repo.replaceWeek(tx, owner.id, input.listSlot, clock.now());
    return toInfoDto(owner, await repo.slotsOf(tx, [owner.id]));
  });
}
