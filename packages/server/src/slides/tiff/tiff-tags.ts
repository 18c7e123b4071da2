/** TIFF tag numbers the reader uses (TIFF 6.0, TIFF Technical Note 2, Aperio). */
export const Tag = {
  NewSubfileType: 254,
  SubfileType: 255,
  ImageWidth: 256,
  ImageLength: 257,
  BitsPerSample: 258,
  Compression: 259,
  Photometric: 262,
  ImageDescription: 270,
  Make: 271,
  Model: 272,
  StripOffsets: 273,
  SamplesPerPixel: 277,
  RowsPerStrip: 278,
  StripByteCounts: 279,
  XResolution: 282,
  YResolution: 283,
  PlanarConfiguration: 284,
  ResolutionUnit: 296,
  Software: 305,
  DateTime: 306,
  Predictor: 317,
  TileWidth: 322,
  TileLength: 323,
  TileOffsets: 324,
  TileByteCounts: 325,
  ExtraSamples: 338,
  SampleFormat: 339,
  JPEGTables: 347,
} as const;

/** Compression codes (tag 259) the reader knows by name. */
export const Compression = {
  None: 1,
  Lzw: 5,
  OldJpeg: 6,
  Jpeg: 7,
  AdobeDeflate: 8,
  PackBits: 32773,
  Deflate: 32946,
  /** Aperio JPEG 2000 with YCbCr components. */
  AperioJp2kYcbcr: 33003,
  /** Aperio JPEG 2000 with RGB components. */
  AperioJp2kRgb: 33005,
  Jpeg2000: 34712,
  Webp: 50001,
} as const;

export const Photometric = {
  WhiteIsZero: 0,
  BlackIsZero: 1,
  Rgb: 2,
  YCbCr: 6,
} as const;

/** Value types of IFD entries and their sizes in bytes. */
export const TYPE_SIZES: Record<number, number> = {
  1: 1, // BYTE
  2: 1, // ASCII
  3: 2, // SHORT
  4: 4, // LONG
  5: 8, // RATIONAL
  6: 1, // SBYTE
  7: 1, // UNDEFINED
  8: 2, // SSHORT
  9: 4, // SLONG
  10: 8, // SRATIONAL
  11: 4, // FLOAT
  12: 8, // DOUBLE
  13: 4, // IFD
  16: 8, // LONG8
  17: 8, // SLONG8
  18: 8, // IFD8
};
