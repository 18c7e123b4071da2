/**
 * DICOM value representations whose explicit-VR element header has 2 reserved bytes and a 4-byte
 * length (PS3.5 Table 7.1-1); the others have a 2-byte length. Read by the server's DICOM parser
 * and by the browser, which finds each file's series before a folder is uploaded.
 */
export const DICOM_LONG_VRS: ReadonlySet<string> = new Set([
  'OB',
  'OD',
  'OF',
  'OL',
  'OV',
  'OW',
  'SQ',
  'SV',
  'UC',
  'UN',
  'UR',
  'UT',
  'UV',
]);
