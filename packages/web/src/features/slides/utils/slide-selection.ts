import type { SlideDocumentDto } from '@pathconsult/shared';

/**
 * The selection with the rows on screen as last loaded: a selected slide matched, renamed or
 * locked since it was ticked (by this user or live, by someone else) is judged by what it is now,
 * not by the row it was when ticked. Slides of other pages keep the row they were ticked as.
 */
export function refreshedSelection(
  selected: readonly SlideDocumentDto[],
  onScreen: readonly SlideDocumentDto[],
): SlideDocumentDto[] {
  const latest = new Map(onScreen.map((row) => [row.iSlideDocumentId, row]));
  return selected.map((row) => latest.get(row.iSlideDocumentId) ?? row);
}
