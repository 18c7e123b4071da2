import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../lib/clock';
import { TileTimeoutError, withTimeout, type WorkLimiter } from './limiter';
import { SlideGoneError, type OpenSlideCache, type OpenedSlide } from './slide-cache';
import type { TileTokens } from './token';

export interface TileRoutesOptions {
  tokens: TileTokens;
  clock: Clock;
  slides: OpenSlideCache;
  /** Bounds decode work (passthrough tiles do not decode). */
  limiter: WorkLimiter;
  /** Longest a tile request may take (503 after). */
  timeoutMs: number;
}

/** Tiles never change for a stored file: the browser keeps them; the token path is private. */
const CACHE_FOREVER = 'private, max-age=31536000, immutable';

/** What to send: a versioned body, 'missing' (404) or 'invalid' (400). */
export type Answer =
  'missing' | 'invalid' | { etag: string; type: string; body: () => Promise<Buffer | string> };

/** ETag of one answer about a slide: its id, its file's SHA-256 and what was asked. */
export const etagOf = (slide: OpenedSlide, what: string) =>
  `"${createHash('sha256').update(`${slide.id}:${slide.sha256}:${what}`).digest('hex').slice(0, 32)}"`;

/**
 * The shared frame of the token-checked routes (Deep Zoom, IIIF): the token in the path is the
 * access check (signature and expiry by the app's clock; no session, no query per tile) — 403
 * when it fails; 404 for a slide no longer stored; 503 when the work takes too long; 500 for a
 * file that cannot be read. `produce` runs with the slide held open and returns what to send;
 * only this function sends, so that a timed-out request's late result is simply dropped.
 */
export function slideAnswerer({ tokens, clock, slides, timeoutMs }: TileRoutesOptions) {
  return async (
    request: FastifyRequest<{ Params: { token: string } }>,
    reply: FastifyReply,
    produce: (slide: OpenedSlide) => Promise<Answer>,
  ) => {
    const text = (code: number, message: string) =>
      reply.code(code).type('text/plain').send(message);
    const grant = tokens.verify(request.params.token, clock.now());
    if (!grant) {
      return text(403, 'invalid or expired slide token');
    }
    let answer: Answer;
    try {
      answer = await withTimeout(slides.use(grant.slideId, grant.hospitalId, produce), timeoutMs);
    } catch (error) {
      if (error instanceof SlideGoneError) {
        return text(404, 'slide not found');
      }
      if (error instanceof TileTimeoutError) {
        return reply.header('retry-after', '1').code(503).type('text/plain').send('busy');
      }
      request.log.warn({ err: error, slideId: grant.slideId }, 'tile failed');
      return text(500, 'the slide could not be read');
    }
    if (answer === 'missing') {
      return text(404, 'no such tile');
    }
    if (answer === 'invalid') {
      return text(400, 'request not supported');
    }
    reply.header('etag', answer.etag).header('cache-control', CACHE_FOREVER);
    if (request.headers['if-none-match'] === answer.etag) {
      return reply.code(304).send();
    }
    return reply.type(answer.type).send(await answer.body());
  };
}

/** The answer when the browser already holds `etag` (the body is not produced). */
export const notModified = (etag: string, type: string): Answer => ({
  etag,
  type,
  body: async () => Buffer.alloc(0),
});
