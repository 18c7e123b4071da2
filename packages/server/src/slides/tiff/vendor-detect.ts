import { readAscii, readEntryBytes, type Ifd } from './ifd-parser';
import { Tag } from './tiff-tags';
import type { TiffFile } from './tiff-file';

/**
 * TIFF-based vendor formats whose layout the generic reading would get wrong (sparse tiles,
 * levels described in XML, stitched fields, NDPI's non-standard offsets). They are left to the
 * OpenSlide reader; the checks are OpenSlide's own format detections.
 */
const TAG_XMP = 700;
const TAG_NDPI_FORMAT_FLAG = 65420;

export async function openSlideOnlyVendor(
  file: TiffFile,
  ifds: Ifd[],
  description: string | null,
): Promise<string | null> {
  const first = ifds[0];
  if (!first) {
    return null;
  }
  if (first.entries.has(TAG_NDPI_FORMAT_FLAG)) {
    return 'Hamamatsu NDPI';
  }
  const software = await asciiTag(file, first, Tag.Software);
  if (software?.startsWith('Philips')) {
    return 'Philips TIFF';
  }
  if (software?.startsWith('MedScan')) {
    return 'Trestle';
  }
  if (description?.startsWith('<?xml') && description.includes('leica-microsystems.com/scn')) {
    return 'Leica SCN';
  }
  // Ventana writes its iScan XML into the XMP tag of one of the IFDs (the label's or level 0's).
  for (const ifd of ifds) {
    const xmpEntry = ifd.entries.get(TAG_XMP);
    if (xmpEntry) {
      const xmp = await readEntryBytes(file, xmpEntry, 4 * 1024 * 1024);
      if (xmp.toString('latin1').includes('iScan')) {
        return 'Ventana BIF';
      }
    }
  }
  return null;
}

async function asciiTag(file: TiffFile, ifd: Ifd, tag: number): Promise<string | null> {
  const entry = ifd.entries.get(tag);
  return entry ? readAscii(file, entry, 64 * 1024) : null;
}
