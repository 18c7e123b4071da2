import { describe, expect, it } from 'vitest';
import { stateChanges, type ShownItem, type ShownState } from './state-announcements';

const item = (iFileId: number, state: ShownState | null): ShownItem => ({
  iFileId,
  name: `s${iFileId}.svs`,
  state,
});

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
    const before = new Map<number, ShownState>([
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
    const before = new Map<number, ShownState>([
      [1, 'paused'],
      [2, 'uploading'],
    ]);
    expect(stateChanges(before, [item(1, 'waiting'), item(2, 'uploading')]).changes).toEqual([]);
  });

  it("follows the slide engine after the bytes are in: its verdict, not the queue's 'uploaded'", () => {
    // Sent: the server's first word is on its way, so nothing is said yet.
    let seen = stateChanges(new Map([[1, 'uploading']]), [item(1, null)]);
    expect(seen.changes).toEqual([]);
    expect(seen.now.get(1)).toBe('uploading');
    seen = stateChanges(seen.now, [item(1, 'processing')]);
    expect(seen.changes).toEqual([{ name: 's1.svs', state: 'processing' }]);
    // The engine cannot read it: a failure after "uploaded" is told too.
    seen = stateChanges(seen.now, [item(1, 'failed')]);
    expect(seen.changes).toEqual([{ name: 's1.svs', state: 'failed' }]);
  });

  it('keeps quiet about verdicts on uploads finished before the page opened', () => {
    // A reload: finished items first known when their answer arrives.
    const first = stateChanges(null, [item(1, null), item(2, null)]);
    const { changes } = stateChanges(first.now, [item(1, 'uploaded'), item(2, 'failed')]);
    expect(changes).toEqual([]);
  });
});
