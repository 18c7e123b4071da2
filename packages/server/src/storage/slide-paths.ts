import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { hospitalSlidesDir } from './hospital-usage';

/**
 * Where a slide document's files live: `<DATA_DIR>/slides/<hospital>/<storage key>/`. The key is
 * generated (a random UUID), never derived from what the client sent.
 */
export function newStorageKey(): string {
  return randomUUID();
}

export function documentDir(dataDir: string, hospitalId: number, storageKey: string): string {
  return path.join(hospitalSlidesDir(dataDir, hospitalId), storageKey);
}

/** Absolute path of one stored file; `storedPath` comes from storedPathOf (slide.<ext>, slide/x). */
export function storedFilePath(
  dataDir: string,
  hospitalId: number,
  storageKey: string,
  storedPath: string,
): string {
  return path.join(documentDir(dataDir, hospitalId, storageKey), ...storedPath.split('/'));
}
