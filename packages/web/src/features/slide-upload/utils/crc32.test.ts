import { crc32 as zlibCrc32 } from 'node:zlib';
import { crc32Hex } from '@pathconsult/shared';
import { crc32 } from 'hash-wasm';
import { describe, expect, it } from 'vitest';
import { chunkHasher, crc32Js, crc32Value } from './crc32';

const text = (s: string) => new TextEncoder().encode(s);

/** Bytes from a fixed seed (xorshift32), so that a failure is the same on every run. */
function noise(length: number, seed: number): Uint8Array {
  const bytes = new Uint8Array(length);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < length; i += 1) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    bytes[i] = x & 0xff;
  }
  return bytes;
}

/**
 * Parts of one buffer at odd offsets (a chunk is often a view into a larger buffer: the
 * byteOffset must count), with lengths around the eight-byte steps and a whole chunk's.
 */
function parts(): Uint8Array[] {
  const buffer = noise(1024 * 1024 + 64, 7);
  const lengths = [1, 3, 7, 8, 9, 15, 16, 17, 31, 33, 63, 65, 255, 257, 1001, 4097];
  const out: Uint8Array[] = [];
  lengths.forEach((length, n) => {
    const offset = 2 * (n % 6) + 1;
    out.push(buffer.subarray(offset, offset + length));
  });
  out.push(buffer.subarray(5, 5 + 1024 * 1024 + 3));
  return out;
}

describe('CRC-32 without WebAssembly', () => {
  it.each([
    ['', '00000000'],
    ['123456789', 'cbf43926'],
    ['The quick brown fox jumps over the lazy dog', '414fa339'],
    ['a', 'e8b7be43'],
    // Leading zeros are kept: always eight digits.
    ['chunk 107', '00c5765e'],
    ['pad6094', '000539c5'],
  ])('gives the IEEE 802.3 (zlib) CRC-32 of %j', (input, crc) => {
    expect(crc32Js(text(input))).toBe(crc);
  });

  it("equals Node's zlib.crc32 on random bytes of odd lengths at odd offsets", () => {
    for (const part of parts()) {
      expect(part.byteOffset % 2, String(part.length)).toBe(1);
      expect(crc32Value(part), String(part.length)).toBe(zlibCrc32(part));
      expect(crc32Js(part), String(part.length)).toBe(crc32Hex(zlibCrc32(part)));
    }
    for (let seed = 1; seed <= 50; seed += 1) {
      const length = 2 * ((seed * 37) % 500) + 1;
      const part = noise(length + seed, seed).subarray(seed);
      expect(crc32Js(part), `seed ${seed}`).toBe(crc32Hex(zlibCrc32(part)));
    }
  });

  it('reads only its own bytes of a shared buffer', () => {
    const buffer = noise(64, 3);
    const part = buffer.subarray(9, 30);
    expect(crc32Js(part)).toBe(crc32Js(buffer.slice(9, 30)));
    expect(crc32Js(part)).not.toBe(crc32Js(buffer.slice(8, 30)));
  });
});

describe('chunk hasher', () => {
  it('uses hash-wasm when it loads', async () => {
    let calls = 0;
    const hash = chunkHasher(async () => ({
      crc32: async (b: Uint8Array) => {
        calls += 1;
        return crc32(b);
      },
    }));
    expect(await hash(text('abc'))).toBe(crc32Js(text('abc')));
    expect(calls).toBe(2); // the probe, then the chunk
  });

  it('agrees with the TypeScript version on random bytes at odd offsets, eight digits each', async () => {
    const hash = chunkHasher(() => import('./wasm-crc32'));
    for (const part of [...parts(), text(''), text('chunk 107'), text('pad6094')]) {
      const crc = await hash(part);
      expect(crc, String(part.length)).toMatch(/^[0-9a-f]{8}$/);
      expect(crc, String(part.length)).toBe(crc32Js(part));
    }
  });

  it('chooses once for chunks that come together', async () => {
    let loads = 0;
    let calls = 0;
    const hash = chunkHasher(async () => {
      loads += 1;
      return {
        crc32: (b: Uint8Array) => {
          calls += 1;
          return crc32(b);
        },
      };
    });
    const [a, b] = await Promise.all([hash(text('123456789')), hash(text('abd'))]);
    expect(a).toBe('cbf43926');
    expect(b).toBe(crc32Js(text('abd')));
    expect(loads).toBe(1);
    expect(calls).toBe(3); // one probe, two chunks
  });

  it('falls back when hash-wasm cannot be loaded', async () => {
    let loads = 0;
    const hash = chunkHasher(() => {
      loads += 1;
      return Promise.reject(new Error('Failed to fetch dynamically imported module'));
    });
    expect(await hash(text('123456789'))).toBe('cbf43926');
    await hash(text('abc'));
    expect(loads).toBe(1);
  });

  it('falls back for good when WebAssembly is refused', async () => {
    let loads = 0;
    const hash = chunkHasher(async () => {
      loads += 1;
      return {
        crc32: () => Promise.reject(new Error('Refused to compile WebAssembly')),
      };
    });
    expect(await hash(text('The quick brown fox jumps over the lazy dog'))).toBe('414fa339');
    await hash(text('abc'));
    expect(loads).toBe(1);
  });

  it('falls back when hash-wasm answers another CRC (another polynomial)', async () => {
    const hash = chunkHasher(async () => ({
      crc32: (b: Uint8Array) => crc32(b, 0x82f63b78), // CRC-32C
    }));
    expect(await hash(text('123456789'))).toBe('cbf43926');
  });
});
