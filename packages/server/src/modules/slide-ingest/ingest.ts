import { and, eq, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { SlideUploadState } from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { slideDocuments } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { encodeJpeg } from '../../slides/codec';
import { openSlideFile } from '../../slides/open-slide';
import type { SlideSource } from '../../slides/slide-source';
import { storedFilePath } from '../../storage/slide-paths';
import { filesOf } from '../slide-upload/lookup';
import { chargeStorage } from '../slide-upload/quota';
import { saveAssociatedImages } from './associated';
import { failReasonOf, isEnvironmentError, type IngestFailReason } from './fail-reason';
import { makeThumbnail } from './thumbnail';
import { TIMED_OUT, withTimeout } from './timeout';

export interface IngestDeps {
  db: Db;
  clock: Clock;
  dataDir: string;
  log: FastifyBaseLogger;
}

export type IngestOutcome = 'ingested' | 'failed' | 'skipped';

/** A refusal because OpenSlide was missing is tried again once the library is there. */
const RETRIED_REASON: IngestFailReason = 'SLIDE_OPENSLIDE_MISSING';

/**
 * Documents the slide engine still has to read: finished uploads it has not opened yet, and
 * those it refused only because OpenSlide was missing. Deleted slides are left alone.
 */
export function awaitingIngest(): SQL {
  return and(
    isNull(slideDocuments.ingestedAt),
    isNull(slideDocuments.deletedAt),
    isNotNull(slideDocuments.completedAt),
    or(
      eq(slideDocuments.state, SlideUploadState.Uploaded),
      and(
        eq(slideDocuments.state, SlideUploadState.Failed),
        eq(slideDocuments.failReason, RETRIED_REASON),
      ),
    ),
  ) as SQL;
}

/** Numeric columns take decimal text; values outside what a scanner reports are dropped. */
function decimal(value: number | null, below: number): string | null {
  return value !== null && Number.isFinite(value) && value > 0 && value < below
    ? String(Number(value.toFixed(6)))
    : null;
}

type Facts = Pick<
  typeof slideDocuments.$inferInsert,
  | 'reader'
  | 'vendor'
  | 'width'
  | 'height'
  | 'levelCount'
  | 'mppX'
  | 'mppY'
  | 'objectiveMagnification'
  | 'thumbnail'
  | 'associatedImages'
  | 'associatedBytes'
>;

/**
 * Reads what the slide list and the viewer need: the properties, a tile from the middle of full
 * resolution (the pyramid decodes), the thumbnail, and the label and macro saved beside it.
 */
async function readFacts(
  deps: IngestDeps,
  doc: typeof slideDocuments.$inferSelect,
  source: SlideSource,
  signal: AbortSignal | undefined,
): Promise<Facts> {
  const p = source.properties;
  const base = p.levels[0]!;
  await source.readTile(
    0,
    Math.floor(Math.ceil(base.width / base.tileWidth) / 2),
    Math.floor(Math.ceil(base.height / base.tileHeight) / 2),
  );
  signal?.throwIfAborted();
  const thumbnail = await encodeJpeg(await makeThumbnail(source, signal));
  signal?.throwIfAborted();
  const associated = await saveAssociatedImages(source, deps.dataDir, doc, (name, error) =>
    deps.log.warn({ err: error, documentId: doc.id, image: name }, 'slide image left out'),
  );
  return {
    reader: p.reader,
    vendor: p.vendor,
    width: base.width,
    height: base.height,
    levelCount: p.levels.length,
    mppX: decimal(p.mppX, 10_000),
    mppY: decimal(p.mppY, 10_000),
    objectiveMagnification: decimal(p.objectivePower, 10_000),
    // Bare base64 (no data: prefix): the spec's strThumbnailBase64, read as JPEG by the web app.
    thumbnail: thumbnail.toString('base64'),
    associatedImages: associated.names,
    associatedBytes: associated.bytes,
  };
}

/**
 * Opens a finished upload with the slide engine, checks it decodes and stores its metadata,
 * thumbnail and associated images. A file the engine refuses is marked failed with the reason
 * (an error code); its files stay, and stay counted, until someone deletes it. Problems of the
 * server rather than the file (files unreachable, out of handles or disk) are thrown without
 * marking anything: the slide is tried again at the next start. A document that is not waiting
 * (ingested already, deleted meanwhile) is skipped.
 */
export async function ingestDocument(
  deps: IngestDeps,
  documentId: number,
  signal?: AbortSignal,
): Promise<IngestOutcome> {
  const [doc] = await deps.db
    .select()
    .from(slideDocuments)
    .where(and(eq(slideDocuments.id, documentId), awaitingIngest()));
  if (!doc) {
    return 'skipped';
  }
  const files = await filesOf(deps.db, doc.id);
  const paths = files.map((f) =>
    storedFilePath(deps.dataDir, doc.hospitalId, doc.storageKey, f.storedPath),
  );

  let facts: Facts | null = null;
  let failure: IngestFailReason | null = null;
  let source: SlideSource | null = null;
  try {
    if (!paths[0]) {
      throw new Error('the document has no files');
    }
    source = await openSlideFile(paths[0], doc.fileType, paths);
    signal?.throwIfAborted();
    facts = await readFacts(deps, doc, source, signal);
  } catch (error) {
    if (signal?.aborted || isEnvironmentError(error)) {
      throw error;
    }
    failure = failReasonOf(error);
    deps.log.warn({ err: error, documentId, reason: failure }, 'slide refused by the slide engine');
  } finally {
    await source?.close().catch(() => undefined);
  }
  signal?.throwIfAborted();

  if (facts) {
    const found = facts;
    return deps.db.transaction(async (tx) => {
      const done = await tx
        .update(slideDocuments)
        .set({
          ...found,
          state: SlideUploadState.Uploaded,
          failReason: null,
          ingestedAt: deps.clock.now(),
        })
        .where(and(eq(slideDocuments.id, documentId), awaitingIngest()))
        .returning({ hospitalId: slideDocuments.hospitalId });
      const [row] = done;
      if (!row) {
        // Deleted meanwhile: its folder, label and macro included, is being removed.
        return 'skipped';
      }
      if (found.associatedBytes) {
        await chargeStorage(tx, row.hospitalId, found.associatedBytes);
      }
      return 'ingested';
    });
  }
  return (await recordIngestFailure(deps, documentId, failure ?? 'SLIDE_UNREADABLE'))
    ? 'failed'
    : 'skipped';
}

/** Marks a waiting document failed with the reason; false when it no longer waits. */
export async function recordIngestFailure(
  deps: Pick<IngestDeps, 'db'>,
  documentId: number,
  reason: IngestFailReason,
): Promise<boolean> {
  const rows = await deps.db
    .update(slideDocuments)
    .set({ state: SlideUploadState.Failed, failReason: reason })
    .where(and(eq(slideDocuments.id, documentId), awaitingIngest()))
    .returning({ id: slideDocuments.id });
  return rows.length > 0;
}

/**
 * ingestDocument with a time limit: a slide that takes longer (a huge file without a pyramid, a
 * hung network disk) is marked failed (SLIDE_INGEST_TIMEOUT) and its work told to stop, so that
 * the queue moves on to the next slide.
 */
export async function ingestWithin(
  deps: IngestDeps,
  documentId: number,
  timeoutMs: number,
): Promise<IngestOutcome> {
  const outcome = await withTimeout(
    (signal) => ingestDocument(deps, documentId, signal),
    timeoutMs,
  );
  if (outcome !== TIMED_OUT) {
    return outcome;
  }
  deps.log.warn({ documentId, timeoutMs }, 'slide ingest timed out');
  return (await recordIngestFailure(deps, documentId, 'SLIDE_INGEST_TIMEOUT'))
    ? 'failed'
    : 'skipped';
}
