/**
 * JPEG streams served without decoding (TIFF tiles, DICOM frames): completing an abbreviated TIFF
 * tile with its tables, and colour signalling. A JPEG without a JFIF (APP0) or Adobe (APP14)
 * marker is decoded as YCbCr by libjpeg and browsers; data stored as RGB (Aperio's Photometric 2,
 * DICOM's RGB on a frame without JFIF) needs an Adobe marker with transform 0 to decode right.
 */

/** True when the JPEG says itself how its colours are coded (JFIF or Adobe marker). */
export function hasColourMarker(jpeg: Buffer): boolean {
  if (jpeg.length < 4 || jpeg[0] !== 0xff || jpeg[1] !== 0xd8) {
    return false;
  }
  let at = 2;
  while (at + 4 <= jpeg.length && jpeg[at] === 0xff) {
    const marker = jpeg[at + 1]!;
    if (marker === 0xda || marker === 0xd9) {
      return false; // start of scan: no more headers
    }
    const length = jpeg.readUInt16BE(at + 2);
    const id = jpeg.toString('latin1', at + 4, at + 9);
    if ((marker === 0xe0 && id.startsWith('JFIF')) || (marker === 0xee && id === 'Adobe')) {
      return true;
    }
    at += 2 + length;
  }
  return false;
}

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

/** The JPEG with an Adobe RGB marker right after its SOI. */
export function withAdobeRgbMarker(jpeg: Buffer): Buffer {
  return spliceJpegTile(jpeg, null, true);
}
