import { xxhash128 } from 'hash-wasm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadFileChecksums, type FileChecksums } from '../../lib/file-checksum';
import type { ReceivedChunk } from './received-chunk';
import { RunningDigests } from './running-digests';

const bytesOf = Array.from({ length: 40 }, (_, i) => Buffer.alloc(1000, i + 1));
/** The checksum of the chunks one after another, computed in one piece. */
const sha = (parts: readonly Buffer[]) => xxhash128(Buffer.concat(parts));

/** Chunks as the route holds them, with a count of holders to check they are all given back. */
function holder() {
  let held = 0;
  const chunk = (i: number): ReceivedChunk => ({
    bytes: bytesOf[i] as Buffer,
    aligned: false,
    retain: () => {
      held += 1;
    },
    release: () => {
      held -= 1;
    },
  });
  return { chunk, held: () => held };
}

describe('running file digests', () => {
  let checksums: FileChecksums;
  beforeAll(async () => {
    checksums = await loadFileChecksums();
  });

  const setUp = () => {
    const h = holder();
    const d = new RunningDigests(checksums);
    const feed = (order: readonly number[], fileId = 1, now?: number) => {
      for (const i of order) {
        // The route holds each chunk for its request and lets it go after the write.
        const c = h.chunk(i);
        d.chunkWritten(fileId, i, c, now);
      }
    };
    // Hashing goes on after a chunk is handed over: its bytes come back once hashed.
    const allGivenBack = () => vi.waitFor(() => expect(h.held()).toBe(0));
    return { d, feed, held: h.held, allGivenBack };
  };

  it('hash the file when its chunks come in order, and give every chunk back', async () => {
    const { d, feed, allGivenBack } = setUp();
    feed([0, 1, 2, 3]);
    expect(d.finishedDigest(1, 4)).toBe(await sha(bytesOf.slice(0, 4)));
    await allGivenBack();
  });

  it('wait for a gap to fill when a few chunks come early, chunk 0 included', async () => {
    const { d, feed, allGivenBack } = setUp();
    feed([2, 1, 0, 4, 5, 3]);
    expect(d.finishedDigest(1, 6)).toBe(await sha(bytesOf.slice(0, 6)));
    await allGivenBack();
  });

  it('give no digest for a file not hashed from its first byte (a resumed upload)', async () => {
    const { d, feed, allGivenBack } = setUp();
    feed([35, 36, 37]);
    expect(d.finishedDigest(1, 38)).toBeNull();
    await allGivenBack();
  });

  it('give no digest when a chunk is missing or was written twice', async () => {
    const { d, feed, allGivenBack } = setUp();
    feed([0, 1, 3], 1);
    expect(d.finishedDigest(1, 4)).toBeNull();
    feed([0, 1, 1, 2], 2);
    expect(d.finishedDigest(2, 3)).toBeNull();
    await allGivenBack();
  });

  it('give up on a file whose chunks come too far out of order, and forget it once asked', async () => {
    const { d, feed, allGivenBack } = setUp();
    feed([...Array.from({ length: 39 }, (_, i) => i + 1), 0]);
    expect(d.finishedDigest(1, 40)).toBeNull();
    feed([0, 1], 3);
    expect(d.finishedDigest(3, 2)).toBe(await sha(bytesOf.slice(0, 2)));
    expect(d.finishedDigest(3, 2)).toBeNull();
    await allGivenBack();
  });

  it('keep files apart', async () => {
    const { d, feed } = setUp();
    feed([0], 1);
    feed([5], 2);
    feed([1], 1);
    // File 2's only chunk is chunk 5's bytes at index 5: not from the start, no digest.
    expect(d.finishedDigest(2, 6)).toBeNull();
    expect(d.finishedDigest(1, 2)).toBe(await sha(bytesOf.slice(0, 2)));
  });

  it('forget a file left idle (cancelled, failed) with the early chunks it held', async () => {
    const { d, feed, held, allGivenBack } = setUp();
    feed([1], 1, 0);
    expect(held()).toBe(1);
    // Another file starts 11 minutes later: the idle one is forgotten, chunk 1 with it.
    feed([0], 2, 11 * 60_000);
    await allGivenBack();
    feed([0], 1, 11 * 60_000);
    expect(d.finishedDigest(1, 2)).toBeNull();
    expect(d.finishedDigest(2, 1)).toBe(await sha([bytesOf[0] as Buffer]));
  });
});
