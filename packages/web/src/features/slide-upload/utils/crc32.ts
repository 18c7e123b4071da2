/**
 * CRC-32 of upload chunks (fileUploadHandler's strChunkCrc32): the IEEE 802.3 polynomial zlib
 * and Node's `zlib.crc32` use (reflected 0xEDB88320, initial and final value ~0), as 8 lower-case
 * hex digits. A checksum against damage on the way, not a fingerprint: CRC-32 costs ~0.8 ms a
 * megabyte in hash-wasm where SHA-256 cost ~9 ms on CPUs without SHA instructions, which held a
 * browser's upload near 110 MB/s of one core.
 *
 * hash-wasm (WebAssembly) is the fast way and is used when the browser may run it; a browser
 * older than the `wasm-unsafe-eval` policy keyword (Chromium 97) refuses to compile WebAssembly
 * under the server's content security policy: then this plain TypeScript version (slicing-by-8,
 * ~2.3 ms a megabyte) is used, slower but enough for a hospital link. Web Crypto has no CRC-32.
 */
import { crc32Hex } from '@pathconsult/shared';

/**
 * Slicing-by-8 tables: TABLE[k * 256 + b] is the CRC register's change for byte b followed by k
 * zero bytes; TABLE[0..255] is the classic byte-at-a-time table.
 */
const TABLE = (() => {
  const table = new Uint32Array(8 * 256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) {
      c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    }
    table[n] = c;
  }
  for (let n = 0; n < 256; n += 1) {
    let c = table[n]!;
    for (let k = 1; k < 8; k += 1) {
      c = table[c & 0xff]! ^ (c >>> 8);
      table[k * 256 + n] = c;
    }
  }
  return table;
})();

/** CRC-32 of `bytes` as an unsigned number, in plain TypeScript. */
export function crc32Value(bytes: Uint8Array): number {
  const t = TABLE;
  // The view starts where the bytes do: a chunk may be a subarray of a larger buffer.
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let crc = ~0;
  let i = 0;
  // Eight bytes at a time, read little-endian (DataView's reads measured faster than byte math).
  for (const whole = bytes.length - (bytes.length % 8); i < whole; i += 8) {
    const lo = crc ^ view.getUint32(i, true);
    const hi = view.getUint32(i + 4, true);
    crc =
      t[0x700 + (lo & 0xff)]! ^
      t[0x600 + ((lo >>> 8) & 0xff)]! ^
      t[0x500 + ((lo >>> 16) & 0xff)]! ^
      t[0x400 + (lo >>> 24)]! ^
      t[0x300 + (hi & 0xff)]! ^
      t[0x200 + ((hi >>> 8) & 0xff)]! ^
      t[0x100 + ((hi >>> 16) & 0xff)]! ^
      t[hi >>> 24]!;
  }
  // The tail, a byte at a time.
  for (; i < bytes.length; i += 1) {
    crc = t[(crc ^ bytes[i]!) & 0xff]! ^ (crc >>> 8);
  }
  return ~crc >>> 0;
}

/** CRC-32 of `bytes` as strChunkCrc32 spells it, in plain TypeScript. */
export function crc32Js(bytes: Uint8Array): string {
  return crc32Hex(crc32Value(bytes));
}

export type Hasher = (bytes: Uint8Array) => Promise<string>;

/** The check value of every CRC-32 catalogue ("123456789"), the probe of a hasher. */
const CHECK_INPUT = new TextEncoder().encode('123456789');
const CHECK_CRC32 = 'cbf43926';

/** hash-wasm's one-shot CRC-32 (its default polynomial is the IEEE one), as the hasher uses it. */
export interface WasmCrc32 {
  crc32: (bytes: Uint8Array) => Promise<string>;
}

/**
 * The chunk hasher: hash-wasm while it works, else the TypeScript version (the module failed to
 * load, or the browser refused to compile WebAssembly). The choice is made once, on the first
 * chunk, and kept.
 */
export function chunkHasher(load: () => Promise<WasmCrc32>): Hasher {
  // Chosen once, also when the first chunks come together.
  let chosen: Promise<Hasher> | undefined;
  const choose = async (): Promise<Hasher> => {
    try {
      const { crc32 } = await load();
      // hash-wasm gives 8 lower-case hex digits already; spelt as the server checks it anyway.
      const hasher: Hasher = async (bytes) => {
        const hex = await crc32(bytes);
        if (!/^[0-9a-f]{1,8}$/i.test(hex)) {
          throw new Error(`not a CRC-32: ${hex}`);
        }
        return crc32Hex(Number.parseInt(hex, 16));
      };
      // A first call is where a refusing policy shows (and a wrong polynomial would).
      if ((await hasher(CHECK_INPUT)) !== CHECK_CRC32) {
        throw new Error('hash-wasm gave a different CRC-32');
      }
      return hasher;
    } catch {
      return async (bytes) => crc32Js(bytes);
    }
  };
  return async (bytes) => {
    chosen ??= choose();
    return (await chosen)(bytes);
  };
}
