import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { WorkLimiter } from './limiter';
import { OpenSlideCache } from './slide-cache';
import { iiifRoutes } from './iiif-routes';
import { tileRoutes } from './tile-routes';
import { tileTokens, type TileTokens } from './token';

export { tileTokenRoutes } from './token-routes';

/** Slides kept open, decodes at once, and the longest a tile may take (issue 6 "Tile service"). */
export const TILE_SERVICE_LIMITS = { openSlides: 32, decodeSlots: 4, timeoutMs: 10_000 };

/**
 * The tile service's shared parts: the token signer (TILE_TOKEN_SECRET, or a random key per
 * process) and the registration of the token-checked routes (Deep Zoom, IIIF) at the root (outside /api, whose
 * session check they do not use). Open slides are closed with the server.
 */
export function createTileService(deps: {
  db: Db;
  clock: Clock;
  dataDir: string;
  secret: string | undefined;
}): { tokens: TileTokens; register(app: FastifyInstance): Promise<void> } {
  const tokens = tileTokens(deps.secret);
  return {
    tokens,
    async register(app) {
      const slides = new OpenSlideCache(deps.db, deps.dataDir, TILE_SERVICE_LIMITS.openSlides);
      app.addHook('onClose', () => slides.closeAll());
      const options = {
        tokens,
        clock: deps.clock,
        slides,
        limiter: new WorkLimiter(TILE_SERVICE_LIMITS.decodeSlots, TILE_SERVICE_LIMITS.timeoutMs),
        timeoutMs: TILE_SERVICE_LIMITS.timeoutMs,
      };
      await app.register(tileRoutes, options);
      await app.register(iiifRoutes, options);
    },
  };
}
