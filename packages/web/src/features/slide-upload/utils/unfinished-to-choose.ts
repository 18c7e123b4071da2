import type { UnfinishedUpload } from './upload-checks';

/**
 * The unfinished uploads of the panel's case or number that the panel asks `userId` to choose
 * the file of again: theirs (a colleague's is theirs to continue), and never held by this
 * browser's queue while the panel is open (`everHeld`): one the queue holds says so on its own
 * row, and one it sent to the end or cancelled, then cleared from its lists, is no longer
 * unfinished although the panel's list of the case, read when it opened, still says so.
 */
export function unfinishedToChoose(
  unfinished: readonly UnfinishedUpload[] | undefined,
  userId: number | undefined,
  everHeld: ReadonlySet<number | null>,
): UnfinishedUpload[] {
  return (unfinished ?? []).filter(
    (u) => u.iUploadUserId === userId && !everHeld.has(u.iSlideDocumentId),
  );
}
