import fs from 'node:fs/promises';
import { documentDir } from '../../storage/slide-paths';

/** Storage keys are generated (a UUID); anything else is never turned into a path to remove. */
const STORAGE_KEY = /^[A-Za-z0-9][A-Za-z0-9-]*$/;

export interface StoredDocument {
  id: number;
  hospitalId: number;
  storageKey: string;
}

/**
 * Removes the folders of deleted documents (after their deletion is committed: a rolled-back
 * delete must not lose files). Returns what could not be removed, for the log: the storage was
 * already given back, and calibrateMemory measures the disk again.
 */
export async function removeDocumentFolders(
  dataDir: string,
  docs: readonly StoredDocument[],
): Promise<{ id: number; error: unknown }[]> {
  const failures: { id: number; error: unknown }[] = [];
  for (const doc of docs) {
    if (!STORAGE_KEY.test(doc.storageKey)) {
      failures.push({ id: doc.id, error: new Error(`unexpected storage key "${doc.storageKey}"`) });
      continue;
    }
    try {
      await fs.rm(documentDir(dataDir, doc.hospitalId, doc.storageKey), {
        recursive: true,
        force: true,
      });
    } catch (error) {
      failures.push({ id: doc.id, error });
    }
  }
  return failures;
}
