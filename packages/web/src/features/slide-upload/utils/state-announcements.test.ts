import { describe, expect, it } from 'vitest';
import type { ItemState, QueueItem } from './queue';
import { stateChanges } from './state-announcements';

const item = (iFileId: number, state: ItemState) =>
  ({ iFileId, strFileName: `s${iFileId}.svs`, state }) as QueueItem;

describe('upload state announcements', () => {
  it('says nothing of the queue as first seen', () => {
    const { changes, now } = stateChanges(null, [item(1, 'uploading'), item(2, 'waiting')]);
    expect(changes).toEqual([]);
    expect([...now]).toEqual([
      [1, 'uploading'],
      [2, 'waiting'],
    ]);
  });

  it('names each slide that starts, pauses, finishes or fails', () => {
    const before = new Map<number, ItemState>([
      [1, 'uploading'],
      [2, 'waiting'],
      [3, 'uploading'],
      [4, 'uploading'],
    ]);
    const { changes } = stateChanges(before, [
      item(1, 'uploaded'),
      item(2, 'uploading'),
      item(3, 'paused'),
      item(4, 'failed'),
      // Added meanwhile: not a change.
      item(5, 'waiting'),
    ]);
    expect(changes).toEqual([
      { name: 's1.svs', state: 'uploaded' },
      { name: 's2.svs', state: 'uploading' },
      { name: 's3.svs', state: 'paused' },
      { name: 's4.svs', state: 'failed' },
    ]);
  });

  it('does not announce a slide put back to waiting, nor one unchanged', () => {
    const before = new Map<number, ItemState>([
      [1, 'paused'],
      [2, 'uploading'],
    ]);
    expect(stateChanges(before, [item(1, 'waiting'), item(2, 'uploading')]).changes).toEqual([]);
  });
});
