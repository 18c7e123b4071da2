import { SlideUploadState, type DocumentStatusDto } from '@pathconsult/shared';
import type { QueueItem } from './queue';

/**
 * How a finished queue item reads once the server has had its say: `renamedTo` is the slide's
 * name now when it was renamed after the upload, `numberNow` its pathology number now when that
 * was changed; `removed`, deleted since.
 */
export type FinishedOutcome = { renamedTo: string | null; numberNow: string | null } & (
  | { state: 'uploaded' | 'processing'; reason: null }
  | { state: 'failed'; reason: string | null }
  | { state: 'removed'; reason: null }
);

/** How long after its last byte a slide not yet asked about reads as being processed. */
export const JUST_FINISHED_MS = 60_000;

/**
 * A finished item as the user should see it: the queue knows the bytes arrived, the server knows
 * more afterwards — the slide engine is still reading it (processing), refused it as unreadable
 * (failed, with the server's reason), or the slide was renamed or deleted since (in slide
 * management, say; a deleted one is left out of an answer that was asked about it). An item the
 * queue itself failed keeps its own reason (`item.reason`), so its outcome carries none.
 */
export function finishedOutcome(
  item: Pick<QueueItem, 'state' | 'strFileName' | 'target' | 'dtFinished'>,
  status:
    | Pick<
        DocumentStatusDto,
        'strFileName' | 'strDiagnosistNum' | 'ddUploadState' | 'bProcessing' | 'strFailReason'
      >
    | undefined,
  /** Whether the server's answer was about this item (so no status means it is gone). */
  answered = false,
  now = Date.now(),
): FinishedOutcome {
  if (item.state === 'failed') {
    return { state: 'failed', reason: null, renamedTo: null, numberNow: null };
  }
  if (!status) {
    // Not asked about yet: one that has only just finished is being read by the slide engine
    // (it read "uploaded", then "processing", then "uploaded" again).
    const justFinished = item.dtFinished !== null && now - item.dtFinished < JUST_FINISHED_MS;
    return {
      state: answered ? 'removed' : justFinished ? 'processing' : 'uploaded',
      reason: null,
      renamedTo: null,
      numberNow: null,
    };
  }
  const renamedTo = status.strFileName !== item.strFileName ? status.strFileName : null;
  const numberNow =
    status.strDiagnosistNum !== item.target.strDiagnosistNum ? status.strDiagnosistNum : null;
  if (status.ddUploadState.iNumber === SlideUploadState.Failed) {
    return { state: 'failed', reason: status.strFailReason, renamedTo, numberNow };
  }
  return {
    state: status.bProcessing ? 'processing' : 'uploaded',
    reason: null,
    renamedTo,
    numberNow,
  };
}

/** Ids of the finished uploads whose slide-engine outcome is worth asking the server for. */
export function idsToFollow(items: readonly QueueItem[], max: number): number[] {
  return items
    .filter((item) => item.state === 'uploaded' && item.iSlideDocumentId !== null)
    .map((item) => item.iSlideDocumentId!)
    .slice(0, max);
}
