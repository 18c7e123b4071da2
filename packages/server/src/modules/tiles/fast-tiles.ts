import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { TileReply } from './answer';
import type { deepZoomTiles } from './deep-zoom-tiles';

/** Answers a request itself (true) or leaves it to Fastify (false). */
export type FastRequestHandler = (req: IncomingMessage, res: ServerResponse) => boolean;

/** Plain Deep Zoom tile URLs, exactly as OpenSeadragon asks for them (no query, no escapes). */
const TILE_PATH =
  /^\/tiles\/([\w.-]{1,200})\/slide_files\/(0|[1-9]\d{0,2})\/((?:0|[1-9]\d{0,6})_(?:0|[1-9]\d{0,6})\.jpeg)$/;

/**
 * Security headers of a tile answer (Fastify's answers get helmet's full set; a JPEG needs only
 * these): no MIME sniffing, not embeddable by other origins, no referrer.
 */
const TILE_SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
};

/**
 * The viewer's hot path: Deep Zoom tiles answered straight from node:http, before Fastify's
 * routing, hooks and reply machinery (which cost more than reading a stored tile). The answer is
 * the very one of the Fastify route (deep-zoom-tiles.ts: token check, ETag and 304, cache headers,
 * bounded decode work, timeouts); anything that is not a plain tile URL goes to Fastify.
 */
export function fastTileHandler(
  tile: ReturnType<typeof deepZoomTiles>,
  log: FastifyBaseLogger,
): FastRequestHandler {
  return (req, res) => {
    const url = req.url;
    if (url === undefined || !url.startsWith('/tiles/')) {
      return false;
    }
    const head = req.method === 'HEAD';
    if (!head && req.method !== 'GET') {
      return false;
    }
    const m = TILE_PATH.exec(url);
    if (!m) {
      return false;
    }
    const ifNoneMatch = req.headers['if-none-match'];
    let now: TileReply | null = null;
    try {
      now = tile.now(m[1]!, m[2]!, m[3]!, ifNoneMatch);
    } catch {
      // The full path answers, with its error handling (a 500 rather than a crash).
    }
    if (now) {
      send(res, now, head);
      return true;
    }
    tile(m[1]!, m[2]!, m[3]!, ifNoneMatch, log).then(
      (answer) => send(res, answer, head),
      (error: unknown) => {
        log.error({ err: error }, 'tile answer failed');
        send(res, { status: 500, headers: {}, body: 'tile answer failed' }, head);
      },
    );
    return true;
  };
}

function send(res: ServerResponse, answer: TileReply, head: boolean): void {
  if (res.destroyed) {
    return;
  }
  const body = answer.body;
  // The answer's own header object (made for this reply) gets the rest: no copies per tile.
  const headers = Object.assign(answer.headers, TILE_SECURITY_HEADERS);
  headers['content-length'] = String(
    typeof body === 'string' ? Buffer.byteLength(body) : body.length,
  );
  res.writeHead(answer.status, headers);
  res.end(head ? undefined : body);
}
