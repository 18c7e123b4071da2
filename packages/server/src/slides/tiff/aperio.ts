import type { AssociatedImageName } from '../slide-source';

/**
 * Aperio SVS metadata, read the way OpenSlide reads it: the first IFD's ImageDescription starts
 * with "Aperio", and after the first '|' holds "key = value" pairs (MPP, AppMag, ...).
 */

export function isAperioDescription(description: string | null): boolean {
  return description !== null && description.startsWith('Aperio');
}

/** The "key = value" pairs of an Aperio description (OpenSlide's `aperio.*` properties). */
export function parseAperioProperties(description: string): Map<string, string> {
  const properties = new Map<string, string>();
  // The first field is free text (library versions, crop geometry, compression): not a pair.
  for (const field of description.split('|').slice(1)) {
    const eq = field.indexOf('=');
    const name = (eq === -1 ? field : field.slice(0, eq)).trim();
    if (name !== '') {
      properties.set(name, eq === -1 ? '' : field.slice(eq + 1).trim());
    }
  }
  return properties;
}

/** A positive finite number from a property, else null (OpenSlide ignores unparsable values). */
export function positiveNumber(value: string | undefined): number | null {
  if (value === undefined || value.trim() === '') {
    return null;
  }
  const parsed = Number(value);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : null;
}

/** NewSubfileType bits: 1 = reduced-resolution image, 8 = macro (Aperio writes 1 and 9). */
const SUBFILE_REDUCED = 1;
const SUBFILE_MACRO = 8;

/**
 * Which associated image a non-tiled Aperio IFD is. As OpenSlide does: the second IFD is the
 * thumbnail; the others say so on the second line of their description ("label 387x463",
 * "macro 1280x431"). Files whose description lacks that line are recognised by NewSubfileType.
 */
export function aperioAssociatedName(
  ifdIndex: number,
  description: string | null,
  newSubfileType: number,
): AssociatedImageName | null {
  if (ifdIndex === 1) {
    return 'thumbnail';
  }
  const secondLine = description?.split(/\r?\n/)[1]?.trim() ?? '';
  const word = secondLine.split(/\s+/)[0]?.toLowerCase();
  if (word === 'label' || word === 'macro') {
    return word;
  }
  if (newSubfileType === (SUBFILE_REDUCED | SUBFILE_MACRO)) {
    return 'macro';
  }
  if (newSubfileType === SUBFILE_REDUCED && ifdIndex > 1) {
    return 'label';
  }
  return null;
}
