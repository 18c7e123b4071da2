import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { hospitals } from '../../db/schema';
import { formatBytes } from '@pathconsult/shared';
import { AppError } from '../../lib/app-error';

const BYTES_PER_GB = 1024 ** 3;

/**
 * Reserves `bytes` of the hospital's slide storage for uploads about to start, in one conditional
 * update so that parallel uploads cannot together overrun the quota. Refuses with "capacity used
 * up" when nothing is left, or "slice exceeds remaining capacity" when this upload would not fit.
 */
export async function reserveStorage(db: Db, hospitalId: number, bytes: number): Promise<void> {
  const totalBytes = sql`round(${hospitals.storageTotalGb} * ${BYTES_PER_GB})`;
  const updated = await db
    .update(hospitals)
    .set({ storageUsedBytes: sql`${hospitals.storageUsedBytes} + ${bytes}` })
    .where(
      sql`${hospitals.id} = ${hospitalId} and ${hospitals.storageUsedBytes} + ${bytes} <= ${totalBytes}`,
    )
    .returning({ id: hospitals.id });
  if (updated.length > 0) {
    return;
  }
  const [row] = await db
    .select({ used: hospitals.storageUsedBytes, total: hospitals.storageTotalGb })
    .from(hospitals)
    .where(eq(hospitals.id, hospitalId));
  const free = row ? Number(row.total) * BYTES_PER_GB - row.used : 0;
  if (free <= 0) {
    throw new AppError('CAPACITY_USED_UP');
  }
  // To about three digits in the unit that reads best: 0.45 MB left read "0 MB" (floored).
  throw new AppError('SLIDE_EXCEEDS_CAPACITY', { free: formatBytes(free) });
}

/**
 * Counts bytes already written (images the slide engine saved beside a slide) without a quota
 * check: they are on the disk either way, and a full hospital's next upload is refused.
 */
export async function chargeStorage(db: Db, hospitalId: number, bytes: number): Promise<void> {
  await db
    .update(hospitals)
    .set({ storageUsedBytes: sql`${hospitals.storageUsedBytes} + ${bytes}` })
    .where(eq(hospitals.id, hospitalId));
}

/** Gives storage back (a deleted slide, an abandoned upload); never below zero. */
export async function releaseStorage(db: Db, hospitalId: number, bytes: number): Promise<void> {
  await db
    .update(hospitals)
    .set({ storageUsedBytes: sql`greatest(0, ${hospitals.storageUsedBytes} - ${bytes})` })
    .where(eq(hospitals.id, hospitalId));
}

/**
 * Whether the hospital is still within its quota: checked on every chunk, so that lowering a
 * hospital's total stops its uploads at the next chunk ("capacity used up").
 */
export function assertWithinQuota(usedBytes: number, totalGb: string | number): void {
  if (usedBytes > Number(totalGb) * BYTES_PER_GB) {
    throw new AppError('CAPACITY_USED_UP');
  }
}
