import { sql, type SQL } from 'drizzle-orm';
import { SlideUploadState } from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { slideChunks, slideDocuments } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { isForeignKeyViolation } from '../../lib/pg-errors';

export interface ChunkClaim {
  documentId: number;
  fileId: number;
  index: number;
  /** The chunk's CRC-32 as sent (strChunkCrc32). */
  crc32: string;
}

interface Pending extends ChunkClaim {
  settle: (claimed: boolean) => void;
  fail: (error: unknown) => void;
}

/** At most this many claims in one statement (a client keeps a few chunks in flight). */
const MAX_BATCH = 64;
/** Claim statements under way at once per database. */
const MAX_STATEMENTS = 2;

/**
 * Claims a chunk's index before its bytes are written: true when this request holds the place,
 * false when it was already claimed (a repeat, or another chunk for the same place). Only while
 * the document is still being uploaded: a finished file is never written again.
 *
 * Claims are group-committed: while MAX_STATEMENTS statements run, the claims that arrive
 * meanwhile wait and go together in the next. A chunk's answer still waits for its own claim to be stored, so
 * nothing acknowledged is lost in a crash, but the chunks in flight share one statement — on the
 * embedded database a statement costs about as much as hashing the megabyte it claims.
 */
export function claimChunk(db: Db, claim: ChunkClaim): Promise<boolean> {
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = new ClaimBatcher(db);
    batchers.set(db, batcher);
  }
  return batcher.claim(claim);
}

const batchers = new WeakMap<Db, ClaimBatcher>();

class ClaimBatcher {
  private queue: Pending[] = [];
  private active = 0;

  constructor(private readonly db: Db) {}

  claim(claim: ChunkClaim): Promise<boolean> {
    return new Promise((settle, fail) => {
      this.queue.push({ ...claim, settle, fail });
      this.pump();
    });
  }

  /**
   * Starts statements while fewer than MAX_STATEMENTS run: claims group only when that many are
   * under way, and one statement waiting on a lock (PostgreSQL) never holds up every upload.
   */
  private pump(): void {
    while (this.queue.length > 0 && this.active < MAX_STATEMENTS) {
      const batch = this.queue.splice(0, MAX_BATCH);
      this.active += 1;
      void this.decide(batch).finally(() => {
        this.active -= 1;
        this.pump();
      });
    }
  }

  private async decide(batch: Pending[]): Promise<void> {
    try {
      await this.store(batch);
    } catch (error) {
      if (!isForeignKeyViolation(error)) {
        batch.forEach((p) => p.fail(error));
        return;
      }
      // A file row went (upload cancelled or swept meanwhile): the others in the batch are
      // still fine, so each is claimed alone and only the gone ones answer as missing.
      for (const p of batch) {
        await this.store([p]).catch((e: unknown) =>
          p.fail(isForeignKeyViolation(e) ? notFound() : e),
        );
      }
    }
  }

  /** One statement for the batch; settles every claim it decides. */
  private async store(batch: Pending[]): Promise<void> {
    // Two claims for one place in one batch: the first stands for both, the later one is a
    // repeat or a conflict, compared with what the first stored.
    const first = new Map<string, Pending>();
    const later: Pending[] = [];
    for (const p of batch) {
      const key = `${p.fileId}:${p.index}`;
      if (first.has(key)) {
        later.push(p);
      } else {
        first.set(key, p);
      }
    }
    // Rows in one order everywhere: documents by id, as deletion and matching lock them, then
    // files and chunks, so that a batch never locks crosswise with them or another batch.
    const rows = [...first.values()].sort(
      (a, b) => a.documentId - b.documentId || a.fileId - b.fileId || a.index - b.index,
    );
    const result = await this.db.execute(insertClaims(rows));
    const stored = new Set(
      (result as unknown as { rows: { file_id: number; chunk_index: number }[] }).rows.map(
        (r) => `${r.file_id}:${r.chunk_index}`,
      ),
    );
    for (const [key, p] of first) {
      p.settle(stored.has(key));
    }
    later.forEach((p) => p.settle(false));
  }
}

/**
 * Only while the document is still being uploaded: a finished file is never written again.
 * FOR SHARE makes the check wait for a completion, failure or delete being committed and read
 * the row as it left it. Without it, on PostgreSQL a claim whose place completion was clearing
 * saw the document still uploading, waited only on the chunk row, and was inserted once that row
 * was deleted: its bytes went into a file already declared complete.
 */
const stillUploading = (documentId: SQL) => sql`exists (
  select 1 from ${slideDocuments} d
  where d.id = ${documentId} and d.state = ${SlideUploadState.Uploading} and d.deleted_at is null
  for share
)`;

/**
 * The claims' insert. One claim (the usual case: chunks of one upload rarely overlap) takes a
 * plain row; on the embedded database the statement with a VALUES list costs half as much again.
 */
function insertClaims(claims: readonly ChunkClaim[]): SQL {
  const [only] = claims;
  if (claims.length === 1 && only) {
    return sql`
      insert into ${slideChunks} (file_id, chunk_index, crc32)
      select ${only.fileId}, ${only.index}, ${only.crc32}
      where ${stillUploading(sql`${only.documentId}`)}
      on conflict do nothing
      returning file_id, chunk_index`;
  }
  const rows = claims.map(
    (p) =>
      sql`(${p.fileId}::integer, ${p.index}::integer, ${p.crc32}::text, ${p.documentId}::integer)`,
  );
  return sql`
    insert into ${slideChunks} (file_id, chunk_index, crc32)
    select v.file_id, v.chunk_index, v.crc32
    from (values ${sql.join(rows, sql`, `)}) as v(file_id, chunk_index, crc32, document_id)
    where ${stillUploading(sql`v.document_id`)}
    on conflict do nothing
    returning file_id, chunk_index`;
}
