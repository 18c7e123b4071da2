/*
 * Report texts typed but not saved yet, kept while the expert is elsewhere in the app: the form's
 * own link to the Slide files tab (to take screenshots), the other case tabs, the workspace's
 * tabs. The form was built again from the saved draft on return, and the words typed were gone
 * without a question. In memory only, never in the browser's storage (they are patient data):
 * a reload loses them, and the browser asks before one while there are any.
 */

export interface UnsavedReport {
  strResult: string;
  strOpinion: string;
  strSupplement: string;
  listScreenshotId: number[];
}

interface Kept {
  /** When the saved draft they were typed over was saved: a draft saved since wins. */
  basedOn: string;
  values: UnsavedReport;
}

const kept = new Map<string, Kept>();

/** The user part of a key: one user's words are never another's business. */
const userPart = (userId: number | null) => `${userId ?? 0}:`;

/** One version of one sending's report, as one user writes it. */
export const unsavedKey = (userId: number | null, receiveId: number, version: number) =>
  `${userPart(userId)}${receiveId}:${version}`;

const same = (a: UnsavedReport, b: UnsavedReport) =>
  a.strResult === b.strResult &&
  a.strOpinion === b.strOpinion &&
  a.strSupplement === b.strSupplement &&
  a.listScreenshotId.length === b.listScreenshotId.length &&
  a.listScreenshotId.every((id, i) => id === b.listScreenshotId[i]);

/** Keeps the form's values, or forgets them where they are the saved draft's again. */
export function keepUnsaved(
  key: string,
  basedOn: string,
  values: UnsavedReport,
  saved: UnsavedReport,
): void {
  if (same(values, saved)) {
    kept.delete(key);
  } else {
    kept.set(key, { basedOn, values });
  }
}

/** The values kept over the draft saved at `basedOn`, or null (none, or a newer draft since). */
export function unsavedOver(key: string, basedOn: string): UnsavedReport | null {
  const entry = kept.get(key);
  if (entry && entry.basedOn !== basedOn) {
    kept.delete(key);
    return null;
  }
  return entry?.values ?? null;
}

export function forgetUnsaved(key: string): void {
  kept.delete(key);
}

/** Whether any of the user's reports has words not saved (the browser then asks before a reload). */
export const anyUnsaved = (userId: number | null) =>
  [...kept.keys()].some((key) => key.startsWith(userPart(userId)));
