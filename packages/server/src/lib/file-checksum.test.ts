import { randomBytes } from 'node:crypto';
import { xxhash128 } from 'hash-wasm';
import { describe, expect, it } from 'vitest';
import { loadFileChecksums } from './file-checksum';

describe('file checksums (XXH3-128)', () => {
  it('print as xxh128sum does', async () => {
    const checksums = await loadFileChecksums();
    const empty = checksums.running();
    // xxh128sum of an empty file (XXH3_128bits, seed 0, canonical big-endian form).
    expect(empty.finish()).toBe('99aa06d3014798d86001c324468d497f');
  });

  it('give the one-piece checksum for pieces of several files fed in turn', async () => {
    const checksums = await loadFileChecksums();
    const a = randomBytes(3 * 1024 * 1024 + 17);
    const b = randomBytes(2 * 1024 * 1024 + 5);
    const ra = checksums.running();
    const rb = checksums.running();
    // Interleaved, as chunks of two uploads arrive: each file keeps its own state.
    for (let i = 0; i < 4; i += 1) {
      ra.update(a.subarray(i * 1024 * 1024, (i + 1) * 1024 * 1024));
      rb.update(b.subarray(i * 1024 * 1024, (i + 1) * 1024 * 1024));
    }
    expect(ra.finish()).toBe(await xxhash128(a));
    expect(rb.finish()).toBe(await xxhash128(b));
  });

  it('refuse to go on once finished or dropped', async () => {
    const checksums = await loadFileChecksums();
    const done = checksums.running();
    done.finish();
    expect(() => done.update(Buffer.from('x'))).toThrow();
    const dropped = checksums.running();
    dropped.dispose();
    expect(() => dropped.finish()).toThrow();
  });
});
