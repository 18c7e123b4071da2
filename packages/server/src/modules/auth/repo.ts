import { and, count, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { hospitals, loginFailures, loginLocks, sessions, users } from '../../db/schema';
import { forgetSession } from './recent-sessions';

export async function insertSession(
  db: Db,
  s: {
    tokenHash: string;
    userId: number;
    now: Date;
    expiresAt: Date;
    ip: string;
    userAgent: string | null;
  },
): Promise<number> {
  const [row] = await db
    .insert(sessions)
    .values({
      tokenHash: s.tokenHash,
      userId: s.userId,
      createdAt: s.now,
      lastUsedAt: s.now,
      expiresAt: s.expiresAt,
      ip: s.ip,
      userAgent: s.userAgent,
    })
    .returning({ id: sessions.id });
  if (!row) {
    throw new Error('session insert returned nothing');
  }
  return row.id;
}

function prepareSessionByTokenHash(db: Db) {
  return db
    .select({ session: sessions, user: users, hospital: hospitals })
    .from(sessions)
    .innerJoin(users, eq(sessions.userId, users.id))
    .leftJoin(hospitals, eq(users.hospitalId, hospitals.id))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .prepare('session_by_token_hash');
}

/*
 * Every authenticated request runs this lookup, so it is a prepared statement: built once per
 * database handle and planned once per connection. Measured in bench/api-auth.bench.ts, building
 * and planning the join each time cost several times the lookup itself.
 */
const sessionByTokenHash = new WeakMap<Db, ReturnType<typeof prepareSessionByTokenHash>>();

/** The session of a token with its user and hospital: one indexed query per request. */
export async function findSessionByTokenHash(db: Db, tokenHash: string) {
  let statement = sessionByTokenHash.get(db);
  if (!statement) {
    statement = prepareSessionByTokenHash(db);
    sessionByTokenHash.set(db, statement);
  }
  const rows = await statement.execute({ tokenHash });
  return rows[0];
}

/** Moves the session's last use forward to `usedAt`, never back (calls arrive out of order). */
export async function touchSession(db: Db, sessionId: number, usedAt: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ lastUsedAt: usedAt })
    .where(and(eq(sessions.id, sessionId), lt(sessions.lastUsedAt, usedAt)));
}

export async function revokeSession(db: Db, sessionId: number, now: Date): Promise<void> {
  forgetSession(sessionId);
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function recordLoginFailure(db: Db, userKey: string, ip: string, now: Date) {
  await db.insert(loginFailures).values({ userKey, ip, createdAt: now });
}

/** Failures charged to an account since `since`. */
export async function countAccountFailures(db: Db, userKey: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.userKey, userKey), gte(loginFailures.createdAt, since)));
  return row?.n ?? 0;
}

export async function countIpFailures(db: Db, ip: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.ip, ip), gte(loginFailures.createdAt, since)));
  return row?.n ?? 0;
}

export async function clearAccountFailures(db: Db, userKey: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.userKey, userKey));
}

export async function findLockedUntil(db: Db, key: string): Promise<Date | null> {
  const [row] = await db.select().from(loginLocks).where(eq(loginLocks.key, key));
  return row?.lockedUntil ?? null;
}

export async function setLock(db: Db, key: string, lockedUntil: Date): Promise<void> {
  await db
    .insert(loginLocks)
    .values({ key, lockedUntil })
    .onConflictDoUpdate({ target: loginLocks.key, set: { lockedUntil } });
}
