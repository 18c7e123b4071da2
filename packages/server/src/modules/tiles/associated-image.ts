import { readFile } from 'node:fs/promises';
import { SAVED_ASSOCIATED, type SavedAssociated } from '../slide-ingest/associated';
import { etagOf, type Answer } from './answer';
import type { OpenedSlide } from './slide-cache';

/**
 * A label or macro image lasts as long as the token that reached it (TILE_TOKEN_LIFETIME_SEC):
 * the browser keeps it that long, then asks again with a new token and its ETag.
 */
export const ASSOCIATED_CACHE = 'private, max-age=7200';

const NOTHING = async () => Buffer.alloc(0);

/** The names the route answers: `label.jpg`, `macro.jpg`. */
const BY_FILE_NAME = new Map<string, SavedAssociated>(
  SAVED_ASSOCIATED.map((name) => [`${name}.jpg`, name]),
);

/**
 * The answer for `/tiles/<token>/associated/<name>`: the JPEG ingest saved beside the slide
 * (slide-ingest/associated.ts); 'missing' for a name the slide has not, or a file gone since.
 */
export async function associatedImage(
  slide: OpenedSlide,
  fileName: string,
  ifNoneMatch: string | undefined,
): Promise<Answer> {
  const name = BY_FILE_NAME.get(fileName);
  const file = name === undefined ? undefined : slide.associated[name];
  if (name === undefined || file === undefined) {
    return 'missing';
  }
  const etag = etagOf(slide, `associated:${name}`);
  if (ifNoneMatch === etag) {
    // Answered 304 by slideAnswerer: the body is never read.
    return { etag, type: 'image/jpeg', cacheControl: ASSOCIATED_CACHE, body: NOTHING };
  }
  let bytes: Buffer;
  try {
    // Small (a label is tens of kilobytes): read here, so that a missing file answers 404.
    bytes = await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      return 'missing';
    }
    throw error;
  }
  return { etag, type: 'image/jpeg', cacheControl: ASSOCIATED_CACHE, body: async () => bytes };
}
