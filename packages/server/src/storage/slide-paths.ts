import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { hospitalSlidesDir } from './hospital-usage';

/**
 * Where a slide document's files live: `<DATA_DIR>/slides/<hospital>/<storage key>/`. The key is
 * generated (document id plus random hex), never derived from what the client sent.
 */
export function newStorageKey(documentId: number): string {
  return `${documentId}-${randomBytes(6).toString('hex')}`;
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
