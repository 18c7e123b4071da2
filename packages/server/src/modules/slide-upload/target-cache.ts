import type { ChunkTarget } from './lookup';

/**
 * The hot path of an upload is a stream of chunks for the same few files: reading the document,
 * the file and the hospital's quota from the database for each megabyte cost more than writing
 * it (bench/upload.bench.ts). This keeps them for a few seconds per process.
 *
 * Why a short-lived copy is safe: every chunk still claims its index in the database, and that
 * claim fails once the upload was cancelled or swept (its file rows are gone); a failure or a
 * cancel in this process drops the entry at once; a quota lowered by an administrator applies
 * within the lifetime below, as does a document completed by another instance.
 */
const LIFETIME_MS = 5_000;
const MAX_ENTRIES = 2_000;

interface Entry {
  target: ChunkTarget;
  expires: number;
}

interface Kept {
  entries: Map<string, Entry>;
  /** When this process last refreshed each document's "last active" time. */
  lastActivity: Map<number, number>;
}

/**
 * Kept per database: document ids are only unique within one, and a process may serve two (the
 * test suite runs the same tests on PGlite and PostgreSQL, where the ids coincide).
 */
const keptPer = new WeakMap<object, Kept>();

function keptFor(db: object): Kept {
  let kept = keptPer.get(db);
  if (!kept) {
    kept = { entries: new Map(), lastActivity: new Map() };
    keptPer.set(db, kept);
  }
  return kept;
}

const keyOf = (documentId: number, relativePath: string) => `${documentId}\u0000${relativePath}`;

export function cachedTarget(
  db: object,
  documentId: number,
  relativePath: string,
  now: number,
): ChunkTarget | null {
  const entry = keptFor(db).entries.get(keyOf(documentId, relativePath));
  if (!entry || entry.expires <= now) {
    return null;
  }
  return entry.target;
}

export function rememberTarget(db: object, target: ChunkTarget, now: number): void {
  const { entries } = keptFor(db);
  if (entries.size >= MAX_ENTRIES) {
    for (const [key, entry] of entries) {
      if (entry.expires <= now || entries.size >= MAX_ENTRIES) {
        entries.delete(key);
      }
      if (entries.size < MAX_ENTRIES / 2) {
        break;
      }
    }
  }
  entries.set(keyOf(target.doc.id, target.file.relativePath), {
    target,
    expires: now + LIFETIME_MS,
  });
}

/** Drops everything kept about a document (completed, failed, cancelled, deleted). */
export function forgetDocument(db: object, documentId: number): void {
  const { entries, lastActivity } = keptFor(db);
  const prefix = `${documentId}\u0000`;
  for (const key of entries.keys()) {
    if (key.startsWith(prefix)) {
      entries.delete(key);
    }
  }
  lastActivity.delete(documentId);
}

/** The next chunk of the document refreshes its "last active" time, however soon it comes. */
export function forgetActivity(db: object, documentId: number): void {
  keptFor(db).lastActivity.delete(documentId);
}

/**
 * How often a document's "last active" time is refreshed: abandoned uploads are idle ones, and
 * lists show an upload as interrupted once it has been idle a few of these (slides/dto.ts).
 */
export const ACTIVE_REFRESH_MS = 15_000;

/**
 * Whether the document's "last active" time is due for a refresh: every 15 s is one small
 * update per upload, and lets a list call an abandoned upload interrupted within a minute.
 */
export function activityDue(db: object, documentId: number, now: number, everyMs: number): boolean {
  const { lastActivity } = keptFor(db);
  const last = lastActivity.get(documentId) ?? 0;
  if (now - last < everyMs) {
    return false;
  }
  if (lastActivity.size >= MAX_ENTRIES) {
    lastActivity.clear();
  }
  lastActivity.set(documentId, now);
  return true;
}
