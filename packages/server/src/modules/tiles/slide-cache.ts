import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { slideDocuments, slideFiles } from '../../db/schema';
import { openSlideFile } from '../../slides/open-slide';
import {
  associatedImagePath,
  SAVED_ASSOCIATED,
  type SavedAssociated,
} from '../slide-ingest/associated';
import type { SlideSource } from '../../slides/slide-source';
import { storedFilePath } from '../../storage/slide-paths';

/** A slide that is not there (deleted, another hospital's, files gone): answered 404. */
export class SlideGoneError extends Error {
  constructor(message: string) {
    super(message);
  }
}

export interface OpenedSlide {
  id: number;
  source: SlideSource;
  /** Checksum of the stored main file (part of every ETag: a replaced file changes them). */
  checksum: string;
  /** Paths of the label and macro images ingest saved beside the slide (those it has). */
  associated: Partial<Record<SavedAssociated, string>>;
  /**
   * The slide's tile_grant_epoch: tokens of another epoch open nothing (token.ts). Read with the
   * slide and again every few seconds while it is open (refreshGrantEpochs).
   */
  grantEpoch: number;
}

interface Entry {
  opening: Promise<OpenedSlide>;
  /** Set once opening has succeeded. */
  opened?: OpenedSlide;
  users: number;
  evicted: boolean;
  /** Opened by the server's own work (building ahead) and not used by a viewer since. */
  background?: boolean;
}

/**
 * Whether a token of grant epoch `epoch` opens the slide: not one of an earlier epoch (revoked).
 * A token of a later epoch proves the database had that epoch when it was issued (it is signed):
 * the slide takes it at once rather than at its next refresh, which would otherwise refuse
 * tokens issued rightly after a revocation, and from then on refuses the revoked ones.
 */
export function grantEpochAdmits(slide: OpenedSlide, epoch: number): boolean {
  if (epoch > slide.grantEpoch) {
    slide.grantEpoch = epoch;
  }
  return epoch === slide.grantEpoch;
}

/**
 * Slides kept open between tile requests, least recently used evicted beyond `capacity`. The
 * main file's path is looked up once per slide and process (one query joining the document and
 * its files), not per tile. An evicted slide is closed once the requests using it are done; a
 * failed open is forgotten, so the next request tries again.
 */
export class OpenSlideCache {
  private readonly entries = new Map<number, Entry>();

  constructor(
    private readonly db: Db,
    private readonly dataDir: string,
    private readonly capacity = 32,
    private readonly open: typeof openSlideFile = openSlideFile,
  ) {}

  async use<T>(
    slideId: number,
    hospitalId: number,
    work: (slide: OpenedSlide) => Promise<T>,
    background = false,
  ): Promise<T> {
    const known = this.entries.has(slideId);
    const entry = this.entryOf(slideId, hospitalId);
    // A viewer's use makes the slide a viewer's; the server's own work marks only what it opened.
    entry.background = background && (!known || entry.background === true);
    entry.users += 1;
    try {
      return await work(await entry.opening);
    } finally {
      entry.users -= 1;
      if (entry.evicted && entry.users === 0) {
        await closeEntry(entry);
      }
    }
  }

  /** Whether the slide is open now (its next use waits for no file or database). */
  isOpen(slideId: number): boolean {
    return this.entries.get(slideId)?.opened !== undefined;
  }

  /**
   * The slide when it is open now, marked as used lately; for work done at once, without
   * awaiting (an evicted slide closes only after awaited uses), such as a tile kept in memory.
   */
  openNow(slideId: number): OpenedSlide | null {
    const entry = this.entries.get(slideId);
    if (!entry?.opened) {
      return null;
    }
    this.touch(slideId, entry);
    entry.background = false;
    return entry.opened;
  }

  /**
   * Closes a slide the server's own work opened (`use(…, true)`) once that work is done, unless a
   * viewer has used it since or is using it: building ahead should not fill the cache that keeps
   * viewers' slides open.
   */
  async closeIfUnused(slideId: number): Promise<void> {
    const entry = this.entries.get(slideId);
    if (!entry?.background || entry.users > 0) {
      return;
    }
    this.entries.delete(slideId);
    entry.evicted = true;
    await closeEntry(entry);
  }

  /**
   * Forgets a slide that was deleted: the next request opens it again, which its deletion refuses
   * (SlideGoneError, 404), so a token issued before the deletion reads nothing more of it. Closed
   * once the requests using it now are done.
   */
  async evict(slideId: number): Promise<void> {
    const entry = this.entries.get(slideId);
    if (!entry) {
      return;
    }
    this.entries.delete(slideId);
    entry.evicted = true;
    if (entry.users === 0) {
      await closeEntry(entry);
    }
  }

  /**
   * Reads the grant epoch of every open slide again (one query): a raised epoch (someone lost the
   * right to view the slide, possibly through another server sharing the database) turns its
   * older tokens away from then on; a slide deleted meanwhile is forgotten (evict).
   */
  async refreshGrantEpochs(): Promise<void> {
    const open = [...this.entries].filter(([, entry]) => entry.opened !== undefined);
    if (open.length === 0) {
      return;
    }
    const rows = await this.db
      .select({
        id: slideDocuments.id,
        grantEpoch: slideDocuments.tileGrantEpoch,
        deletedAt: slideDocuments.deletedAt,
      })
      .from(slideDocuments)
      .where(
        inArray(
          slideDocuments.id,
          open.map(([id]) => id),
        ),
      );
    const now = new Map(rows.map((row) => [row.id, row]));
    for (const [id, entry] of open) {
      const row = now.get(id);
      if (!row || row.deletedAt !== null) {
        await this.evict(id);
      } else if (entry.opened) {
        // Never lowered: a token of a later epoch may have raised it meanwhile.
        entry.opened.grantEpoch = Math.max(entry.opened.grantEpoch, row.grantEpoch);
      }
    }
  }

  /** Closes every slide (server close); slides in use close when their requests end. */
  async closeAll(): Promise<void> {
    const all = [...this.entries.values()];
    this.entries.clear();
    for (const entry of all) {
      entry.evicted = true;
    }
    await Promise.all(all.filter((e) => e.users === 0).map(closeEntry));
  }

  private entryOf(slideId: number, hospitalId: number): Entry {
    const known = this.entries.get(slideId);
    if (known) {
      this.touch(slideId, known);
      return known;
    }
    const entry: Entry = { opening: this.load(slideId, hospitalId), users: 0, evicted: false };
    entry.opening.then(
      (slide) => {
        entry.opened = slide;
      },
      () => undefined,
    );
    entry.opening.catch(() => {
      if (this.entries.get(slideId) === entry) {
        this.entries.delete(slideId);
      }
    });
    this.entries.set(slideId, entry);
    this.evictBeyondCapacity();
    return entry;
  }

  /** Marks a slide used now: Map order is the recency order, so it moves to the end. */
  private touch(slideId: number, entry: Entry): void {
    this.entries.delete(slideId);
    this.entries.set(slideId, entry);
  }

  private evictBeyondCapacity(): void {
    for (const [id, entry] of this.entries) {
      if (this.entries.size <= this.capacity) {
        return;
      }
      this.entries.delete(id);
      entry.evicted = true;
      if (entry.users === 0) {
        void closeEntry(entry);
      }
    }
  }

  private async load(slideId: number, hospitalId: number): Promise<OpenedSlide> {
    const files = await this.db
      .select({
        storageKey: slideDocuments.storageKey,
        fileType: slideDocuments.fileType,
        docChecksum: slideDocuments.checksum,
        associatedImages: slideDocuments.associatedImages,
        grantEpoch: slideDocuments.tileGrantEpoch,
        storedPath: slideFiles.storedPath,
        fileChecksum: slideFiles.checksum,
      })
      .from(slideDocuments)
      .innerJoin(slideFiles, eq(slideFiles.documentId, slideDocuments.id))
      .where(
        and(
          eq(slideDocuments.id, slideId),
          eq(slideDocuments.hospitalId, hospitalId),
          isNull(slideDocuments.deletedAt),
        ),
      )
      .orderBy(slideFiles.position);
    const main = files[0];
    if (!main) {
      throw new SlideGoneError(`slide ${slideId} is not stored`);
    }
    const paths = files.map((f) =>
      storedFilePath(this.dataDir, hospitalId, f.storageKey, f.storedPath),
    );
    try {
      const source = await this.open(paths[0]!, main.fileType, paths);
      return {
        id: slideId,
        source,
        checksum: main.fileChecksum ?? main.docChecksum ?? main.storageKey,
        associated: associatedPaths(this.dataDir, hospitalId, main),
        grantEpoch: main.grantEpoch,
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        throw new SlideGoneError(`slide ${slideId}: its file is gone`);
      }
      throw error;
    }
  }
}

/**
 * The saved associated images of a slide by name. The list is read with the slide: it is written
 * at ingest, before any token for the slide is issued, and does not change afterwards.
 */
function associatedPaths(
  dataDir: string,
  hospitalId: number,
  doc: { storageKey: string; associatedImages: string[] | null },
): OpenedSlide['associated'] {
  const saved = new Set(doc.associatedImages ?? []);
  return Object.fromEntries(
    SAVED_ASSOCIATED.filter((name) => saved.has(name)).map((name) => [
      name,
      associatedImagePath(dataDir, { hospitalId, storageKey: doc.storageKey }, name),
    ]),
  );
}

async function closeEntry(entry: Entry): Promise<void> {
  const slide = await entry.opening.catch(() => null);
  await slide?.source.close().catch(() => undefined);
}
