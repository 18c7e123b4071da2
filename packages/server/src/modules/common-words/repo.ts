import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import {
  CommonWordScope,
  type CommonWordQuery,
  type CommonWordScopeCode,
  type CommonWordUsableQuery,
} from '@pathconsult/shared';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { commonWords, hospitals, users } from '../../db/schema';
import { escapeLike } from '../../lib/like';
import { whereInScope, type HospitalScope } from '../tenancy/scope';

export type WordRow = typeof commonWords.$inferSelect;
/** A word with what its list rows show beside it. */
export type WordView = WordRow & { ownerName: string; hospitalName: string };

/**
 * Whose words a management list holds: an expert's own, or — for administrators — those of the
 * hospitals of their tenancy scope.
 */
export type ManagedWords =
  { kind: 'owner'; ownerId: number } | { kind: 'hospitals'; scope: HospitalScope };

/**
 * Who may insert a word: its owner, every expert for a shared word, and for an institution-shared
 * word the experts of the owner's hospital (`scope` is the caller's own hospital).
 */
export interface Reader {
  userId: number;
  scope: HospitalScope;
}

const viewColumns = {
  id: commonWords.id,
  ownerId: commonWords.ownerId,
  hospitalId: commonWords.hospitalId,
  category: commonWords.category,
  content: commonWords.content,
  scope: commonWords.scope,
  createdAt: commonWords.createdAt,
  updatedAt: commonWords.updatedAt,
  ownerName: users.realName,
  hospitalName: hospitals.name,
};

const contains = (column: PgColumn, text: string | undefined) =>
  text ? ilike(column, `%${escapeLike(text)}%`) : undefined;

function managedWhere(managed: ManagedWords): SQL {
  return managed.kind === 'owner'
    ? eq(commonWords.ownerId, managed.ownerId)
    : whereInScope(managed.scope, commonWords.hospitalId);
}

function usableWhere(reader: Reader): SQL {
  return or(
    eq(commonWords.ownerId, reader.userId),
    eq(commonWords.scope, CommonWordScope.Shared),
    and(
      eq(commonWords.scope, CommonWordScope.Institution),
      whereInScope(reader.scope, commonWords.hospitalId),
    ),
  ) as SQL;
}

/** One page of rows and the count of all rows matching `where`. */
async function page(
  db: Db,
  where: SQL | undefined,
  order: SQL[],
  q: { iCurPage: number; iPageSize: number },
): Promise<{ rows: WordView[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select(viewColumns)
      .from(commonWords)
      .innerJoin(users, eq(users.id, commonWords.ownerId))
      .innerJoin(hospitals, eq(hospitals.id, commonWords.hospitalId))
      .where(where)
      .orderBy(...order)
      .limit(q.iPageSize)
      .offset((q.iCurPage - 1) * q.iPageSize),
    // The owner's name filter needs the users join in the count too.
    db
      .select({ n: count() })
      .from(commonWords)
      .innerJoin(users, eq(users.id, commonWords.ownerId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** commonWord/selectCommonWordByState: the managed words, the latest change first. */
export function listManaged(db: Db, managed: ManagedWords, q: CommonWordQuery) {
  const where = and(
    managedWhere(managed),
    contains(commonWords.category, q.strCategory),
    contains(commonWords.content, q.strContent),
    q.iScope === undefined ? undefined : eq(commonWords.scope, q.iScope),
    contains(users.realName, q.strRealName),
  );
  return page(db, where, [desc(commonWords.updatedAt), desc(commonWords.id)], q);
}

/** commonWord/selectUsable: by category, the reader's own words first, then oldest first. */
export function listUsable(db: Db, reader: Reader, q: CommonWordUsableQuery) {
  const keyword = q.strKeyword ? `%${escapeLike(q.strKeyword)}%` : undefined;
  const where = and(
    usableWhere(reader),
    q.strCategory ? eq(commonWords.category, q.strCategory) : undefined,
    keyword
      ? or(ilike(commonWords.content, keyword), ilike(commonWords.category, keyword))
      : undefined,
  );
  const order = [
    sql`lower(${commonWords.category})`,
    asc(commonWords.category),
    sql`(${commonWords.ownerId} = ${reader.userId}) desc`,
    asc(commonWords.id),
  ];
  return page(db, where, order, q);
}

/** The distinct categories of the reader's usable words, in any-case alphabetical order. */
export async function usableCategories(db: Db, reader: Reader): Promise<string[]> {
  const rows = await db
    .selectDistinct({
      category: commonWords.category,
      key: sql<string>`lower(${commonWords.category})`,
    })
    .from(commonWords)
    .where(usableWhere(reader))
    .orderBy(sql`lower(${commonWords.category})`, asc(commonWords.category));
  return rows.map((r) => r.category);
}

export async function findView(db: Db, id: number): Promise<WordView | undefined> {
  const [row] = await db
    .select(viewColumns)
    .from(commonWords)
    .innerJoin(users, eq(users.id, commonWords.ownerId))
    .innerJoin(hospitals, eq(hospitals.id, commonWords.hospitalId))
    .where(eq(commonWords.id, id));
  return row;
}

/** Locks a word until the transaction ends (an edit and a delete of it run one after the other). */
export async function lockWord(tx: Db, id: number): Promise<WordRow | undefined> {
  const [row] = await tx.select().from(commonWords).where(eq(commonWords.id, id)).for('update');
  return row;
}

export interface WordValues {
  category: string;
  content: string;
  scope: CommonWordScopeCode;
}

export async function insertWord(
  db: Db,
  owner: { ownerId: number; hospitalId: number },
  values: WordValues,
  now: Date,
): Promise<number> {
  const [row] = await db
    .insert(commonWords)
    .values({ ...owner, ...values, createdAt: now, updatedAt: now })
    .returning({ id: commonWords.id });
  if (!row) {
    throw new Error('common word not inserted');
  }
  return row.id;
}

export async function updateWord(tx: Db, id: number, values: WordValues, now: Date) {
  await tx
    .update(commonWords)
    .set({ ...values, updatedAt: now })
    .where(eq(commonWords.id, id));
}

export async function deleteWord(tx: Db, id: number): Promise<void> {
  await tx.delete(commonWords).where(eq(commonWords.id, id));
}
