import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { encodeJpeg } from '../../slides/codec';
import type { SlideSource } from '../../slides/slide-source';
import { documentDir } from '../../storage/slide-paths';

/** Associated images kept next to the slide for the viewer (the thumbnail goes to the row). */
export const SAVED_ASSOCIATED = ['label', 'macro'] as const;
export type SavedAssociated = (typeof SAVED_ASSOCIATED)[number];

/** Labels carry small print and barcodes: a little more quality than tiles. */
const ASSOCIATED_JPEG_QUALITY = 90;

/** Where a saved associated image lives: `<document folder>/<name>.jpg`. */
export function associatedImagePath(
  dataDir: string,
  doc: { hospitalId: number; storageKey: string },
  name: SavedAssociated,
): string {
  return path.join(documentDir(dataDir, doc.hospitalId, doc.storageKey), `${name}.jpg`);
}

/** The images saved beside a slide, and the bytes they take on the disk. */
export interface SavedAssociatedImages {
  names: SavedAssociated[];
  bytes: number;
}

/**
 * Saves the slide's label and macro images as JPEG files in the document's folder and returns
 * the names saved and their size. One that cannot be decoded is left out (reported to `onSkip`)
 * rather than refusing a slide whose pyramid reads fine.
 */
export async function saveAssociatedImages(
  source: SlideSource,
  dataDir: string,
  doc: { hospitalId: number; storageKey: string },
  onSkip: (name: SavedAssociated, error: unknown) => void,
): Promise<SavedAssociatedImages> {
  const saved: SavedAssociatedImages = { names: [], bytes: 0 };
  for (const name of SAVED_ASSOCIATED) {
    if (!source.properties.associated[name]) {
      continue;
    }
    let jpeg: Buffer;
    try {
      const image = await source.readAssociated(name);
      if (!image) {
        continue;
      }
      jpeg = await encodeJpeg(image, ASSOCIATED_JPEG_QUALITY);
    } catch (error) {
      onSkip(name, error);
      continue;
    }
    // Writing is not the image's fault: a failure here (disk full, folder gone) goes up.
    await writeFile(associatedImagePath(dataDir, doc, name), jpeg);
    saved.names.push(name);
    saved.bytes += jpeg.length;
  }
  return saved;
}
