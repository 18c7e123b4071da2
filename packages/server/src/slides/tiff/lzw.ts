/**
 * TIFF LZW decoding (TIFF 6.0 section 13): codes written most-significant bit first, 9 to 12 bits
 * wide, widening one code early, 256 = clear, 257 = end. Output is capped at `expected` bytes so
 * that a crafted stream cannot grow without bound.
 */

const CLEAR = 256;
const END = 257;
const FIRST_FREE = 258;
const TABLE_SIZE = 4096;

export class LzwError extends Error {}

export function decodeLzw(input: Uint8Array, expected: number): Buffer {
  if (input.length >= 2 && input[0] === 0 && (input[1] ?? 0) & 0x01) {
    // Pre-6.0 "old-style" LZW (bit-reversed codes), written by very old libtiff only.
    throw new LzwError('old-style (pre TIFF 6.0) LZW is not supported');
  }
  const out = Buffer.alloc(expected);
  const prefix = new Int16Array(TABLE_SIZE).fill(-1);
  const suffix = new Uint8Array(TABLE_SIZE);
  const first = new Uint8Array(TABLE_SIZE);
  const lengths = new Uint16Array(TABLE_SIZE);
  for (let i = 0; i < 256; i++) {
    suffix[i] = i;
    first[i] = i;
    lengths[i] = 1;
  }
  let next = FIRST_FREE;
  let width = 9;
  let previous = -1;
  let pos = 0;
  let bits = 0;
  let bitCount = 0;
  let inPos = 0;

  // Writes the string of `code` at `pos`, dropping what falls beyond `expected`.
  const emit = (code: number): void => {
    const length = lengths[code] ?? 0;
    let at = pos + length - 1;
    let c = code;
    while (c !== -1) {
      if (at < expected) {
        out[at] = suffix[c] ?? 0;
      }
      at--;
      c = prefix[c] ?? -1;
    }
    pos += length;
  };

  while (pos < expected) {
    while (bitCount < width) {
      if (inPos >= input.length) {
        throw new LzwError(`LZW data ended after ${pos} of ${expected} bytes`);
      }
      bits = ((bits << 8) | (input[inPos++] ?? 0)) >>> 0;
      bitCount += 8;
    }
    bitCount -= width;
    const code = (bits >>> bitCount) & ((1 << width) - 1);
    bits &= (1 << bitCount) - 1;

    if (code === END) {
      break;
    }
    if (code === CLEAR) {
      next = FIRST_FREE;
      width = 9;
      previous = -1;
      continue;
    }
    if (previous === -1) {
      if (code > 255) {
        throw new LzwError(`LZW code ${code} right after a clear`);
      }
      emit(code);
      previous = code;
      continue;
    }
    let head: number;
    if (code < next) {
      emit(code);
      head = first[code] ?? 0;
    } else if (code === next) {
      // The KwKwK case: the new string is the previous one plus its own first byte.
      head = first[previous] ?? 0;
      emit(previous);
      if (pos < expected) {
        out[pos] = head;
      }
      pos++;
    } else {
      throw new LzwError(`LZW code ${code} is not in the table (next free ${next})`);
    }
    if (next < TABLE_SIZE) {
      prefix[next] = previous;
      suffix[next] = head;
      first[next] = first[previous] ?? 0;
      lengths[next] = (lengths[previous] ?? 0) + 1;
      next++;
    }
    if (next + 1 >= 1 << width && width < 12) {
      width++;
    }
    previous = code;
  }
  if (pos < expected) {
    throw new LzwError(`LZW data ended after ${pos} of ${expected} bytes`);
  }
  return out;
}
