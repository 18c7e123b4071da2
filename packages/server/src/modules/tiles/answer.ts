import { createHash } from 'node:crypto';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { Clock } from '../../lib/clock';
import { TileTimeoutError, withTimeout, type WorkLimiter } from './limiter';
import {
  SlideGoneError,
  grantEpochAdmits,
  type OpenSlideCache,
  type OpenedSlide,
} from './slide-cache';
import type { ByteLru } from '../../lib/byte-lru';
import type { TileCache } from './tile-cache';
import type { TileGrant, TileTokens } from './token';

export interface TileRoutesOptions {
  tokens: TileTokens;
  clock: Clock;
  slides: OpenSlideCache;
  /** Bounds decode work (passthrough tiles do not decode). */
  limiter: WorkLimiter;
  /** Rendered tiles (memory LRU and disk), keyed by their ETag's digest. */
  cache: TileCache;
  /**
   * Stored tiles read lately, kept as read (TILE_STORED_CACHE_MB): the tiles every viewer of a
   * slide asks for — the low levels, the region a case's doctor and experts all open — are sent
   * from memory; a read from the OS page cache still cost as much as sending the tile (a system
   * call per tile, bench:tiles profile), as IIPImage's own tile cache saves it.
   */
  storedTiles: ByteLru;
  /** Longest a tile request may take (503 after). */
  timeoutMs: number;
}

/** Tiles never change for a stored file: the browser keeps them; the token path is private. */
export const CACHE_FOREVER = 'private, max-age=31536000, immutable';

/**
 * What to send: a versioned body, 'missing' (404), 'invalid' (400) or 'upscale' (501: an IIIF
 * size larger than its region, asked with `^`). A body is kept for good (CACHE_FOREVER) unless
 * it says otherwise.
 */
export type Answer =
  | 'missing'
  | 'invalid'
  | 'upscale'
  | {
      etag: string;
      type: string;
      body: () => Promise<Buffer | string>;
      cacheControl?: string;
    };

/** An HTTP answer of the tile service, independent of the server that sends it. */
export interface TileReply {
  status: number;
  headers: Record<string, string>;
  body: Buffer | string;
}

/**
 * Bumped when rendering changes (resampling, quality, orientation handling, where a reader
 * places tiles — 3: DICOM files that state no frame order): tiles get new ETags and cache keys,
 * so neither browsers nor the disk cache keep the old pictures.
 */
const RENDER_VERSION = 3;

/** Digest of one answer about a slide: its id, its file's checksum and what was asked. */
export const digestOf = (slide: OpenedSlide, what: string) =>
  createHash('sha256')
    .update(`${slide.id}:${slide.checksum}:${RENDER_VERSION}:${what}`)
    .digest('hex')
    .slice(0, 32);

/** ETag of one answer about a slide (its digest, quoted). */
export const etagOf = (slide: OpenedSlide, what: string) => `"${digestOf(slide, what)}"`;

const text = (status: number, message: string): TileReply => ({
  status,
  headers: { 'content-type': 'text/plain; charset=utf-8' },
  body: message,
});

/** Authentic tokens seen lately: a viewer sends the same token with hundreds of tiles. */
const KNOWN_TOKENS_MAX = 1024;

/** A token's grant when authentic and unexpired by the app's clock, else null. */
export type GrantCheck = (token: string) => TileGrant | null;

/** The token check of the tile routes; authentic tokens are remembered (the HMAC once each). */
export function grantCheck({ tokens, clock }: Pick<TileRoutesOptions, 'tokens' | 'clock'>) {
  const known = new Map<string, TileGrant>();
  return (token: string): TileGrant | null => {
    const now = clock.now();
    let grant = known.get(token) ?? null;
    if (!grant) {
      grant = tokens.verify(token, now);
      if (!grant) {
        return null;
      }
      if (known.size >= KNOWN_TOKENS_MAX) {
        known.clear();
      }
      known.set(token, grant);
    }
    return grant.expiresAt * 1000 > now.getTime() ? grant : null;
  };
}

/** A 200 with `body`, or a 304 when the browser already holds `etag`. */
export function bodyReply(
  etag: string,
  type: string,
  ifNoneMatch: string | undefined,
  body: Buffer | string,
  cacheControl = CACHE_FOREVER,
): TileReply {
  if (ifNoneMatch === etag) {
    return { status: 304, headers: { etag, 'cache-control': cacheControl }, body: '' };
  }
  return {
    status: 200,
    headers: { etag, 'cache-control': cacheControl, 'content-type': type },
    body,
  };
}

/**
 * The shared frame of the token-checked routes (Deep Zoom, IIIF), independent of Fastify (the
 * hot tile path answers from node:http directly, fast-tiles.ts): the token is the access check
 * (signature and expiry by the app's clock; no session, no query per tile) — 403 when it fails;
 * 404 for a slide no longer stored; 503 when the work takes too long; 500 for a file that cannot
 * be read. `produce` runs with the slide held open and returns what to send; only this function
 * answers, so that a timed-out request's late result is simply dropped.
 */
export function slideAnswerer(
  { slides, timeoutMs, ...options }: TileRoutesOptions,
  grantOf: GrantCheck = grantCheck(options),
) {
  return async (
    token: string,
    ifNoneMatch: string | undefined,
    produce: (slide: OpenedSlide) => Promise<Answer>,
    log: FastifyBaseLogger,
  ): Promise<TileReply> => {
    const grant = grantOf(token);
    if (!grant) {
      return text(403, 'invalid or expired slide token');
    }
    let answer: Answer | 'revoked';
    try {
      const work = slides.use(
        grant.slideId,
        grant.hospitalId,
        (slide): Promise<Answer | 'revoked'> =>
          // A token of an earlier grant epoch: revoked (token.ts), answered like an expired one.
          grantEpochAdmits(slide, grant.epoch) ? produce(slide) : Promise.resolve('revoked'),
      );
      // An open slide's answer is a stored read or decode work that the limiter times itself:
      // the overall timer (a timer and a race per tile) guards opening a slide.
      answer = slides.isOpen(grant.slideId) ? await work : await withTimeout(work, timeoutMs);
    } catch (error) {
      if (error instanceof SlideGoneError) {
        return text(404, 'slide not found');
      }
      if (error instanceof TileTimeoutError) {
        const busy = text(503, 'busy');
        busy.headers['retry-after'] = '1';
        return busy;
      }
      log.warn({ err: error, slideId: grant.slideId }, 'tile failed');
      return text(500, 'the slide could not be read');
    }
    if (answer === 'revoked') {
      return text(403, 'invalid or expired slide token');
    }
    if (answer === 'missing') {
      return text(404, 'no such tile');
    }
    if (answer === 'invalid') {
      return text(400, 'request not supported');
    }
    if (answer === 'upscale') {
      // IIIF Image API 3.0 §4.2: a server that does not enlarge (info.json lists no
      // "sizeUpscaling") answers a `^` size larger than its region with 501.
      return text(501, 'this server does not enlarge: ask for a size within the region');
    }
    // The body is produced only when the browser does not hold it already.
    const body = ifNoneMatch === answer.etag ? '' : await answer.body();
    return bodyReply(answer.etag, answer.type, ifNoneMatch, body, answer.cacheControl);
  };
}

/** Sends a TileReply through Fastify (the routes other than the hot tile path). */
export function sendReply(reply: FastifyReply, answer: TileReply): FastifyReply {
  return reply.code(answer.status).headers(answer.headers).send(answer.body);
}

/** The answer when the browser already holds `etag` (the body is not produced). */
export const notModified = (etag: string, type: string): Answer => ({
  etag,
  type,
  body: async () => Buffer.alloc(0),
});
