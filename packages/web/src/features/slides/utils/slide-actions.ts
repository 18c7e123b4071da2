import {
  SLIDE_DELETE_MAX,
  SlideMatchState,
  SlideUploadState,
  type SlideDocumentDto,
} from '@pathconsult/shared';
import { isViewable } from './slide-facts';

/**
 * Which slide list a screen shows: the doctor's slide management (/sliceManage), the
 * administrators' stored slides (/slideInfo) or their removed slides (/removeSlideInfo).
 */
export type SlideListMode = 'doctor' | 'admin' | 'removed';

export type SlideRowAction = 'view' | 'rename' | 'match' | 'delete';

type Row = Pick<
  SlideDocumentDto,
  | 'iUploadUserId'
  | 'ddMatchState'
  | 'ddUploadState'
  | 'iWidth'
  | 'bCaseLocked'
  | 'iCaseOwnerId'
  | 'bNumberHasCase'
>;

const isMatched = (row: Row) => row.ddMatchState.iNumber === SlideMatchState.Matched;
const isFailed = (row: Row) => row.ddUploadState.iNumber === SlideUploadState.Failed;
const isUnfinished = (row: Row) => row.ddUploadState.iNumber === SlideUploadState.Uploading;
/** Failed, or its upload not complete: matching passes it over. */
const notMatchable = (row: Row) => isFailed(row) || isUnfinished(row);

/**
 * What a row offers, as the server decides it (slides/access.ts): whoever sees a slide views it
 * once the slide engine has read it (diagnosis/GetSlideInfo lets every lister open it); administrators rename, match
 * and delete any slide they see; a doctor renames and deletes its own uploads, and deletes a
 * matched slide it sees (those of its own cases, and its own uploads: the server allows one alone
 * while the case is editable, and only to the case's doctor, so rowActionBlock switches it off
 * for an upload matched to a colleague's case). Only an unmatched slide whose upload is complete
 * and has not failed matches (match-service.ts); a slide still uploading keeps its name and
 * number (its upload resumes by them).
 */
export function slideRowActions(
  row: Row,
  mode: SlideListMode,
  iUserId: number | null,
): SlideRowAction[] {
  if (mode === 'removed') {
    return [];
  }
  const mine = mode === 'admin' || row.iUploadUserId === iUserId;
  const actions: SlideRowAction[] = isViewable(row) ? ['view'] : [];
  if (mine && row.ddUploadState.iNumber !== SlideUploadState.Uploading) {
    actions.push('rename');
  }
  // A slide that failed (upload or reading) joins no case, and one still uploading (or left
  // interrupted) is matched once complete: the server passes both over.
  if (!isMatched(row) && !notMatchable(row)) {
    actions.push('match');
  }
  if (mine || isMatched(row)) {
    actions.push('delete');
  }
  return actions;
}

/** Why a row's action is shown but off. */
export type RowActionBlock = 'locked' | 'matchedCase' | 'colleagueCase' | 'noCase';

/** A doctor's own upload matched to a colleague's case: that case's doctor removes it. */
const inColleaguesCase = (row: Row, mode: SlideListMode, iUserId: number | null) =>
  mode === 'doctor' && isMatched(row) && row.iCaseOwnerId !== iUserId;

/**
 * Why an action a row shows cannot be taken now, or null: a slide of a submitted or completed
 * case keeps its name and stays with the case (SLIDE_CASE_LOCKED); a matched slide leaves its case
 * only by the case's doctor: the server refuses administrators (they remove it with its case),
 * and the uploader of a slide matched to a colleague's case (offered Delete, then refused with
 * the selection's reason). Match is off for a slide whose number no case of its hospital has yet
 * (bNumberHasCase): it joins its case by itself once that is created. The button says so instead
 * of failing.
 */
export function rowActionBlock(
  row: Row,
  action: SlideRowAction,
  mode: SlideListMode,
  iUserId: number | null,
): RowActionBlock | null {
  if (row.bCaseLocked && (action === 'rename' || action === 'delete')) {
    return 'locked';
  }
  if (mode === 'admin' && action === 'delete' && isMatched(row)) {
    return 'matchedCase';
  }
  if (action === 'delete' && inColleaguesCase(row, mode, iUserId)) {
    return 'colleagueCase';
  }
  if (action === 'match' && !row.bNumberHasCase) {
    return 'noCase';
  }
  return null;
}

/** Why the selected slides cannot be deleted together (the Delete selected button's tooltip). */
export type SelectionDeleteBlock =
  'locked' | 'matchedCase' | 'colleagueCase' | 'notYours' | 'matched' | 'tooMany';

/**
 * Why the selected slides cannot be deleted together, or null. The reason given is the one that
 * holds whatever else is deselected, so that the tooltip never sends the user after the wrong
 * slides: a slide of a submitted case cannot be deleted at all (SLIDE_CASE_LOCKED; such slides
 * are matched too, and "delete it alone" would mislead), an administrator no matched slide at all
 * (the case's doctor removes it from the case), a doctor deletes only what its rows
 * offer to delete (a colleague's unmatched upload is matched, never deleted), a matched slide
 * only alone (spec §5: "an option containing matched slides cannot be deleted that way"; one
 * matched slide alone is left to the server, which allows it for its case's owner while the case
 * is editable), and one request holds at most SLIDE_DELETE_MAX.
 */
export function selectionDeleteBlock(
  rows: readonly Row[],
  mode: SlideListMode,
  iUserId: number | null,
): SelectionDeleteBlock | null {
  if (rows.some((row) => row.bCaseLocked)) {
    return 'locked';
  }
  if (mode === 'admin' && rows.some(isMatched)) {
    return 'matchedCase';
  }
  if (rows.some((row) => inColleaguesCase(row, mode, iUserId))) {
    return 'colleagueCase';
  }
  if (rows.some((row) => !slideRowActions(row, mode, iUserId).includes('delete'))) {
    return 'notYours';
  }
  if (rows.length > 1 && rows.some(isMatched)) {
    return 'matched';
  }
  if (rows.length > SLIDE_DELETE_MAX) {
    return 'tooMany';
  }
  return null;
}

/** The selected slides matching can still attach (the unmatched ones uploaded, not failed). */
export function matchableIds(
  rows: readonly (Row & Pick<SlideDocumentDto, 'iSlideDocumentId'>)[],
): number[] {
  return rows
    .filter((row) => !isMatched(row) && !notMatchable(row))
    .map((row) => row.iSlideDocumentId);
}

/**
 * Why Match selected is off for a non-empty selection, or null: every selected slide is matched
 * already (matching attaches unmatched slides only), which the button says rather than doing
 * nothing; or more unmatched ones than one request matches (as many as one deletes), which the
 * server refused with a bare "request error"; or every unmatched one failed (a slide that could
 * not be read joins no case); or no case has the number of any of the others yet (the list says
 * so per slide, bNumberHasCase: matching would only answer that afterwards). A selection with
 * one slide whose number has a case matches, and the server says why the rest stayed. An empty
 * selection needs no reason.
 */
export function selectionMatchBlock(
  rows: readonly Row[],
): 'allMatched' | 'allFailed' | 'allUnfinished' | 'noCase' | 'matchTooMany' | null {
  if (rows.length > 0 && rows.every(isMatched)) {
    return 'allMatched';
  }
  const unmatched = rows.filter((row) => !isMatched(row));
  if (unmatched.length > 0 && unmatched.every(notMatchable)) {
    // Said of the uploads still to finish when there are any: those may yet be matched.
    return unmatched.some(isUnfinished) ? 'allUnfinished' : 'allFailed';
  }
  if (unmatched.length > 0 && unmatched.every((row) => notMatchable(row) || !row.bNumberHasCase)) {
    return 'noCase';
  }
  return unmatched.filter((row) => !notMatchable(row)).length > SLIDE_DELETE_MAX
    ? 'matchTooMany'
    : null;
}

/** Matched slides that stop both buttons: said in one reason when every selected slide is one. */
const MATCHED_DELETE_BLOCKS: Partial<Record<SelectionDeleteBlock, string>> = {
  matchedCase: 'allMatchedMatchedCase',
  colleagueCase: 'allMatchedColleagueCase',
  matched: 'allMatchedMatched',
};

/**
 * The reasons the selection bar gives beside its switched-off buttons (keys of `selection.*`):
 * one for each button, or one for both when every selected slide is matched and that is why
 * both are off (two sentences side by side both said "matched" and read as a contradiction).
 */
export function selectionReasons(
  matchBlock: ReturnType<typeof selectionMatchBlock>,
  deleteBlock: SelectionDeleteBlock | null,
): string[] {
  const both =
    matchBlock === 'allMatched' && deleteBlock ? MATCHED_DELETE_BLOCKS[deleteBlock] : undefined;
  if (both) {
    return [both];
  }
  return [matchBlock, deleteBlock].filter(
    (reason): reason is NonNullable<typeof reason> => !!reason,
  );
}

/**
 * What deleting one slide does beyond removing it, for its confirmation: it leaves its case
 * (which one is said), its upload stops (its uploader's own or, for an administrator, a
 * colleague's, named: they will see it stop), or both.
 */
export function singleDeleteNote(
  row: Pick<SlideDocumentDto, 'iPatientId' | 'ddUploadState' | 'iUploadUserId'>,
  iUserId: number | null,
):
  | 'contentMatched'
  | 'contentMatchedUploading'
  | 'contentMatchedOthersUpload'
  | 'contentUploading'
  | 'contentOthersUpload'
  | 'contentOne' {
  const matched = row.iPatientId != null;
  if (row.ddUploadState.iNumber === SlideUploadState.Uploading) {
    const own = row.iUploadUserId === iUserId;
    if (matched) {
      return own ? 'contentMatchedUploading' : 'contentMatchedOthersUpload';
    }
    return own ? 'contentUploading' : 'contentOthersUpload';
  }
  if (matched) {
    return 'contentMatched';
  }
  return 'contentOne';
}

/**
 * What a bulk deletion says of the uploads it stops: how many are the caller's own, and how many
 * are colleagues' and whose (they will see their upload stop). Empty when none is under way.
 */
export function bulkDeleteUploadNotes(
  rows: readonly Pick<SlideDocumentDto, 'ddUploadState' | 'iUploadUserId' | 'strUploadUserName'>[],
  iUserId: number | null,
): (
  | { key: 'contentManyUploading'; count: number }
  | { key: 'contentManyOthersUpload'; count: number; users: string[] }
)[] {
  const uploading = rows.filter((r) => r.ddUploadState.iNumber === SlideUploadState.Uploading);
  const own = uploading.filter((r) => r.iUploadUserId === iUserId);
  const others = uploading.filter((r) => r.iUploadUserId !== iUserId);
  return [
    ...(own.length > 0 ? [{ key: 'contentManyUploading' as const, count: own.length }] : []),
    ...(others.length > 0
      ? [
          {
            key: 'contentManyOthersUpload' as const,
            count: others.length,
            users: [...new Set(others.map((r) => r.strUploadUserName))],
          },
        ]
      : []),
  ];
}
