import { loopYielder } from '../../lib/loop-yield';
import { decodeJpeg, type JpegScale } from '../../slides/codec';
import { cropRgb } from '../../slides/rgb';
import type { RgbImage, SlideSource } from '../../slides/slide-source';
import { BoxShrink, fitWithin, shrinkToFit } from './box-shrink';

/** Thumbnails fit within this square (spec §3 strThumbnailBase64; lists show them small). */
export const THUMBNAIL_MAX = 256;

/** A level up to this size is read as one region; larger ones tile by tile. */
const WHOLE_READ_MAX_PIXELS = 2048 * 2048;

/**
 * The whole slide fitted within THUMBNAIL_MAX²: from the smallest level that is still at least
 * that large, read at once when small enough; else from the file's own thumbnail image; else
 * (a large slide without a pyramid) from that level tile by tile, each JPEG tile decoded at a
 * fraction of its size. Any read error fails: a slide whose pixels cannot be decoded is refused.
 * `signal` stops the tile-by-tile work when the ingest timed out.
 */
export async function makeThumbnail(source: SlideSource, signal?: AbortSignal): Promise<RgbImage> {
  const { levels, associated } = source.properties;
  let level = 0;
  for (const [index, l] of levels.entries()) {
    if (Math.max(l.width, l.height) >= THUMBNAIL_MAX) {
      level = index;
    }
  }
  const chosen = levels[level]!;
  if (chosen.width * chosen.height <= WHOLE_READ_MAX_PIXELS) {
    const whole = await source.readRegion(level, 0, 0, chosen.width, chosen.height);
    return shrinkToFit(whole, THUMBNAIL_MAX);
  }
  if (associated.thumbnail) {
    const stored = await source.readAssociated('thumbnail');
    if (stored) {
      return shrinkToFit(stored, THUMBNAIL_MAX);
    }
  }
  return shrinkTileByTile(source, level, signal);
}

async function shrinkTileByTile(
  source: SlideSource,
  level: number,
  signal: AbortSignal | undefined,
): Promise<RgbImage> {
  const l = source.properties.levels[level]!;
  const size = fitWithin(l.width, l.height, THUMBNAIL_MAX);
  const box = new BoxShrink(l.width, l.height, size.width, size.height);
  // Decoding at 1/scale keeps at least twice the thumbnail's resolution.
  const scale = jpegScaleFor(l.width / size.width / 2);
  const across = Math.ceil(l.width / l.tileWidth);
  const down = Math.ceil(l.height / l.tileHeight);
  // Tens of thousands of tiles: the server keeps answering, and the ingest's timeout can stop it.
  const yieldNow = loopYielder();
  for (let row = 0; row < down; row++) {
    for (let col = 0; col < across; col++) {
      await yieldNow();
      signal?.throwIfAborted();
      const x = col * l.tileWidth;
      const y = row * l.tileHeight;
      const raw = scale > 1 ? await source.readRawTile(level, col, row) : null;
      if (raw) {
        const decoded = await decodeJpeg(raw.bytes, scale);
        const valid = cropRgb(
          decoded,
          0,
          0,
          Math.ceil(raw.validWidth / scale),
          Math.ceil(raw.validHeight / scale),
        );
        box.add(valid, x, y, scale);
      } else {
        box.add(await source.readTile(level, col, row), x, y);
      }
    }
  }
  return box.result();
}

function jpegScaleFor(room: number): JpegScale {
  const scales: JpegScale[] = [8, 4, 2];
  return scales.find((scale) => room >= scale) ?? 1;
}
