import { describe, expect, it } from 'vitest';
import { JpegTileError, spliceJpegTile } from './jpeg-markers';

const hex = (s: string) => Buffer.from(s.replace(/\s/g, ''), 'hex');
const TABLES = hex('ffd8 ffdb0004aabb ffc40004ccdd ffd9');
const TILE = hex('ffd8 ffc00004eeee ffda0004 1234 ffd9');
const ADOBE = hex('ffee000e 41646f6265 0064 0000 0000 00');

describe('spliceJpegTile', () => {
  it('puts SOI, the Adobe RGB marker, the tables without SOI/EOI, then the tile without SOI', () => {
    expect(spliceJpegTile(TILE, TABLES, true)).toEqual(
      Buffer.concat([hex('ffd8'), ADOBE, hex('ffdb0004aabb ffc40004ccdd'), TILE.subarray(2)]),
    );
  });

  it('adds no marker for YCbCr tiles and keeps self-contained tiles whole', () => {
    expect(spliceJpegTile(TILE, TABLES, false)).toEqual(
      Buffer.concat([hex('ffd8 ffdb0004aabb ffc40004ccdd'), TILE.subarray(2)]),
    );
    expect(spliceJpegTile(TILE, null, false)).toEqual(TILE);
  });

  it('refuses bytes that are not a JPEG stream', () => {
    expect(() => spliceJpegTile(hex('00112233'), TABLES, true)).toThrow(JpegTileError);
  });
});
