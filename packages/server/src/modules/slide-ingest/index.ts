import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SlideUploadState } from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { slideDocuments } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { isOpenSlideAvailable } from '../../slides/openslide';
import { awaitingIngest, ingestWithin } from './ingest';
import { IngestQueue } from './queue';

/** Slides read at once: one slow file leaves the other slot to the rest. */
const INGEST_CONCURRENCY = 2;
/** Opening, checking and thumbnailing a pyramidal slide takes well under a second. */
const INGEST_TIMEOUT_MS = 120_000;

export interface SlideIngest {
  /** Queues a finished upload for the slide engine; returns at once. */
  enqueue(documentId: number): void;
  /** Resolves once every queued ingest has ended. */
  idle(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    slideIngest: SlideIngest;
  }
}

/**
 * Ids of the documents waiting for the slide engine, oldest upload first: those a stop or crash
 * left unread, and those refused only for lack of OpenSlide once it is installed.
 */
async function waitingDocuments(db: Db): Promise<number[]> {
  const where = isOpenSlideAvailable()
    ? awaitingIngest()
    : and(awaitingIngest(), eq(slideDocuments.state, SlideUploadState.Uploaded));
  const rows = await db
    .select({ id: slideDocuments.id })
    .from(slideDocuments)
    .where(where)
    .orderBy(asc(slideDocuments.completedAt));
  return rows.map((r) => r.id);
}

/**
 * The ingest queue of this server (ARCHITECTURE "Whole-slide images"): finished uploads are
 * opened by the slide engine in the background, at most INGEST_CONCURRENCY at a time, each
 * within INGEST_TIMEOUT_MS. At start it takes up what is still waiting; at close it drops what
 * has not started and waits for what runs. Decorates the app as `slideIngest`.
 */
export function registerSlideIngest(
  app: FastifyInstance,
  deps: {
    db: Db;
    clock: Clock;
    dataDir: string;
    /**
     * After a slide is read, before the queue's slot is free (tile service: its overview tiles
     * built ahead). Outside the ingest's time limit; it must not throw.
     */
    afterIngest?: (documentId: number) => Promise<void>;
  },
): SlideIngest {
  const { afterIngest, ...rest } = deps;
  const ingestDeps = { ...rest, log: app.log };
  const queue = new IngestQueue(
    async (id) => {
      const outcome = await ingestWithin(ingestDeps, id, INGEST_TIMEOUT_MS);
      if (outcome === 'ingested') {
        await afterIngest?.(id);
      }
      return outcome;
    },
    INGEST_CONCURRENCY,
    (id, error) => app.log.error({ err: error, documentId: id }, 'slide ingest failed'),
  );
  const ingest: SlideIngest = {
    enqueue: (id) => queue.enqueue(id),
    idle: () => queue.idle(),
  };
  app.decorate('slideIngest', ingest);
  app.addHook('onReady', async () => {
    try {
      for (const id of await waitingDocuments(deps.db)) {
        queue.enqueue(id);
      }
    } catch (error) {
      // The server still serves; these slides are taken up at the next start.
      app.log.error({ err: error }, 'could not list the slides waiting for ingest');
    }
  });
  app.addHook('onClose', () => queue.close());
  return ingest;
}
