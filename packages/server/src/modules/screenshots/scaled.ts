import sharp from 'sharp';
import { SCREENSHOT_THUMB_WIDTHS } from '@pathconsult/shared';
import { ByteLru } from '../../lib/byte-lru';

/*
 * Screenshots scaled down for the lists that show them (the viewer's strip, the Imagery tab):
 * a whole view is 1–5 MB, and a case's four of them, fetched at full size, held back the first
 * tiles of a slide on a slow hospital link for seconds. A screenshot never changes once taken,
 * so its scaled copies are kept in memory by its stored name (a random UUID: unlike a row id,
 * never the same for two pictures, whatever database a server uses) and width.
 */

/** About 200 list-sized copies. */
const CACHE_BYTES = 8 * 1024 * 1024;
const cache = new ByteLru(CACHE_BYTES);

/**
 * The width a list asks for, taken up to the next of the widths served (see the schema); past the
 * largest, the whole picture (null).
 */
export function servedWidth(asked: number): number | null {
  return SCREENSHOT_THUMB_WIDTHS.find((w) => w >= asked) ?? null;
}

/**
 * The screenshot at `width` pixels wide (a JPEG), or null when it is no wider than that: the
 * stored picture is then sent as it is.
 */
export async function scaledScreenshot(
  stored: { storedName: string; width: number },
  width: number,
  read: () => Promise<Buffer>,
): Promise<Buffer | null> {
  if (stored.width <= width) {
    return null;
  }
  const key = `${stored.storedName}:${width}`;
  const kept = cache.get(key);
  if (kept) {
    return kept;
  }
  const scaled = await sharp(await read())
    .resize({ width })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 82, mozjpeg: false })
    .toBuffer();
  cache.set(key, scaled);
  return scaled;
}
