/**
 * SHA-256 of upload chunks. hash-wasm (WebAssembly) is the fast way and is used when the browser
 * may run it; Web Crypto's digest is not available on the plain-http addresses hospital networks
 * use, and a browser older than the `wasm-unsafe-eval` policy keyword (Chromium 97) refuses to
 * compile WebAssembly under the server's content security policy: then this plain TypeScript
 * version (FIPS 180-4) is used, slower but enough for a hospital link.
 */

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

/** Runs the compression function over the 64-byte blocks of `data` from `offset`. */
function compress(h: Uint32Array, w: Uint32Array, data: Uint8Array, offset: number, end: number) {
  for (let at = offset; at < end; at += 64) {
    for (let i = 0; i < 16; i += 1) {
      const j = at + i * 4;
      w[i] = (data[j]! << 24) | (data[j + 1]! << 16) | (data[j + 2]! << 8) | data[j + 3]!;
    }
    for (let i = 16; i < 64; i += 1) {
      const x = w[i - 15]!;
      const y = w[i - 2]!;
      const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
      const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
      w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) | 0;
    }
    let a = h[0]!;
    let b = h[1]!;
    let c = h[2]!;
    let d = h[3]!;
    let e = h[4]!;
    let f = h[5]!;
    let g = h[6]!;
    let hh = h[7]!;
    for (let i = 0; i < 64; i += 1) {
      const s1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const ch = (e & f) ^ (~e & g);
      const t1 = (hh + s1 + ch + K[i]! + w[i]!) | 0;
      const s0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
      const maj = (a & b) ^ (a & c) ^ (b & c);
      const t2 = (s0 + maj) | 0;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    // Uint32Array stores the sums modulo 2^32.
    h[0] = h[0]! + a;
    h[1] = h[1]! + b;
    h[2] = h[2]! + c;
    h[3] = h[3]! + d;
    h[4] = h[4]! + e;
    h[5] = h[5]! + f;
    h[6] = h[6]! + g;
    h[7] = h[7]! + hh;
  }
}

/** SHA-256 of `bytes` as lower-case hex, in plain TypeScript. */
export function sha256Js(bytes: Uint8Array): string {
  const h = new Uint32Array([
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
  ]);
  const w = new Uint32Array(64);
  // Whole blocks straight from the input; the rest with the padding: a 1 bit, zeros, and the
  // length in bits, up to a whole block or two.
  const whole = bytes.length - (bytes.length % 64);
  compress(h, w, bytes, 0, whole);
  const rest = bytes.length - whole;
  const tail = new Uint8Array(rest + 9 > 64 ? 128 : 64);
  tail.set(bytes.subarray(whole));
  tail[rest] = 0x80;
  const view = new DataView(tail.buffer);
  const bits = bytes.length * 8;
  view.setUint32(tail.length - 8, Math.floor(bits / 2 ** 32));
  view.setUint32(tail.length - 4, bits >>> 0);
  compress(h, w, tail, 0, tail.length);
  return Array.from(h, (word) => word.toString(16).padStart(8, '0')).join('');
}

export type Hasher = (bytes: Uint8Array) => Promise<string>;

/** The part of Web Crypto the hasher uses. */
export type Digester = Pick<SubtleCrypto, 'digest'>;

/**
 * Web Crypto's digest where the page may use it (https, or the machine's own address): the
 * browser's native SHA-256, about four times hash-wasm's speed on a megabyte (0.9 against 3.4 ms
 * measured in Node on this project's machines, which have the CPU's SHA instructions).
 */
export function secureDigester(): Digester | null {
  return (globalThis.isSecureContext && globalThis.crypto?.subtle) || null;
}

const hex = (digest: ArrayBuffer) =>
  Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * The chunk hasher: Web Crypto where the page may use it, else hash-wasm while it works, else
 * the TypeScript version (the module failed to load, or the browser refused to compile
 * WebAssembly). Each is tried once, on the first chunk, and kept.
 */
export function chunkHasher(
  load: () => Promise<{ sha256: Hasher }>,
  subtle: Digester | null = secureDigester(),
): Hasher {
  // Chosen once, also when the first chunks come together.
  let chosen: Promise<Hasher> | undefined;
  const native: Hasher | null = subtle
    ? async (bytes) => hex(await subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>))
    : null;
  const choose = async (): Promise<Hasher> => {
    for (const candidate of [async () => native, async () => (await load()).sha256]) {
      try {
        const hasher = await candidate();
        if (hasher) {
          // A first call is where a refusing policy or a missing algorithm shows.
          await hasher(new Uint8Array(0));
          return hasher;
        }
      } catch {
        // Try the next one.
      }
    }
    return async (bytes) => sha256Js(bytes);
  };
  return async (bytes) => {
    chosen ??= choose();
    return (await chosen)(bytes);
  };
}
