import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { RunningDigests } from './running-digests';

const chunks = Array.from({ length: 40 }, (_, i) => Buffer.alloc(1000, i + 1));
const sha = (parts: readonly Buffer[]) =>
  parts.reduce((h, p) => h.update(p), createHash('sha256')).digest('hex');

function feed(digests: RunningDigests, order: readonly number[], fileId = 1) {
  for (const i of order) {
    digests.chunkWritten(fileId, i, [chunks[i] as Buffer]);
  }
}

describe('running file digests', () => {
  it('hash the file when its chunks come in order', () => {
    const d = new RunningDigests();
    feed(d, [0, 1, 2, 3]);
    expect(d.finishedDigest(1, 4)).toBe(sha(chunks.slice(0, 4)));
  });

  it('wait for a gap to fill when a few chunks come early, chunk 0 included', () => {
    const d = new RunningDigests();
    feed(d, [2, 1, 0, 4, 5, 3]);
    expect(d.finishedDigest(1, 6)).toBe(sha(chunks.slice(0, 6)));
  });

  it('hash chunks received in pieces, early ones included, as the whole bytes', () => {
    const d = new RunningDigests();
    const inPieces = (i: number) => {
      const bytes = chunks[i] as Buffer;
      return [bytes.subarray(0, 1), bytes.subarray(1, 600), bytes.subarray(600)];
    };
    d.chunkWritten(1, 1, inPieces(1));
    d.chunkWritten(1, 0, inPieces(0));
    d.chunkWritten(1, 2, inPieces(2));
    expect(d.finishedDigest(1, 3)).toBe(sha(chunks.slice(0, 3)));
  });

  it('give no digest for a file not hashed from its first byte (a resumed upload)', () => {
    const d = new RunningDigests();
    feed(d, [35, 36, 37]);
    expect(d.finishedDigest(1, 38)).toBeNull();
  });

  it('give no digest when a chunk is missing or was written twice', () => {
    const d = new RunningDigests();
    feed(d, [0, 1, 3], 1);
    expect(d.finishedDigest(1, 4)).toBeNull();
    feed(d, [0, 1, 1, 2], 2);
    expect(d.finishedDigest(2, 3)).toBeNull();
  });

  it('give up on a file whose chunks come too far out of order, and forget it once asked', () => {
    const d = new RunningDigests();
    feed(d, [...Array.from({ length: 39 }, (_, i) => i + 1), 0]);
    expect(d.finishedDigest(1, 40)).toBeNull();
    feed(d, [0, 1], 3);
    expect(d.finishedDigest(3, 2)).toBe(sha(chunks.slice(0, 2)));
    expect(d.finishedDigest(3, 2)).toBeNull();
  });

  it('keep files apart', () => {
    const d = new RunningDigests();
    d.chunkWritten(1, 0, [chunks[0] as Buffer]);
    d.chunkWritten(2, 0, [chunks[5] as Buffer]);
    d.chunkWritten(1, 1, [chunks[1] as Buffer]);
    expect(d.finishedDigest(2, 1)).toBe(sha([chunks[5] as Buffer]));
    expect(d.finishedDigest(1, 2)).toBe(sha(chunks.slice(0, 2)));
  });

  it('forget a file left idle (cancelled, failed) with the early chunks it held', () => {
    const d = new RunningDigests();
    d.chunkWritten(1, 1, [chunks[1] as Buffer], 0);
    // Another file starts 11 minutes later: the idle one is forgotten, chunk 1 with it.
    d.chunkWritten(2, 0, [chunks[0] as Buffer], 11 * 60_000);
    d.chunkWritten(1, 0, [chunks[0] as Buffer], 11 * 60_000);
    expect(d.finishedDigest(1, 2)).toBeNull();
    expect(d.finishedDigest(2, 1)).toBe(sha([chunks[0] as Buffer]));
  });
});
