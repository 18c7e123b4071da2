import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { SlideUploadState } from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { slideDocuments } from '../../db/schema';
import { fileBytes, folderBytes, hospitalSlidesDir } from '../../storage/hospital-usage';
import { documentDir } from '../../storage/slide-paths';
import { bytesKept as screenshotBytesKept } from '../screenshots/repo';

/** What decides how a document's folder counts. */
interface DocumentState {
  state: number;
  totalBytes: number;
  completedAt: number | null;
  deletedAt: number | null;
  /** Ingest saves label and macro into the folder without changing the state. */
  ingestedAt: number | null;
}

/**
 * What a hospital's slide folder held when it was walked: the bytes of each folder in it (a
 * document's storage key, or a folder no document owns) and of loose files beside them, with the
 * documents as they were just before the walk.
 */
export interface HospitalDiskMeasure {
  byFolder: Map<string, number>;
  looseBytes: number;
  before: Map<string, DocumentState>;
}

async function documentStates(db: Db, hospitalId: number): Promise<Map<string, DocumentState>> {
  const rows = await db
    .select({
      storageKey: slideDocuments.storageKey,
      state: slideDocuments.state,
      totalBytes: slideDocuments.totalBytes,
      completedAt: slideDocuments.completedAt,
      deletedAt: slideDocuments.deletedAt,
      ingestedAt: slideDocuments.ingestedAt,
    })
    .from(slideDocuments)
    .where(eq(slideDocuments.hospitalId, hospitalId));
  return new Map(
    rows.map((r) => [
      r.storageKey,
      {
        state: r.state,
        totalBytes: r.totalBytes,
        completedAt: r.completedAt?.getTime() ?? null,
        deletedAt: r.deletedAt?.getTime() ?? null,
        ingestedAt: r.ingestedAt?.getTime() ?? null,
      },
    ]),
  );
}

/**
 * Walks the hospital's slide folder. Slow (a stat per file), so it runs outside any transaction:
 * usedBytesFrom then reads the documents again in a short one and takes each folder for what it
 * is. Which documents changed meanwhile is told by comparing the two readings, not by times
 * (servers sharing a database need not agree on the time).
 */
export async function measureHospitalDisk(
  db: Db,
  dataDir: string,
  hospitalId: number,
): Promise<HospitalDiskMeasure> {
  const before = await documentStates(db, hospitalId);
  const dir = hospitalSlidesDir(dataDir, hospitalId);
  const byFolder = new Map<string, number>();
  let entries;
  try {
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      return { byFolder, looseBytes: 0, before };
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
  return { byFolder, looseBytes, before };
}

/**
 * The storage a hospital really uses, in bytes, from a walk of its folder and its documents as
 * they are now (`db` is the transaction holding the hospital's row):
 * - an upload under way holds its declared size (reserved when it was accepted);
 * - a stored slide, what its folder holds: as walked when the slide did not change meanwhile,
 *   else measured again (finished or read by the slide engine during the walk, say);
 * - a slide removed before the walk whose folder is still there, and a folder that no document
 *   owned before or owns now, what they hold now (they are on the disk);
 * - a slide removed or an upload discarded since the walk started, nothing: its files are being
 *   removed and its storage was given back;
 * - an upload that failed before finishing holds nothing (its files were removed);
 * - and the screenshots kept for its cases' reports, as their rows say (read here, in the
 *   transaction: one taken meanwhile is charged once its row is in, after this).
 */
export async function usedBytesFrom(
  db: Db,
  dataDir: string,
  hospitalId: number,
  measure: HospitalDiskMeasure,
): Promise<number> {
  const now = await documentStates(db, hospitalId);
  const again = (folder: string) => folderBytes(documentDir(dataDir, hospitalId, folder));
  let used = measure.looseBytes + (await screenshotBytesKept(db, { hospitalId }));
  for (const [key, doc] of now) {
    const was = measure.before.get(key);
    const walked = measure.byFolder.get(key);
    if (doc.deletedAt !== null) {
      used += was?.deletedAt != null && walked !== undefined ? await again(key) : 0;
    } else if (doc.state === SlideUploadState.Uploading) {
      used += doc.totalBytes;
    } else if (doc.state === SlideUploadState.Failed && doc.completedAt === null) {
      continue;
    } else if (
      walked !== undefined &&
      was?.state === doc.state &&
      was.completedAt === doc.completedAt &&
      was.ingestedAt === doc.ingestedAt
    ) {
      used += walked;
    } else {
      used += await again(key);
    }
  }
  for (const folder of measure.byFolder.keys()) {
    if (!now.has(folder) && !measure.before.has(folder)) {
      used += await again(folder);
    }
  }
  return used;
}
