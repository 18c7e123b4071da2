import { and, asc, count, eq, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { MedicalOrderCategory, MedicalOrderQuery } from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { hospitals, medicalOrderItems } from '../../db/schema';

export type ItemRow = typeof medicalOrderItems.$inferSelect;
export type ItemWithHospital = ItemRow & { hospitalName: string | null };
export type ItemValues = Pick<
  typeof medicalOrderItems.$inferInsert,
  'category' | 'name' | 'code' | 'sortOrder' | 'enabled'
>;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Categories in the order of the spec (IHC, special stains, molecular), then the set order. */
const ORDER = [
  sql`case ${medicalOrderItems.category} when 'ihc' then 1 when 'special_stain' then 2 else 3 end`,
  asc(medicalOrderItems.sortOrder),
  sql`lower(${medicalOrderItems.name})`,
  asc(medicalOrderItems.id),
];

/**
 * The items of one dictionary as its doctors see it: the platform's, and the hospital's own
 * when a hospital is named (null: the platform's alone).
 */
export function dictionaryOf(hospitalId: number | null): SQL {
  const platform = isNull(medicalOrderItems.hospitalId);
  return hospitalId == null
    ? platform
    : (or(platform, eq(medicalOrderItems.hospitalId, hospitalId)) as SQL);
}

const withHospital = {
  id: medicalOrderItems.id,
  hospitalId: medicalOrderItems.hospitalId,
  category: medicalOrderItems.category,
  name: medicalOrderItems.name,
  code: medicalOrderItems.code,
  sortOrder: medicalOrderItems.sortOrder,
  enabled: medicalOrderItems.enabled,
  createdAt: medicalOrderItems.createdAt,
  updatedAt: medicalOrderItems.updatedAt,
  hospitalName: hospitals.name,
};

export async function listItems(
  db: Db,
  hospitalId: number | null,
  q: MedicalOrderQuery,
): Promise<{ rows: ItemWithHospital[]; total: number }> {
  const conditions: (SQL | undefined)[] = [dictionaryOf(hospitalId)];
  if (q.strCategory) {
    conditions.push(eq(medicalOrderItems.category, q.strCategory));
  }
  if (q.strName) {
    const like = `%${escapeLike(q.strName)}%`;
    conditions.push(or(ilike(medicalOrderItems.name, like), ilike(medicalOrderItems.code, like)));
  }
  if (q.strState) {
    conditions.push(eq(medicalOrderItems.enabled, q.strState === 'enabled'));
  }
  if (q.strSource === 'platform') {
    conditions.push(isNull(medicalOrderItems.hospitalId));
  } else if (q.strSource === 'hospital') {
    conditions.push(sql`${medicalOrderItems.hospitalId} is not null`);
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select(withHospital)
      .from(medicalOrderItems)
      .leftJoin(hospitals, eq(hospitals.id, medicalOrderItems.hospitalId))
      .where(where)
      .orderBy(...ORDER)
      .limit(q.iPageSize)
      .offset((q.iCurPage - 1) * q.iPageSize),
    db.select({ n: count() }).from(medicalOrderItems).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The enabled items of a dictionary, in display order (the pickers of the case form). */
export async function enabledItems(
  db: Db,
  hospitalId: number | null,
  category: MedicalOrderCategory | undefined,
): Promise<ItemRow[]> {
  return db
    .select()
    .from(medicalOrderItems)
    .where(
      and(
        dictionaryOf(hospitalId),
        eq(medicalOrderItems.enabled, true),
        category ? eq(medicalOrderItems.category, category) : undefined,
      ),
    )
    .orderBy(...ORDER);
}

export async function findItem(db: Db, id: number): Promise<ItemWithHospital | undefined> {
  const rows = await db
    .select(withHospital)
    .from(medicalOrderItems)
    .leftJoin(hospitals, eq(hospitals.id, medicalOrderItems.hospitalId))
    .where(eq(medicalOrderItems.id, id));
  return rows[0];
}

/** Locks an item until the transaction ends (two edits of one item run one after the other). */
export async function lockItem(tx: Db, id: number): Promise<ItemRow | undefined> {
  const rows = await tx
    .select()
    .from(medicalOrderItems)
    .where(eq(medicalOrderItems.id, id))
    .for('update');
  return rows[0];
}

/** Whether the platform dictionary holds this name in this category (any case). */
export async function platformHasName(
  db: Db,
  category: string,
  name: string,
  exceptId?: number,
): Promise<boolean> {
  const rows = await db
    .select({ id: medicalOrderItems.id })
    .from(medicalOrderItems)
    .where(
      and(
        isNull(medicalOrderItems.hospitalId),
        eq(medicalOrderItems.category, category),
        sql`lower(${medicalOrderItems.name}) = lower(${name})`,
        exceptId === undefined ? undefined : ne(medicalOrderItems.id, exceptId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function insertItem(
  tx: Db,
  hospitalId: number | null,
  values: ItemValues,
  now: Date,
): Promise<number> {
  const [row] = await tx
    .insert(medicalOrderItems)
    .values({ ...values, hospitalId, createdAt: now, updatedAt: now })
    .returning({ id: medicalOrderItems.id });
  if (!row) {
    throw new Error('order item not inserted');
  }
  return row.id;
}

export async function updateItem(
  tx: Db,
  id: number,
  values: Partial<ItemValues>,
  now: Date,
): Promise<void> {
  await tx
    .update(medicalOrderItems)
    .set({ ...values, updatedAt: now })
    .where(eq(medicalOrderItems.id, id));
}
