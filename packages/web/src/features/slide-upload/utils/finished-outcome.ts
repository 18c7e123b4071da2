import { SlideUploadState, type DocumentStatusDto } from '@pathconsult/shared';
import type { QueueItem } from './queue';

/** How a finished queue item reads once the slide engine has had its say. */
export type FinishedOutcome =
  { state: 'uploaded' | 'processing'; reason: null } | { state: 'failed'; reason: string | null };

/**
 * A finished item as the user should see it: the queue knows the bytes arrived, the server knows
 * more afterwards — the slide engine is still reading it (processing), or refused it as
 * unreadable (failed, with the server's reason). An item the queue itself failed keeps its own
 * reason (`item.reason`), so its outcome carries none.
 */
export function finishedOutcome(
  item: Pick<QueueItem, 'state'>,
  status: Pick<DocumentStatusDto, 'ddUploadState' | 'bProcessing' | 'strFailReason'> | undefined,
): FinishedOutcome {
  if (item.state === 'failed') {
    return { state: 'failed', reason: null };
  }
  if (status?.ddUploadState.iNumber === SlideUploadState.Failed) {
    return { state: 'failed', reason: status.strFailReason };
  }
  return { state: status?.bProcessing ? 'processing' : 'uploaded', reason: null };
}

/** Ids of the finished uploads whose slide-engine outcome is worth asking the server for. */
export function idsToFollow(items: readonly QueueItem[], max: number): number[] {
  return items
    .filter((item) => item.state === 'uploaded' && item.iSlideDocumentId !== null)
    .map((item) => item.iSlideDocumentId!)
    .slice(0, max);
}
