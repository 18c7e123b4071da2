import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { hospitals, slideDocuments, slideFiles } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import type { Actor } from '../auth/actor';
import { isHospitalInScope, scopeOf } from '../tenancy/scope';

export type DocumentRow = typeof slideDocuments.$inferSelect;
export type FileRow = typeof slideFiles.$inferSelect;

/**
 * An upload belongs to the user who started it, in a hospital of their scope: anyone else gets
 * the same 404 as for a missing upload (another hospital's upload ids cannot be probed).
 */
function isUploader(actor: Actor, doc: DocumentRow): boolean {
  return doc.uploadUserId === actor.userId && isHospitalInScope(scopeOf(actor), doc.hospitalId);
}

/** The caller's own live (not deleted) document, or 404. */
export async function findOwnDocument(db: Db, actor: Actor, id: number): Promise<DocumentRow> {
  const [doc] = await db
    .select()
    .from(slideDocuments)
    .where(and(eq(slideDocuments.id, id), isNull(slideDocuments.deletedAt)));
  if (!doc || !isUploader(actor, doc)) {
    throw notFound();
  }
  return doc;
}

export interface ChunkTarget {
  doc: DocumentRow;
  file: FileRow;
  usedBytes: number;
  totalGb: string;
}

/** Everything one chunk needs, in one query: document, file, and the hospital's quota. */
export async function findChunkTarget(
  db: Db,
  actor: Actor,
  documentId: number,
  relativePath: string,
): Promise<ChunkTarget> {
  const [row] = await db
    .select({
      doc: slideDocuments,
      file: slideFiles,
      usedBytes: hospitals.storageUsedBytes,
      totalGb: hospitals.storageTotalGb,
    })
    .from(slideDocuments)
    .innerJoin(
      slideFiles,
      and(eq(slideFiles.documentId, slideDocuments.id), eq(slideFiles.relativePath, relativePath)),
    )
    .innerJoin(hospitals, eq(hospitals.id, slideDocuments.hospitalId))
    .where(and(eq(slideDocuments.id, documentId), isNull(slideDocuments.deletedAt)));
  if (!row || !isUploader(actor, row.doc)) {
    throw notFound();
  }
  return row;
}

export async function filesOf(db: Db, documentId: number): Promise<FileRow[]> {
  return db
    .select()
    .from(slideFiles)
    .where(eq(slideFiles.documentId, documentId))
    .orderBy(slideFiles.position);
}
