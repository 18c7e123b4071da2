/** PackBits run-length decoding (TIFF 6.0 section 9), output capped at `expected` bytes. */
export function decodePackBits(input: Uint8Array, expected: number): Buffer {
  const out = Buffer.alloc(expected);
  let pos = 0;
  let i = 0;
  while (pos < expected && i < input.length) {
    const n = input[i++] ?? 0;
    if (n < 128) {
      // n + 1 literal bytes.
      const count = Math.min(n + 1, expected - pos, input.length - i);
      out.set(input.subarray(i, i + count), pos);
      pos += count;
      i += n + 1;
    } else if (n > 128) {
      // The next byte repeated 257 - n times.
      const count = Math.min(257 - n, expected - pos);
      out.fill(input[i++] ?? 0, pos, pos + count);
      pos += count;
    }
    // 128 is a no-op.
  }
  if (pos < expected) {
    throw new Error(`PackBits data ended after ${pos} of ${expected} bytes`);
  }
  return out;
}
