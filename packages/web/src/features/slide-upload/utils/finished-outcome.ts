import { SlideUploadState, type DocumentStatusDto } from '@pathconsult/shared';
import type { QueueItem } from './queue';

/**
 * How a finished queue item reads once the server has had its say: `renamedTo` is the slide's
 * name now when it was renamed after the upload, `numberNow` its pathology number now when that
 * was changed, `sameFileAs` the slide of its case it repeats byte for byte (the same scan
 * uploaded twice); `removed`, deleted since.
 */
export type FinishedOutcome = {
  renamedTo: string | null;
  numberNow: string | null;
  sameFileAs: string | null;
} & (
  | { state: 'uploaded' | 'processing'; reason: null }
  | { state: 'failed'; reason: string | null }
  | { state: 'removed'; reason: null }
);

/**
 * A finished item as the user should see it: the queue knows the bytes arrived, the server knows
 * more afterwards — the slide engine is still reading it (processing), refused it as unreadable
 * (failed, with the server's reason), or the slide was renamed or deleted since (in slide
 * management, say; a deleted one is left out of an answer that was asked about it). An item the
 * queue itself failed keeps its own reason (`item.reason`), so its outcome carries none.
 */
export function finishedOutcome(
  item: Pick<QueueItem, 'state' | 'strFileName' | 'target'>,
  status:
    | Pick<
        DocumentStatusDto,
        | 'strFileName'
        | 'strDiagnosistNum'
        | 'ddUploadState'
        | 'bProcessing'
        | 'strFailReason'
        | 'strSameFileAs'
      >
    | undefined,
  /** Whether the server's answer was about this item (so no status means it is gone). */
  answered = false,
  /** Whether the first answer about it is on its way. */
  awaiting = false,
): FinishedOutcome {
  if (item.state === 'failed') {
    return { state: 'failed', reason: null, renamedTo: null, numberNow: null, sameFileAs: null };
  }
  if (!status) {
    // Its first answer on its way: the slide engine reads every slide after its upload (it read
    // "uploaded", then "processing", then "uploaded" again).
    return {
      state: answered ? 'removed' : awaiting ? 'processing' : 'uploaded',
      reason: null,
      renamedTo: null,
      numberNow: null,
      sameFileAs: null,
    };
  }
  const renamedTo = status.strFileName !== item.strFileName ? status.strFileName : null;
  const numberNow =
    status.strDiagnosistNum !== item.target.strDiagnosistNum ? status.strDiagnosistNum : null;
  if (status.ddUploadState.iNumber === SlideUploadState.Failed) {
    return {
      state: 'failed',
      reason: status.strFailReason,
      renamedTo,
      numberNow,
      sameFileAs: null,
    };
  }
  return {
    state: status.bProcessing ? 'processing' : 'uploaded',
    reason: null,
    renamedTo,
    numberNow,
    sameFileAs: status.strSameFileAs,
  };
}

/** Ids of the finished uploads whose slide-engine outcome is worth asking the server for. */
export function idsToFollow(items: readonly QueueItem[], max: number): number[] {
  return items
    .filter((item) => item.state === 'uploaded' && item.iSlideDocumentId !== null)
    .map((item) => item.iSlideDocumentId!)
    .slice(0, max);
}

/** What the server said of each finished upload so far, and which ids it was asked about. */
export interface KnownStatuses {
  statuses: ReadonlyMap<number, DocumentStatusDto>;
  answered: ReadonlySet<number>;
}

export const NOTHING_KNOWN: KnownStatuses = { statuses: new Map(), answered: new Set() };

/**
 * `known` with an answer about `ids` taken in: kept across answers, so that a row does not lose
 * its state while the list asked about changes (another upload finished) and the new answer is
 * on its way. An id asked about and left out of the answer is gone (deleted since).
 */
export function withAnswer(
  known: KnownStatuses,
  ids: readonly number[],
  list: readonly DocumentStatusDto[],
): KnownStatuses {
  const statuses = new Map(known.statuses);
  const answered = new Set(known.answered);
  const byId = new Map(list.map((s) => [s.iSlideDocumentId, s]));
  for (const id of ids) {
    const status = byId.get(id);
    if (status) {
      statuses.set(id, status);
    } else {
      statuses.delete(id);
    }
    answered.add(id);
  }
  return { statuses, answered };
}

/**
 * Ids of `after` the slide engine has done with (read or refused) that `before` did not show so:
 * being read then, or not asked about yet (an upload just finished, which the slide lists may
 * have seen still being read). The slide lists on screen are told at once, rather than on their
 * own next look.
 */
export function readSince(
  before: ReadonlyMap<number, Pick<DocumentStatusDto, 'bProcessing'>>,
  after: readonly Pick<DocumentStatusDto, 'iSlideDocumentId' | 'bProcessing'>[],
  /**
   * Ids finished before the panel was mounted (a reload, another page): their first answer is
   * no news, and telling every list of it had them all asked again on each mounting.
   */
  finishedEarlier: ReadonlySet<number> = new Set(),
): number[] {
  return after
    .filter((s) => {
      const was = before.get(s.iSlideDocumentId);
      return !s.bProcessing && (was ? was.bProcessing : !finishedEarlier.has(s.iSlideDocumentId));
    })
    .map((s) => s.iSlideDocumentId);
}

/** Slide ids of the finished uploads that finished before `when` (ms). */
export function finishedBefore(items: readonly QueueItem[], when: number): Set<number> {
  return new Set(
    items.flatMap((item) =>
      item.iSlideDocumentId !== null && item.dtFinished !== null && item.dtFinished < when
        ? [item.iSlideDocumentId]
        : [],
    ),
  );
}

/**
 * Whether a query key is one of the slide lists or figures (under 'slides'), not the queue's
 * own statuses. Every one of them shows what the slide engine made of a slide: the Imagery tab
 * and slide management's pages its state, their figures and the statistics screen's breakdown
 * the slides it refused, counted as failed.
 */
export function isSlideListKey(key: readonly unknown[]): boolean {
  return key[0] === 'slides' && key[1] !== DOCUMENT_STATUS_KEY;
}

/** The second part of the key of the queue's getDocumentStatus query. */
export const DOCUMENT_STATUS_KEY = 'documentStatus';
