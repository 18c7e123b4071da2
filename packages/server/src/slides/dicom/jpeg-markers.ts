/**
 * JPEG colour signalling. A JPEG without a JFIF (APP0) or Adobe (APP14) marker is decoded as YCbCr
 * by libjpeg and browsers; DICOM's Photometric Interpretation RGB on a JPEG frame says no colour
 * transform was applied, so such a frame needs an Adobe marker with transform 0 to decode right
 * (frames that carry JFIF are YCbCr whatever the header says, and are left alone).
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

/** APP14 "Adobe", version 100, no flags, transform 0 (components are RGB as stored). */
const ADOBE_RGB = Buffer.from([
  0xff, 0xee, 0x00, 0x0e, 0x41, 0x64, 0x6f, 0x62, 0x65, 0x00, 0x64, 0x00, 0x00, 0x00, 0x00, 0x00,
]);

/** The JPEG with an Adobe RGB marker right after its SOI. */
export function withAdobeRgbMarker(jpeg: Buffer): Buffer {
  return Buffer.concat([jpeg.subarray(0, 2), ADOBE_RGB, jpeg.subarray(2)]);
}
