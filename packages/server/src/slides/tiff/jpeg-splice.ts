/**
 * A JPEG-compressed TIFF tile made into a complete JPEG file without decoding it: TIFF stores the
 * quantisation and Huffman tables once per IFD (JPEGTables, an "abbreviated" JPEG of SOI, tables,
 * EOI) and each tile without them. The tile service sends the result to browsers as it is.
 */

/**
 * Adobe APP14 segment with colour transform 0: "the components are RGB, do not convert from
 * YCbCr". Aperio stores RGB JPEG (TIFF Photometric 2); without this marker decoders assume YCbCr
 * for 3 components and the colours come out wrong.
 */
const ADOBE_RGB_SEGMENT = Buffer.from([
  0xff, 0xee, 0x00, 0x0e, 0x41, 0x64, 0x6f, 0x62, 0x65, 0x00, 0x64, 0x00, 0x00, 0x00, 0x00, 0x00,
]);
const SOI = Buffer.from([0xff, 0xd8]);

export class JpegTileError extends Error {}

/**
 * SOI, the APP14 marker when `rgb`, the tables without their SOI and EOI, then the tile without
 * its SOI. A tile that carries its own tables (no JPEGTables) only gets the marker. The marker
 * goes first so that any Adobe marker of the tile itself comes later and wins.
 */
export function spliceJpegTile(tile: Buffer, tables: Buffer | null, rgb: boolean): Buffer {
  if (tile.length < 4 || tile[0] !== 0xff || tile[1] !== 0xd8) {
    throw new JpegTileError('the stored tile is not a JPEG stream (no SOI marker)');
  }
  const parts: Buffer[] = [SOI];
  if (rgb) {
    parts.push(ADOBE_RGB_SEGMENT);
  }
  if (tables && tables.length >= 4 && tables[0] === 0xff && tables[1] === 0xd8) {
    const end = tables[tables.length - 2] === 0xff && tables[tables.length - 1] === 0xd9;
    parts.push(tables.subarray(2, end ? tables.length - 2 : tables.length));
  }
  parts.push(tile.subarray(2));
  return Buffer.concat(parts);
}
