import { statusOf, type QueueItem } from './queue';

/** The part of the upload queue a watch reads (UploadManager's store binding). */
export interface QueueSource {
  subscribe(listener: () => void): () => void;
  getSnapshot(): { items: readonly QueueItem[] };
}

/**
 * Watches an unfinished item while the user is asked whether to cancel it: when it finishes
 * (uploaded, or failed) before the answer, `finished` is called once with its state and the
 * watch ends. An item that leaves the queue (cancelled) is not a finish. Answers the function
 * that ends the watch (the dialog closed, or the user answered).
 */
export function watchFinish(
  source: QueueSource,
  iFileId: number,
  finished: (state: 'uploaded' | 'failed') => void,
): () => void {
  let unsubscribe: (() => void) | null = null;
  const stop = () => {
    unsubscribe?.();
    unsubscribe = null;
  };
  const check = () => {
    const item = source.getSnapshot().items.find((i) => i.iFileId === iFileId);
    if (item && statusOf(item) === 1) {
      stop();
      finished(item.state === 'uploaded' ? 'uploaded' : 'failed');
      return true;
    }
    return false;
  };
  // Already finished by the time the question is asked: said at once.
  if (!check()) {
    unsubscribe = source.subscribe(() => void check());
  }
  return stop;
}
