import type { SlideDocumentDto } from './schemas/slide';

/**
 * Slides of one case that are the same file as one uploaded before them (same checksum), each
 * with the earlier one's name: the same scan uploaded twice under two names. Only single-file
 * slides: a folder slide's main file (.mrxs) is a small index that scans may share. One rule for
 * the case's Slide files tab and the upload queue's finished items (getDocumentStatus).
 */
export function sameFileAs(
  slides: readonly Pick<
    SlideDocumentDto,
    'iSlideDocumentId' | 'strFileName' | 'strChecksum' | 'iFileCount'
  >[],
): Map<number, string> {
  // Checksum (the server's XXH3-128 of the main file) → the name of the first slide with it.
  const first = new Map<string, string>();
  const same = new Map<number, string>();
  const byAge = [...slides].sort((a, b) => a.iSlideDocumentId - b.iSlideDocumentId);
  for (const slide of byAge) {
    if (!slide.strChecksum || slide.iFileCount !== 1) {
      continue;
    }
    const earlier = first.get(slide.strChecksum);
    if (earlier) {
      same.set(slide.iSlideDocumentId, earlier);
    } else {
      first.set(slide.strChecksum, slide.strFileName);
    }
  }
  return same;
}
