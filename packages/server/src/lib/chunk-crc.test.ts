import { describe, expect, it } from 'vitest';
import { chunkCrc32 } from './chunk-crc';

describe('chunk CRC-32', () => {
  it('is zlib’s CRC-32 in 8 lower-case hex digits', () => {
    expect(chunkCrc32(Buffer.from('123456789'))).toBe('cbf43926');
    expect(chunkCrc32(Buffer.alloc(0))).toBe('00000000');
    // A value below 0x10000000 keeps its leading zero.
    expect(chunkCrc32(Buffer.from('33'))).toBe('0a6216d9');
    // Values above 0x7fffffff are unsigned, not negative.
    expect(chunkCrc32(Buffer.from('a'))).toBe('e8b7be43');
  });
});
