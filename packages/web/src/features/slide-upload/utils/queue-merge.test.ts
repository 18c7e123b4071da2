import { describe, expect, it } from 'vitest';
import type { QueueItem } from './queue';
import { adoptStored, emptyMergeMemory, memoryAfterLoad, mergeQueues } from './queue-merge';

function item(name: string, over: Partial<QueueItem> = {}): QueueItem {
  return {
    iFileId: 1,
    strFileName: name,
    lSize: 1000,
    lLastModified: 1_700_000_000_000,
    listFileSliceInfo: null,
    target: { iPatientId: 7, strDiagnosistNum: 'P-7', strPatientName: '' },
    iUploadType: 1,
    iSlideDocumentId: 40,
    state: 'paused',
    lProgress: 100,
    reason: null,
    bNeedsFiles: true,
    dtAdded: 5,
    dtFinished: null,
    ...over,
  };
}

const names = (items: readonly QueueItem[]) =>
  items.map((i) => `${i.strFileName}:${i.state}:${i.lProgress}`);

describe('merging a tab’s queue into the one the browser’s tabs share', () => {
  it('keeps a slide another tab added since, though this tab never heard of it', () => {
    const mine = item('a.svs');
    const first = mergeQueues([mine], [], emptyMergeMemory);
    const theirs = item('b.svs', { iFileId: 1, iSlideDocumentId: 41, dtAdded: 9 });
    const second = mergeQueues(
      [{ ...mine, lProgress: 200 }],
      [...first.items, theirs],
      first.memory,
    );
    expect(names(second.items)).toEqual(['a.svs:paused:200', 'b.svs:paused:100']);
  });

  it('writes the sending tab’s progress, not what a tab that loaded the slide had then', () => {
    // Tab B loaded the queue while tab A sent a.svs; A has stored more of it since.
    const atLoad = item('a.svs', { state: 'uploading', lProgress: 100, bNeedsFiles: false });
    const loaded = [{ ...atLoad, state: 'paused' as const, bNeedsFiles: true }];
    const memory = memoryAfterLoad(loaded, [atLoad]);
    const sentSince = { ...atLoad, lProgress: 600 };
    const written = mergeQueues([...loaded, item('b.svs', { dtAdded: 9 })], [sentSince], memory);
    expect(names(written.items)).toEqual(['a.svs:uploading:600', 'b.svs:paused:100']);
  });

  it('writes what changed here when the store has not changed it', () => {
    const a = item('a.svs', { state: 'uploading', lProgress: 100, bNeedsFiles: false });
    const first = mergeQueues([a], [], emptyMergeMemory);
    const paused = { ...a, state: 'paused' as const, lProgress: 300 };
    expect(names(mergeQueues([paused], first.items, first.memory).items)).toEqual([
      'a.svs:paused:300',
    ]);
  });

  it('of copies changed in both tabs, keeps the finished one, then the one being sent', () => {
    const a = item('a.svs');
    const first = mergeQueues([a], [a], memoryAfterLoad([a], [a]));
    const uploaded = { ...a, state: 'uploaded' as const, lProgress: 1000, dtFinished: 20 };
    const heldHere = { ...a, lProgress: 150 };
    expect(names(mergeQueues([heldHere], [uploaded], first.memory).items)).toEqual([
      'a.svs:uploaded:1000',
    ]);
    const sending = { ...a, state: 'uploading' as const, lProgress: 700 };
    expect(names(mergeQueues([heldHere], [sending], first.memory).items)).toEqual([
      'a.svs:uploading:700',
    ]);
    // Neither finished nor sent there: this tab's change (its user's) is written.
    const failedHere = { ...a, state: 'failed' as const, dtFinished: 30 };
    expect(
      names(mergeQueues([failedHere], [{ ...a, lProgress: 120 }], first.memory).items),
    ).toEqual(['a.svs:failed:100']);
  });

  it('a slide another tab sends is written as that tab stored it, whatever this tab says of it', () => {
    const a = item('a.svs');
    const first = mergeQueues([a], [a], memoryAfterLoad([a], [a]));
    const here = { ...a, reason: { key: 'otherTab' as const } };
    const there = { ...a, state: 'uploading' as const, lProgress: 800 };
    expect(names(mergeQueues([here], [there], first.memory).items)).toEqual([
      'a.svs:uploading:800',
    ]);
    // …and once that tab has removed it, it stays removed, write after write.
    const removed = mergeQueues([here], [], first.memory);
    expect(removed.items).toEqual([]);
    expect(mergeQueues([here], removed.items, removed.memory).items).toEqual([]);
  });

  it('keeps removed what this tab removed, and what another tab removed while this one left it', () => {
    const a = item('a.svs');
    const b = item('b.svs', { dtAdded: 9 });
    const first = mergeQueues([a, b], [], emptyMergeMemory);
    // This tab cancels b; the store still has it.
    const afterCancel = mergeQueues([a], first.items, first.memory);
    expect(names(afterCancel.items)).toEqual(['a.svs:paused:100']);
    // Another tab clears a; this tab still lists it, unchanged: not written, at this write nor
    // at the next ones.
    const afterClear = mergeQueues([a], [], afterCancel.memory);
    expect(afterClear.items).toEqual([]);
    // A slide new here is written though the store never had it.
    const c = item('c.svs', { dtAdded: 11 });
    const withNew = mergeQueues([a, c], afterClear.items, afterClear.memory);
    expect(names(withNew.items)).toEqual(['c.svs:paused:100']);
    expect(names(mergeQueues([a, c], withNew.items, withNew.memory).items)).toEqual([
      'c.svs:paused:100',
    ]);
  });

  it('tells copies apart by case, file and when it was added, not by the tab’s item number', () => {
    const a = item('a.svs', { iFileId: 3 });
    const sameNumber = item('a.svs', {
      iFileId: 3,
      target: { iPatientId: 8, strDiagnosistNum: 'P-8', strPatientName: '' },
    });
    const first = mergeQueues([a], [], emptyMergeMemory);
    expect(mergeQueues([a], [...first.items, sameNumber], first.memory).items).toHaveLength(2);
  });
});

describe('taking into a tab what another tab stored', () => {
  const ownsFiles = (i: QueueItem) => !i.bNeedsFiles && i.state !== 'uploaded';
  const counter = (from: number) => () => ++from;

  it('shows another tab’s slide as it is sent, waiting here for its files, with a number of its own', () => {
    const mine = item('a.svs', { iFileId: 1, state: 'waiting', bNeedsFiles: false });
    const first = mergeQueues([mine], [], emptyMergeMemory);
    const theirs = item('b.svs', { iFileId: 1, state: 'uploading', lProgress: 500, dtAdded: 9 });
    const taken = adoptStored(
      [mine],
      [...first.items, theirs],
      first.memory,
      ownsFiles,
      counter(1),
    );
    expect(
      taken.items.map((i) => [i.strFileName, i.iFileId, i.state, i.lProgress, i.bNeedsFiles]),
    ).toEqual([
      ['a.svs', 1, 'waiting', 100, false],
      ['b.svs', 2, 'paused', 500, true],
    ]);
    // Finished there: finished here too.
    const done = { ...theirs, state: 'uploaded' as const, lProgress: 1000 };
    const again = adoptStored(
      taken.items,
      [...first.items, done],
      taken.memory,
      ownsFiles,
      counter(2),
    );
    expect(names(again.items)).toEqual(['a.svs:waiting:100', 'b.svs:uploaded:1000']);
  });

  it('keeps a slide whose files this tab holds, and its change since its last write', () => {
    const sending = item('a.svs', { state: 'uploading', lProgress: 100, bNeedsFiles: false });
    const first = mergeQueues([sending], [], emptyMergeMemory);
    const moved = { ...sending, lProgress: 400 };
    // The other tab stored an older copy, then removed it: this tab still sends it.
    const older = adoptStored([moved], first.items, first.memory, ownsFiles, counter(1));
    expect(names(older.items)).toEqual(['a.svs:uploading:400']);
    const removed = adoptStored(older.items, [], older.memory, ownsFiles, counter(1));
    expect(names(removed.items)).toEqual(['a.svs:uploading:400']);
    // Its next write stores this tab's copy.
    expect(names(mergeQueues(removed.items, [], removed.memory).items)).toEqual([
      'a.svs:uploading:400',
    ]);
  });

  it('drops a slide another tab removed that this tab only showed', () => {
    const theirs = item('b.svs', { state: 'uploaded', lProgress: 1000 });
    const shown = adoptStored([], [theirs], emptyMergeMemory, ownsFiles, counter(0));
    expect(names(shown.items)).toEqual(['b.svs:uploaded:1000']);
    expect(adoptStored(shown.items, [], shown.memory, ownsFiles, counter(1)).items).toEqual([]);
  });
});
