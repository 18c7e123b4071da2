import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { slideDocuments } from '../../db/schema';
import { folderBytes, measureHospitalFolderBytes } from '../../storage/hospital-usage';
import { documentDir } from '../../storage/slide-paths';
import { SlideUploadState } from '@pathconsult/shared';

/**
 * The storage a hospital really uses, in bytes: what its slide folder holds on disk, plus the
 * part of each upload under way that has not arrived yet (its declared size stays reserved, as
 * when the upload was accepted).
 */
export async function measureHospitalUsageBytes(
  db: Db,
  dataDir: string,
  hospitalId: number,
): Promise<number> {
  const onDisk = await measureHospitalFolderBytes(dataDir, hospitalId);
  const uploading = await db
    .select({ storageKey: slideDocuments.storageKey, totalBytes: slideDocuments.totalBytes })
    .from(slideDocuments)
    .where(
      and(
        eq(slideDocuments.hospitalId, hospitalId),
        eq(slideDocuments.state, SlideUploadState.Uploading),
        isNull(slideDocuments.deletedAt),
      ),
    );
  let pending = 0;
  for (const upload of uploading) {
    const arrived = await folderBytes(documentDir(dataDir, hospitalId, upload.storageKey));
    pending += Math.max(0, upload.totalBytes - arrived);
  }
  return onDisk + pending;
}
