import { sha256 } from 'hash-wasm';
import { describe, expect, it } from 'vitest';
import { chunkHasher, sha256Js } from './sha256';

const text = (s: string) => new TextEncoder().encode(s);

describe('SHA-256 without WebAssembly', () => {
  it.each([
    ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
    [
      'abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq',
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    ],
  ])('gives the FIPS 180-2 digest of %j', (input, digest) => {
    expect(sha256Js(text(input))).toBe(digest);
  });

  it('agrees with hash-wasm around every block boundary and on a whole chunk', async () => {
    const bytes = new Uint8Array(1024 * 1024 + 7).map((_, i) => (i * 131 + 7) % 256);
    for (const length of [1, 55, 56, 57, 63, 64, 65, 119, 120, 128, 1000, bytes.length]) {
      const part = bytes.subarray(0, length);
      expect(sha256Js(part), String(length)).toBe(await sha256(part));
    }
  });
});

describe('chunk hasher', () => {
  it('uses hash-wasm when it loads', async () => {
    let calls = 0;
    const hash = chunkHasher(
      async () => ({
        sha256: async (b: Uint8Array) => {
          calls += 1;
          return sha256(b);
        },
      }),
      null,
    );
    expect(await hash(text('abc'))).toBe(sha256Js(text('abc')));
    expect(calls).toBe(2); // the probe, then the chunk
  });

  it('prefers Web Crypto where the page may use it, and chooses once for chunks that come together', async () => {
    let digests = 0;
    let loads = 0;
    const hash = chunkHasher(
      async () => {
        loads += 1;
        return { sha256 };
      },
      {
        digest: (algorithm, data) => {
          digests += 1;
          return crypto.subtle.digest(algorithm, data);
        },
      },
    );
    const [a, b] = await Promise.all([hash(text('abc')), hash(text('abd'))]);
    expect(a).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(b).toBe(sha256Js(text('abd')));
    expect(digests).toBe(3); // one probe, two chunks
    expect(loads).toBe(0);
  });

  it('takes hash-wasm when Web Crypto refuses', async () => {
    let wasmCalls = 0;
    const hash = chunkHasher(
      async () => ({
        sha256: (b: Uint8Array) => {
          wasmCalls += 1;
          return sha256(b);
        },
      }),
      { digest: () => Promise.reject(new Error('NotSupportedError')) },
    );
    expect(await hash(text('abc'))).toBe(sha256Js(text('abc')));
    expect(wasmCalls).toBe(2); // the probe, then the chunk
  });

  it('falls back for good when WebAssembly is refused', async () => {
    let loads = 0;
    const hash = chunkHasher(async () => {
      loads += 1;
      return {
        sha256: () => Promise.reject(new Error('Refused to compile WebAssembly')),
      };
    }, null);
    expect(await hash(text('abc'))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    await hash(text('abc'));
    expect(loads).toBe(1);
  });
});
