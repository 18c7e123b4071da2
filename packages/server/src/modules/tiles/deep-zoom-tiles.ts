import type { FastifyBaseLogger } from 'fastify';
import {
  bodyReply,
  grantCheck,
  notModified,
  slideAnswerer,
  type Answer,
  type TileReply,
  type TileRoutesOptions,
} from './answer';
import { deepZoomBuilder, type TilePlace } from './deep-zoom-build';
import { grantEpochAdmits, type OpenedSlide } from './slide-cache';

export { deepZoomGeometry } from './deep-zoom-build';

// Numbers as Deep Zoom writes them, without leading zeros: "012/00_0.jpeg" is no second name
// of "12/0_0.jpeg" (a tile cached twice by browsers and proxies).
const TILE_NAME = /^(0|[1-9]\d{0,6})_(0|[1-9]\d{0,6})\.jpeg$/;
const LEVEL = /^(?:0|[1-9]\d{0,2})$/;

/**
 * Deep Zoom tile `level`/`tileName` (`<col>_<row>.jpeg`) for the holder of `token`: a stored tile
 * as stored (one read, no decoding); any other (levels the file lacks, padded edge tiles) built
 * once under the decode bound, then from the tile cache (deep-zoom-build.ts).
 */
export function deepZoomTiles(options: TileRoutesOptions) {
  const grantOf = grantCheck(options);
  const answer = slideAnswerer(options, grantOf);

  const { inMemory, bytesOf } = deepZoomBuilder(options);

  const tileOf =
    (place: TilePlace, ifNoneMatch: string | undefined) =>
    async (slide: OpenedSlide): Promise<Answer> => {
      const known = inMemory(slide, place);
      if (!known) {
        return 'missing';
      }
      const { etag, kept } = known;
      if (ifNoneMatch === etag) {
        return notModified(etag, 'image/jpeg');
      }
      if (kept) {
        return { etag, type: 'image/jpeg', body: async () => kept };
      }
      const bytes = await bytesOf(slide, place, known);
      return bytes ? { etag, type: 'image/jpeg', body: async () => bytes } : 'missing';
    };

  const tile = (
    token: string,
    levelText: string,
    tileName: string,
    ifNoneMatch: string | undefined,
    log: FastifyBaseLogger,
  ): Promise<TileReply> => {
    const place = placeOf(levelText, tileName);
    const produce = place ? tileOf(place, ifNoneMatch) : async () => 'missing' as const;
    return answer(token, ifNoneMatch, produce, log);
  };

  /**
   * The same answer at once, without a promise, when it needs no read: a valid token, an open
   * slide, and the tile in memory (or held by the browser: 304). Null otherwise — `tile` answers.
   * Most tiles a viewer asks for while panning are such (bench:tiles: a sixth less CPU per tile).
   */
  tile.now = (
    token: string,
    levelText: string,
    tileName: string,
    ifNoneMatch: string | undefined,
  ): TileReply | null => {
    const grant = grantOf(token);
    const open = grant && options.slides.openNow(grant.slideId);
    // A revoked token (an earlier grant epoch) is answered by the full path: 403.
    const slide = open && grantEpochAdmits(open, grant.epoch) ? open : null;
    const place = slide && placeOf(levelText, tileName);
    const known = place && inMemory(slide, place);
    if (!known || (ifNoneMatch !== known.etag && !known.kept)) {
      return null;
    }
    return bodyReply(known.etag, 'image/jpeg', ifNoneMatch, known.kept ?? '');
  };
  return tile;
}

/** Level and `<col>_<row>.jpeg` of a Deep Zoom tile URL, or null when not one. */
function placeOf(levelText: string, tileName: string): TilePlace | null {
  const name = TILE_NAME.exec(tileName);
  if (!name || !LEVEL.test(levelText)) {
    return null;
  }
  return { level: Number(levelText), col: Number(name[1]), row: Number(name[2]) };
}
