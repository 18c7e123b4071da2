import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { slideDocuments } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { startComposeThreads } from '../../slides/codec';
import type { TileRoutesOptions } from './answer';
import { ByteLru } from '../../lib/byte-lru';
import type { DeepZoom } from './deep-zoom';
import { buildAhead, deepZoomBuilder, type DeepZoomBuilder } from './deep-zoom-build';
import { deepZoomGeometry, deepZoomTiles } from './deep-zoom-tiles';
import { fastTileHandler, type FastRequestHandler } from './fast-tiles';
import { WorkLimiter } from './limiter';
import { OpenSlideCache } from './slide-cache';
import { TileCache } from './tile-cache';
import { iiifRoutes } from './iiif-routes';
import { tileRoutes } from './tile-routes';
import { tileTokens, type TileTokens } from './token';

export { tileTokenRoutes } from './token-routes';
export type { FastRequestHandler } from './fast-tiles';

declare module 'fastify' {
  interface FastifyInstance {
    /** Reads the open slides' tile grant epochs now (the timer does it every few seconds). */
    tileGrantEpochs: { refresh(): Promise<void> };
  }
}

/** How often open slides' tile grant epochs are read again (slide-cache.ts). */
export const GRANT_EPOCH_REFRESH_MS = 5_000;

/**
 * Slides kept open, decodes at once, and the longest a tile may take (issue 6 "Tile service").
 * maxWaiting: decode tasks that may wait for a slot (a cold Deep Zoom tile is up to five: four
 * finer tiles and their halving, and more on a slide whose overview levels are not built yet),
 * past which a request is answered 503 at once; each waits at most timeoutMs, then is dropped;
 * maxWaitingPerKey: of those, IIIF renders (no viewer of ours asks for them, and each region is
 * new work at will).
 */
export const TILE_SERVICE_LIMITS = {
  openSlides: 32,
  decodeSlots: 4,
  timeoutMs: 10_000,
  maxWaiting: 1024,
  maxWaitingPerKey: 8,
};

/**
 * Default sizes of the tile caches: rendered tiles in memory and on disk (TILE_MEMORY_CACHE_MB,
 * TILE_DISK_CACHE_MB), stored tiles in memory (TILE_STORED_CACHE_MB).
 */
export const TILE_CACHE_DEFAULTS = { memoryMb: 64, diskMb: 2048, storedMb: 64 };

const MB = 1024 * 1024;

/**
 * The tile service's shared parts: the token signer (TILE_TOKEN_SECRET, or a random key per
 * process), the rendered-tile cache (memory, and `<DATA_DIR>/tile-cache` on disk) and the
 * registration of the token-checked routes (Deep Zoom, IIIF) at the root (outside /api, whose
 * session check they do not use). `register` returns the hot-path handler for plain tile URLs,
 * which the server calls before Fastify. Open slides are closed with the server.
 */
export function createTileService(deps: {
  db: Db;
  clock: Clock;
  dataDir: string;
  secret: string | undefined;
  cacheMb?: { memory?: number; disk?: number; stored?: number };
}): {
  tokens: TileTokens;
  /**
   * A slide's Deep Zoom geometry, opening it the way its first tile will (so that tile finds it
   * open); null when it cannot be opened now.
   */
  deepZoomOf(slideId: number, hospitalId: number): Promise<DeepZoom | null>;
  /**
   * Builds a slide's overview levels it lacks into the tile cache (deep-zoom-build.ts
   * buildAhead), once the slide engine has read it; never fails (problems are logged).
   */
  buildAhead(slideId: number): Promise<void>;
  /** Closes deleted slides: tokens issued before read nothing more of them (404). */
  forgetSlides(slideIds: readonly number[]): Promise<void>;
  register(app: FastifyInstance): Promise<FastRequestHandler>;
} {
  const tokens = tileTokens(deps.secret);
  const slides = new OpenSlideCache(deps.db, deps.dataDir, TILE_SERVICE_LIMITS.openSlides);
  // Set once the routes are registered (the caches live with the server).
  let running: { builder: DeepZoomBuilder; log: FastifyBaseLogger; closed: boolean } | null = null;
  return {
    tokens,
    deepZoomOf: (slideId, hospitalId) =>
      slides
        .use(slideId, hospitalId, async (slide) => deepZoomGeometry(slide.source))
        .catch(() => null),
    async forgetSlides(slideIds) {
      await Promise.all(slideIds.map((id) => slides.evict(id)));
    },
    async buildAhead(slideId) {
      const now = running;
      if (!now) {
        return;
      }
      try {
        // A job of the server's own for a slide it has just read: the slide's own hospital.
        const [doc] = await deps.db
          .select({ hospitalId: slideDocuments.hospitalId })
          .from(slideDocuments)
          .where(eq(slideDocuments.id, slideId));
        if (!doc) {
          return;
        }
        const started = performance.now();
        const tiles = await slides.use(
          slideId,
          doc.hospitalId,
          (slide) => buildAhead(now.builder, slide, () => now.closed),
          true,
        );
        await slides.closeIfUnused(slideId);
        const ms = Math.round(performance.now() - started);
        now.log.info({ slideId, tiles, ms }, 'overview tiles built ahead');
      } catch (error) {
        // Viewers build them on first request instead.
        now.log.warn({ err: error, slideId }, 'overview tiles not built ahead');
      }
    },
    async register(app) {
      app.addHook('onClose', () => slides.closeAll());
      // Revoked tokens (slide-grant.ts revokeSlideTokensOfCase) are turned away within this
      // time, also where another server sharing the database revoked them: one query for all
      // open slides, none per tile.
      const refresh = setInterval(() => {
        slides
          .refreshGrantEpochs()
          .catch((error: unknown) => app.log.warn({ err: error }, 'grant epochs not read'));
      }, GRANT_EPOCH_REFRESH_MS);
      refresh.unref();
      app.addHook('onClose', async () => clearInterval(refresh));
      app.decorate('tileGrantEpochs', { refresh: () => slides.refreshGrantEpochs() });
      const cache = new TileCache({
        memoryBytes: (deps.cacheMb?.memory ?? TILE_CACHE_DEFAULTS.memoryMb) * MB,
        diskBytes: (deps.cacheMb?.disk ?? TILE_CACHE_DEFAULTS.diskMb) * MB,
        dir: path.join(deps.dataDir, 'tile-cache'),
      });
      app.addHook('onClose', () => cache.close());
      const options: TileRoutesOptions = {
        tokens,
        clock: deps.clock,
        slides,
        limiter: new WorkLimiter(
          TILE_SERVICE_LIMITS.decodeSlots,
          TILE_SERVICE_LIMITS.timeoutMs,
          TILE_SERVICE_LIMITS,
        ),
        cache,
        storedTiles: new ByteLru((deps.cacheMb?.stored ?? TILE_CACHE_DEFAULTS.storedMb) * MB),
        timeoutMs: TILE_SERVICE_LIMITS.timeoutMs,
      };
      startComposeThreads();
      const now = { builder: deepZoomBuilder(options), log: app.log, closed: false };
      running = now;
      // Before the ingest queue's close waits for its running slide (and this work with it).
      app.addHook('preClose', async () => {
        now.closed = true;
      });
      await app.register(tileRoutes, options);
      await app.register(iiifRoutes, options);
      return fastTileHandler(deepZoomTiles(options), app.log);
    },
  };
}
