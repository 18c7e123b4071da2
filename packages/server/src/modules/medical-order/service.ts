import {
  RoleType,
  type MedicalOrderCategory,
  type MedicalOrderItemDto,
  type MedicalOrderOption,
  type MedicalOrderQuery,
  type MedicalOrderSaveInput,
} from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/pg-errors';
import type { Actor } from '../auth/actor';
import { assertHospitalInScope, type HospitalScope } from '../tenancy/scope';
import { findHospital } from '../hospitals/repo';
import { toMedicalOrderItemDto, toMedicalOrderOption } from './dto';
import * as repo from './repo';

/*
 * The medical-order dictionary (spec §7 medicalorder). Platform items (no hospital) are shared by
 * every hospital and changed only by platform administrators; a hospital's own items are changed
 * by the administrators managing that hospital (the `medicalConsortia` scope, as for numbering
 * rules). Nothing references items yet (orders record the names as text), so an item is disabled
 * rather than deleted.
 */

const isPlatformAdmin = (actor: Actor) =>
  actor.isSuperadmin || actor.roleType === RoleType.PlatformAdmin;

/**
 * Whose dictionary a list shows: the hospital named (in scope), else the caller's own, else —
 * for platform administrators, who have no hospital — the platform's alone (null).
 */
async function dictionaryHospital(
  db: Db,
  scope: HospitalScope,
  actor: Actor,
  hospitalId: number | undefined,
): Promise<number | null> {
  const id = hospitalId ?? actor.hospitalId;
  if (id == null) {
    if (isPlatformAdmin(actor)) {
      return null;
    }
    throw notFound();
  }
  if (!(await findHospital(db, scope, id))) {
    throw notFound();
  }
  return id;
}

export async function listItems(
  db: Db,
  scope: HospitalScope,
  actor: Actor,
  q: MedicalOrderQuery,
): Promise<{ listPage: MedicalOrderItemDto[]; iTotalCount: number }> {
  const hospitalId = await dictionaryHospital(db, scope, actor, q.iHospitalId);
  const { rows, total } = await repo.listItems(db, hospitalId, q);
  return { listPage: rows.map(toMedicalOrderItemDto), iTotalCount: total };
}

/**
 * The enabled items a caller may pick: the platform's and its hospital's. Where a hospital item
 * has the name of a platform item of the same category, the hospital's is offered alone.
 */
export async function dictionary(
  db: Db,
  actor: Actor,
  category: MedicalOrderCategory | undefined,
): Promise<MedicalOrderOption[]> {
  const rows = await repo.enabledItems(db, actor.hospitalId, category);
  const own = new Set(
    rows.filter((r) => r.hospitalId != null).map((r) => `${r.category}\n${r.name.toLowerCase()}`),
  );
  return rows
    .filter((r) => r.hospitalId != null || !own.has(`${r.category}\n${r.name.toLowerCase()}`))
    .map(toMedicalOrderOption);
}

/** Where a new item goes: null (platform), or a hospital in scope. */
async function targetOfNew(
  db: Db,
  scope: HospitalScope,
  actor: Actor,
  hospitalId: number | null | undefined,
): Promise<number | null> {
  const target = hospitalId === undefined ? actor.hospitalId : hospitalId;
  if (target == null) {
    if (!isPlatformAdmin(actor)) {
      throw new AppError('FORBIDDEN');
    }
    return null;
  }
  if (!(await findHospital(db, scope, target))) {
    throw notFound();
  }
  return target;
}

/**
 * A name is unique within its dictionary (the index says so under concurrency); a hospital may
 * not add what the platform dictionary already offers in that category either.
 */
async function assertNameFree(
  db: Db,
  hospitalId: number | null,
  category: string,
  name: string,
): Promise<void> {
  if (hospitalId != null && (await repo.platformHasName(db, category, name))) {
    throw new AppError('MEDICAL_ORDER_EXISTS');
  }
}

const codeOf = (code: string | null | undefined) => (code ? code : null);

export async function saveItem(
  db: Db,
  scope: HospitalScope,
  actor: Actor,
  input: MedicalOrderSaveInput,
  now: Date,
): Promise<MedicalOrderItemDto> {
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      if (input.iItemId === undefined) {
        const hospitalId = await targetOfNew(tx, scope, actor, input.iHospitalId);
        // Both are present when adding (the schema requires them).
        const category = input.strCategory as MedicalOrderCategory;
        const name = input.strName as string;
        await assertNameFree(tx, hospitalId, category, name);
        return repo.insertItem(
          tx,
          hospitalId,
          {
            category,
            name,
            code: codeOf(input.strCode),
            sortOrder: input.iSortOrder ?? 0,
            enabled: input.bEnabled ?? true,
          },
          now,
        );
      }
      const item = await repo.lockItem(tx, input.iItemId);
      if (!item) {
        throw notFound();
      }
      if (item.hospitalId == null) {
        // Hospital administrators see platform items but may not change them.
        if (!isPlatformAdmin(actor)) {
          throw new AppError('FORBIDDEN');
        }
      } else {
        assertHospitalInScope(scope, item.hospitalId);
      }
      const category = input.strCategory ?? item.category;
      const name = input.strName ?? item.name;
      if (category !== item.category || name.toLowerCase() !== item.name.toLowerCase()) {
        await assertNameFree(tx, item.hospitalId, category, name);
      }
      await repo.updateItem(
        tx,
        item.id,
        {
          category,
          name,
          code: input.strCode === undefined ? item.code : codeOf(input.strCode),
          sortOrder: input.iSortOrder ?? item.sortOrder,
          enabled: input.bEnabled ?? item.enabled,
        },
        now,
      );
      return item.id;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'medical_order_items_name_key')) {
      throw new AppError('MEDICAL_ORDER_EXISTS');
    }
    throw error;
  }
  const saved = await repo.findItem(db, id);
  if (!saved) {
    throw notFound();
  }
  return toMedicalOrderItemDto(saved);
}
