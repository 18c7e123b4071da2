import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { SlideUploadState } from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { slideDocuments } from '../../db/schema';
import { fileBytes, folderBytes, hospitalSlidesDir } from '../../storage/hospital-usage';
import { documentDir } from '../../storage/slide-paths';

/**
 * What a hospital's slide folder held when it was walked: the bytes of each folder in it (a
 * document's storage key, or a folder no document owns) and of loose files beside them.
 */
export interface HospitalDiskMeasure {
  byFolder: Map<string, number>;
  looseBytes: number;
  /** When the walk started: documents finished or removed since are looked at again. */
  startedAt: Date;
}

/**
 * Walks the hospital's slide folder. Slow (a stat per file), so it runs outside any transaction:
 * usedBytesFrom then reads the documents in a short one and takes each folder for what it is.
 */
export async function measureHospitalDisk(
  dataDir: string,
  hospitalId: number,
  startedAt: Date,
): Promise<HospitalDiskMeasure> {
  const dir = hospitalSlidesDir(dataDir, hospitalId);
  const byFolder = new Map<string, number>();
  let entries;
  try {
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      return { byFolder, looseBytes: 0, startedAt };
    }
    throw error;
  }
  let looseBytes = 0;
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      byFolder.set(entry.name, await folderBytes(full));
    } else if (entry.isFile()) {
      // None are written there; anything found is on the disk all the same.
      looseBytes += await fileBytes(full);
    }
  }
  return { byFolder, looseBytes, startedAt };
}

/**
 * The storage a hospital really uses, in bytes, from a walk of its folder and its documents as
 * they are now (`db` is the transaction holding the hospital's row):
 * - an upload under way holds its declared size (reserved when it was accepted);
 * - a stored slide, what its folder holds; one finished since the walk started is measured again;
 * - a slide removed before the walk but whose files are still there, and a folder no document
 *   owns, what they hold (they are on the disk); a slide removed since the walk started, nothing
 *   (its files are being removed and its storage was given back);
 * - an upload that failed before finishing holds nothing (its files were removed).
 */
export async function usedBytesFrom(
  db: Db,
  dataDir: string,
  hospitalId: number,
  measure: HospitalDiskMeasure,
): Promise<number> {
  const docs = await db
    .select({
      storageKey: slideDocuments.storageKey,
      state: slideDocuments.state,
      totalBytes: slideDocuments.totalBytes,
      completedAt: slideDocuments.completedAt,
      deletedAt: slideDocuments.deletedAt,
    })
    .from(slideDocuments)
    .where(eq(slideDocuments.hospitalId, hospitalId));
  const since = measure.startedAt.getTime();
  let used = measure.looseBytes;
  const owned = new Set<string>();
  for (const doc of docs) {
    owned.add(doc.storageKey);
    const walked = measure.byFolder.get(doc.storageKey);
    if (doc.deletedAt !== null) {
      used += doc.deletedAt.getTime() < since ? (walked ?? 0) : 0;
    } else if (doc.state === SlideUploadState.Uploading) {
      used += doc.totalBytes;
    } else if (doc.state === SlideUploadState.Failed && doc.completedAt === null) {
      continue;
    } else if (walked === undefined || (doc.completedAt?.getTime() ?? 0) >= since) {
      used += await folderBytes(documentDir(dataDir, hospitalId, doc.storageKey));
    } else {
      used += walked;
    }
  }
  for (const [folder, bytes] of measure.byFolder) {
    if (!owned.has(folder)) {
      used += bytes;
    }
  }
  return used;
}
