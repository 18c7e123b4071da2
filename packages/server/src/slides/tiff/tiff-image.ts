import { SLIDE_LIMITS, SlideOpenError } from '../slide-source';
import {
  readAscii,
  readEntryBytes,
  readNumbers,
  readUintArray,
  TiffFormatError,
  type Ifd,
  type IfdEntry,
  type TiffHeader,
} from './ifd-parser';
import { Tag } from './tiff-tags';
import type { TiffFile } from './tiff-file';

/**
 * One IFD described as an image stored in blocks: tiles, or strips (a strip is a block as wide
 * as the image). Scalar tags are read first and checked against SLIDE_LIMITS, so that a crafted
 * header is refused before its offset arrays are read or any pixel buffer is allocated.
 */
export interface TiffImage {
  /** Position in the IFD chain. */
  index: number;
  width: number;
  height: number;
  tiled: boolean;
  blockWidth: number;
  blockHeight: number;
  blocksAcross: number;
  blocksDown: number;
  compression: number;
  photometric: number;
  samplesPerPixel: number;
  bitsPerSample: number[];
  sampleFormat: number;
  planar: number;
  predictor: number;
  extraSamples: number[];
  newSubfileType: number;
  description: string | null;
  jpegTables: Buffer | null;
  xResolution: number | null;
  yResolution: number | null;
  /** 1 none, 2 inch (the default), 3 centimetre. */
  resolutionUnit: number;
  /** Filled by `loadBlockIndex`. */
  offsets: ArrayLike<number> | null;
  byteCounts: ArrayLike<number> | null;
}

/** Beyond any real slide (a 750,000-px-square level in 256-px tiles has 8.6 million). */
const MAX_BLOCKS = 16 * 1024 * 1024;
const MAX_DESCRIPTION_BYTES = 1024 * 1024;
const MAX_JPEG_TABLES_BYTES = 64 * 1024;

export async function describeIfd(
  file: TiffFile,
  header: TiffHeader,
  ifd: Ifd,
  index: number,
): Promise<TiffImage> {
  const entries = ifd.entries;
  const scalar = async (tag: number, fallback: number): Promise<number> => {
    const entry = entries.get(tag);
    if (!entry || entry.count === 0) {
      return fallback;
    }
    const [value] = await readNumbers(file, header, { ...entry, count: 1 }, 1);
    return value ?? fallback;
  };
  const width = await scalar(Tag.ImageWidth, 0);
  const height = await scalar(Tag.ImageLength, 0);
  if (width <= 0 || height <= 0 || !Number.isInteger(width) || !Number.isInteger(height)) {
    throw new TiffFormatError(`IFD ${index} has no valid image size (${width}x${height})`);
  }
  if (width > SLIDE_LIMITS.maxDimension || height > SLIDE_LIMITS.maxDimension) {
    throw new SlideOpenError(
      'TOO_LARGE',
      `image ${index} declares ${width}x${height} pixels (limit ${SLIDE_LIMITS.maxDimension} per side)`,
    );
  }
  const tiled = entries.has(Tag.TileWidth) && entries.has(Tag.TileLength);
  const blockWidth = tiled ? await scalar(Tag.TileWidth, 0) : width;
  const rowsPerStrip = await scalar(Tag.RowsPerStrip, height);
  const blockHeight = tiled ? await scalar(Tag.TileLength, 0) : Math.min(rowsPerStrip, height);
  if (blockWidth <= 0 || blockHeight <= 0) {
    throw new TiffFormatError(`IFD ${index} has an empty tile or strip size`);
  }
  const blocksAcross = Math.ceil(width / blockWidth);
  const blocksDown = Math.ceil(height / blockHeight);
  if (blocksAcross * blocksDown > MAX_BLOCKS) {
    throw new SlideOpenError(
      'TOO_LARGE',
      `image ${index} has ${blocksAcross * blocksDown} tiles (limit ${MAX_BLOCKS})`,
    );
  }
  const samplesPerPixel = await scalar(Tag.SamplesPerPixel, 1);
  if (samplesPerPixel < 1 || samplesPerPixel > 16) {
    throw new TiffFormatError(`IFD ${index} declares ${samplesPerPixel} samples per pixel`);
  }
  const bitsEntry = entries.get(Tag.BitsPerSample);
  const bitsPerSample = bitsEntry ? await readNumbers(file, header, bitsEntry, 16) : [1];
  const extraEntry = entries.get(Tag.ExtraSamples);
  const extraSamples = extraEntry ? await readNumbers(file, header, extraEntry, 16) : [];
  const descriptionEntry = entries.get(Tag.ImageDescription);
  const tablesEntry = entries.get(Tag.JPEGTables);
  const xRes = await optionalNumber(file, header, entries.get(Tag.XResolution));
  const yRes = await optionalNumber(file, header, entries.get(Tag.YResolution));

  return {
    index,
    width,
    height,
    tiled,
    blockWidth,
    blockHeight,
    blocksAcross,
    blocksDown,
    compression: await scalar(Tag.Compression, 1),
    photometric: await scalar(Tag.Photometric, samplesPerPixel >= 3 ? 2 : 1),
    samplesPerPixel,
    bitsPerSample,
    sampleFormat: await scalar(Tag.SampleFormat, 1),
    planar: await scalar(Tag.PlanarConfiguration, 1),
    predictor: await scalar(Tag.Predictor, 1),
    extraSamples,
    newSubfileType: await scalar(Tag.NewSubfileType, 0),
    description: descriptionEntry
      ? await readAscii(file, descriptionEntry, MAX_DESCRIPTION_BYTES)
      : null,
    jpegTables: tablesEntry ? await readEntryBytes(file, tablesEntry, MAX_JPEG_TABLES_BYTES) : null,
    xResolution: xRes,
    yResolution: yRes,
    resolutionUnit: await scalar(Tag.ResolutionUnit, 2),
    offsets: null,
    byteCounts: null,
  };
}

async function optionalNumber(
  file: TiffFile,
  header: TiffHeader,
  entry: IfdEntry | undefined,
): Promise<number | null> {
  if (!entry || entry.count === 0) {
    return null;
  }
  const [value] = await readNumbers(file, header, { ...entry, count: 1 }, 1);
  return value !== undefined && Number.isFinite(value) && value > 0 ? value : null;
}

/**
 * Refuses an image whose tiles or strips are too large to decode one at a time. Checked only for
 * the images the slide uses: an unused untiled IFD may well be one huge strip.
 */
export function checkBlockSize(image: TiffImage): void {
  if (image.blockWidth * image.blockHeight > SLIDE_LIMITS.maxTilePixels) {
    throw new SlideOpenError(
      'TOO_LARGE',
      `image ${image.index} stores ${image.blockWidth}x${image.blockHeight}-pixel ${image.tiled ? 'tiles' : 'strips'} (limit ${SLIDE_LIMITS.maxTilePixels} pixels)`,
    );
  }
}

/**
 * Reads where each tile or strip is and checks it lies inside the file: a truncated upload is
 * caught when the slide is opened, not on some later tile request. A block with offset or byte
 * count 0 is a missing tile (sparse files), painted as background.
 */
export async function loadBlockIndex(
  file: TiffFile,
  header: TiffHeader,
  ifd: Ifd,
  image: TiffImage,
): Promise<void> {
  const planes = image.planar === 2 ? image.samplesPerPixel : 1;
  const expected = image.blocksAcross * image.blocksDown * planes;
  const offsetsEntry = ifd.entries.get(image.tiled ? Tag.TileOffsets : Tag.StripOffsets);
  const countsEntry = ifd.entries.get(image.tiled ? Tag.TileByteCounts : Tag.StripByteCounts);
  if (!offsetsEntry || !countsEntry) {
    throw new TiffFormatError(`image ${image.index} has no tile or strip offsets`);
  }
  if (offsetsEntry.count < expected || countsEntry.count < expected) {
    throw new TiffFormatError(
      `image ${image.index} lists ${offsetsEntry.count} blocks, ${expected} expected`,
    );
  }
  const offsets = await readUintArray(file, header, { ...offsetsEntry, count: expected }, expected);
  const byteCounts = await readUintArray(
    file,
    header,
    { ...countsEntry, count: expected },
    expected,
  );
  // Compressed blocks are smaller than their pixels; twice that plus 1 MiB is beyond any real
  // tile, and keeps a crafted byte count from making one tile read allocate gigabytes.
  const maxBlockBytes = image.blockWidth * image.blockHeight * image.samplesPerPixel * 2 + 2 ** 20;
  for (let i = 0; i < expected; i++) {
    const offset = offsets[i] ?? 0;
    const count = byteCounts[i] ?? 0;
    if (offset !== 0 && count !== 0 && offset + count > file.size) {
      throw new TiffFormatError(
        `block ${i} of image ${image.index} ends at ${offset + count}, past the end of the file (${file.size} bytes)`,
      );
    }
    if (count > maxBlockBytes) {
      throw new TiffFormatError(`block ${i} of image ${image.index} claims ${count} bytes`);
    }
  }
  image.offsets = offsets;
  image.byteCounts = byteCounts;
}
