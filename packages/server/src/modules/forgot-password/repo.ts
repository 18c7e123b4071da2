import { and, asc, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { hospitals, loginLocks, users, verificationCodes } from '../../db/schema';

/**
 * Serializes the code steps of one key (a mobile number, an address) until the transaction ends,
 * so that parallel requests cannot all pass a limit that none of them has yet been counted in.
 * Works alike on PostgreSQL and PGlite.
 */
export async function lockKey(tx: Db, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

const ofMobile = (mobile: string, purpose: string) =>
  and(eq(verificationCodes.mobile, mobile), eq(verificationCodes.purpose, purpose));

/** When the newest code of the number was sent, if any. */
export async function latestCodeTime(
  tx: Db,
  mobile: string,
  purpose: string,
): Promise<Date | null> {
  const [row] = await tx
    .select({ createdAt: verificationCodes.createdAt })
    .from(verificationCodes)
    .where(ofMobile(mobile, purpose))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  return row?.createdAt ?? null;
}

/** Codes sent to a number after `since` (a code exactly a window old has left the window). */
export async function countCodesOfMobileSince(
  tx: Db,
  mobile: string,
  purpose: string,
  since: Date,
): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(verificationCodes)
    .where(and(ofMobile(mobile, purpose), gt(verificationCodes.createdAt, since)));
  return row?.n ?? 0;
}

export async function countCodesOfIpSince(tx: Db, ip: string, since: Date): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.ip, ip), gt(verificationCodes.createdAt, since)));
  return row?.n ?? 0;
}

/** A new code replaces the older ones: they are marked used and no longer accepted. */
export async function invalidateUnusedCodes(
  tx: Db,
  mobile: string,
  purpose: string,
  now: Date,
): Promise<void> {
  await tx
    .update(verificationCodes)
    .set({ usedAt: now })
    .where(and(ofMobile(mobile, purpose), isNull(verificationCodes.usedAt)));
}

export async function insertCode(
  tx: Db,
  values: Omit<typeof verificationCodes.$inferInsert, 'id'>,
): Promise<void> {
  await tx.insert(verificationCodes).values(values);
}

/** The code that may still be entered: the newest one, unused and not expired. */
export async function findUsableCode(tx: Db, mobile: string, purpose: string, now: Date) {
  const [row] = await tx
    .select()
    .from(verificationCodes)
    .where(
      and(
        ofMobile(mobile, purpose),
        isNull(verificationCodes.usedAt),
        gt(verificationCodes.expiresAt, now),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  return row;
}

/** A wrong entry: counted, and the code burnt (marked used) once it reaches `maxAttempts`. */
export async function countWrongAttempt(
  tx: Db,
  codeId: number,
  maxAttempts: number,
  now: Date,
): Promise<void> {
  await tx
    .update(verificationCodes)
    .set({
      failedAttempts: sql`${verificationCodes.failedAttempts} + 1`,
      usedAt: sql`case when ${verificationCodes.failedAttempts} + 1 >= ${maxAttempts} then ${now.toISOString()}::timestamptz else ${verificationCodes.usedAt} end`,
    })
    .where(eq(verificationCodes.id, codeId));
}

export async function consumeCode(tx: Db, codeId: number, now: Date): Promise<void> {
  await tx.update(verificationCodes).set({ usedAt: now }).where(eq(verificationCodes.id, codeId));
}

export interface MobileAccount {
  id: number;
  userName: string;
  /** The SMS signature of the account's hospital, when it has one. */
  smsSignature: string | null;
}

/** Every account of a mobile number (at most one per role), oldest first. */
export async function findAccountsByMobile(tx: Db, mobile: string): Promise<MobileAccount[]> {
  return tx
    .select({ id: users.id, userName: users.userName, smsSignature: hospitals.smsSignature })
    .from(users)
    .leftJoin(hospitals, eq(users.hospitalId, hospitals.id))
    .where(eq(users.mobile, mobile))
    .orderBy(asc(users.id));
}

export async function setPasswordHash(
  tx: Db,
  userId: number,
  passwordHash: string,
  now: Date,
): Promise<void> {
  await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
}

/** Lifts a login lock (the failures themselves are cleared by the auth module's repo). */
export async function deleteLoginLock(tx: Db, key: string): Promise<void> {
  await tx.delete(loginLocks).where(eq(loginLocks.key, key));
}
