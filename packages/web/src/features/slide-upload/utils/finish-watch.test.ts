import { describe, expect, it } from 'vitest';
import { watchFinish, type QueueSource } from './finish-watch';
import type { ItemState, QueueItem } from './queue';

/** A queue of one item whose state the test changes, telling its listeners like the manager. */
function queueOf(state: ItemState) {
  let items = [{ iFileId: 1, state } as QueueItem];
  const listeners = new Set<() => void>();
  const source: QueueSource = {
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => ({ items }),
  };
  const set = (next: QueueItem[]) => {
    items = next;
    for (const listener of listeners) {
      listener();
    }
  };
  return { source, set, listeners };
}

describe('watchFinish', () => {
  it('tells once that the item finished under the question, then stops listening', () => {
    const queue = queueOf('uploading');
    const told: string[] = [];
    watchFinish(queue.source, 1, (state) => told.push(state));
    queue.set([{ iFileId: 1, state: 'uploading' } as QueueItem]);
    expect(told).toEqual([]);
    queue.set([{ iFileId: 1, state: 'uploaded' } as QueueItem]);
    queue.set([{ iFileId: 1, state: 'uploaded' } as QueueItem]);
    expect(told).toEqual(['uploaded']);
    expect(queue.listeners.size).toBe(0);
  });

  it('tells a failure, and an item already finished at once', () => {
    const failing = queueOf('paused');
    const told: string[] = [];
    watchFinish(failing.source, 1, (state) => told.push(state));
    failing.set([{ iFileId: 1, state: 'failed' } as QueueItem]);
    watchFinish(queueOf('uploaded').source, 1, (state) => told.push(state));
    expect(told).toEqual(['failed', 'uploaded']);
  });

  it('says nothing once stopped, nor when the item is cancelled', () => {
    const queue = queueOf('uploading');
    const told: string[] = [];
    const stop = watchFinish(queue.source, 1, (state) => told.push(state));
    queue.set([]);
    stop();
    expect(queue.listeners.size).toBe(0);
    queue.set([{ iFileId: 1, state: 'uploaded' } as QueueItem]);
    expect(told).toEqual([]);
  });
});
