/**
 * One DICOM WSI instance (one file): what it is (pyramid level, label, overview, thumbnail), its
 * geometry and pixel format, how its frames are tiled, and where each frame lies. Opening keeps the
 * file handle open for frame reads; every check that can refuse the file happens here, before
 * anything is decoded.
 */
import { open, type FileHandle } from 'node:fs/promises';
import { SLIDE_LIMITS, SlideOpenError } from '../slide-source.js';
import { firstItem, getItems, getNumber, getNumbers, getString, getStrings } from './dataset.js';
import { readDicomHeader } from './file-header.js';
import { jpeg2000Supported, type FrameCodec, type FrameFormat } from './frame-decode.js';
import { buildFrameTable, type FrameTable } from './frame-index.js';
import { dicomLabToHex } from './lab-color.js';
import type { Dataset } from './parser.js';
import { T, TS, WSI_SOP_CLASS } from './tags.js';

export type ImageFlavor = 'VOLUME' | 'LABEL' | 'OVERVIEW' | 'THUMBNAIL' | 'OTHER';

export interface WsiInstance {
  path: string;
  file: FileHandle;
  sopInstanceUid: string;
  seriesUid: string;
  instanceNumber: number;
  flavor: ImageFlavor;
  transferSyntax: string;
  format: FrameFormat;
  /** Total pixel matrix (the whole image this instance tiles). */
  width: number;
  height: number;
  frameCount: number;
  /** Part of a concatenation: one image's frames split over several instances. */
  concatenation: { uid: string; frameOffset: number } | null;
  /**
   * TILED_SPARSE: pixel position (x, y) of each frame's top-left corner, or −1 for frames of other
   * focal planes or optical paths; null for TILED_FULL (position follows from the frame number).
   */
  positions: Int32Array | null;
  /**
   * Whether the file says how its frames are ordered (TILED_FULL, or a position per frame). Some
   * converters write neither; TiledImage then works the order out (frame-order.ts).
   */
  orderStated: boolean;
  /** Frames are complete baseline JPEGs that can be served as they are. */
  rawJpeg: boolean;
  mppX: number | null;
  mppY: number | null;
  objectivePower: number | null;
  backgroundColor: string | null;
  frames: FrameTable;
}

const NATIVE = new Set<string>([TS.ImplicitLittle, TS.ExplicitLittle, TS.ExplicitBig]);
const J2K = new Set<string>([
  TS.Jpeg2000Lossless,
  TS.Jpeg2000,
  '1.2.840.10008.1.2.4.201',
  '1.2.840.10008.1.2.4.202',
  '1.2.840.10008.1.2.4.203',
]);
const NAMES: Record<string, string> = {
  '1.2.840.10008.1.2.4.57': 'JPEG Lossless',
  '1.2.840.10008.1.2.4.70': 'JPEG Lossless',
  '1.2.840.10008.1.2.4.80': 'JPEG-LS',
  '1.2.840.10008.1.2.4.81': 'JPEG-LS',
  '1.2.840.10008.1.2.5': 'RLE',
  '1.2.840.10008.1.2.4.110': 'JPEG XL',
  '1.2.840.10008.1.2.4.111': 'JPEG XL',
  '1.2.840.10008.1.2.4.112': 'JPEG XL',
};
const NATIVE_PHOTOMETRIC = new Set(['RGB', 'MONOCHROME1', 'MONOCHROME2', 'YBR_FULL']);

const unsupported = (why: string) => new SlideOpenError('UNSUPPORTED_FORMAT', why);
const damaged = (why: string) =>
  new SlideOpenError('DAMAGED', `The DICOM file is damaged: ${why}.`);

/** Per-frame functional groups, boiled down to what tiling needs, as the parser streams them. */
class PerFrame {
  x: number[] = [];
  y: number[] = [];
  z: (number | undefined)[] = [];
  opticalPath: (string | undefined)[] = [];
  firstSpacing: number[] = [];

  collect = (item: Dataset, index: number): void => {
    const plane = firstItem(item, T.PlanePositionSlideSequence);
    const col = getNumber(plane, T.ColumnPositionInTotalImagePixelMatrix);
    const row = getNumber(plane, T.RowPositionInTotalImagePixelMatrix);
    // Positions are 1-based; −1 marks a frame without one.
    this.x[index] = col === undefined ? -1 : col - 1;
    this.y[index] = row === undefined ? -1 : row - 1;
    this.z[index] = getNumber(plane, T.ZOffsetInSlideCoordinateSystem);
    const path = firstItem(item, T.OpticalPathIdentificationSequence);
    this.opticalPath[index] = getString(path, T.OpticalPathIdentifier);
    if (index === 0) {
      this.firstSpacing = getNumbers(firstItem(item, T.PixelMeasuresSequence), T.PixelSpacing);
    }
  };
}

export async function openInstance(path: string): Promise<WsiInstance> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    let perFrame = new PerFrame();
    const header = await readDicomHeader(file, size, () => {
      perFrame = new PerFrame();
      return new Map([[T.PerFrameFunctionalGroupsSequence, perFrame.collect]]);
    });
    const ds = header.dataset;
    const sopClass =
      getString(ds, T.SOPClassUID) ?? getString(header.meta, T.MediaStorageSOPClassUID);
    if (sopClass !== WSI_SOP_CLASS) {
      throw new SlideOpenError(
        'NOT_A_SLIDE',
        `The DICOM file is not a whole-slide image (SOP class ${sopClass ?? 'missing'}).`,
      );
    }
    const pixelData = header.pixelData;
    if (!pixelData) {
      throw damaged('it has no Pixel Data');
    }
    if (pixelData.tag !== T.PixelData) {
      throw unsupported('DICOM floating-point pixel data is not supported.');
    }
    const format = frameFormat(ds, header.transferSyntax, header.syntax.littleEndian);
    const width = getNumber(ds, T.TotalPixelMatrixColumns) ?? format.width;
    const height = getNumber(ds, T.TotalPixelMatrixRows) ?? format.height;
    checkGeometry(format, width, height);
    const frameCount = getNumber(ds, T.NumberOfFrames) ?? 1;
    const minFrameBytes =
      format.codec === 'native' ? nativeFrameBytes(format) : 8; /* an item header at least */
    if (!Number.isInteger(frameCount) || frameCount < 1 || frameCount * minFrameBytes > size) {
      throw damaged(`it declares ${frameCount} frames, which its ${size} bytes cannot hold`);
    }
    const extendedOffsets = getNumbers(ds, T.ExtendedOffsetTable);
    const frames = await buildFrameTable({
      file,
      fileSize: size,
      pixelData,
      frames: frameCount,
      nativeFrameBytes: format.codec === 'native' ? nativeFrameBytes(format) : null,
      extended:
        extendedOffsets.length > 0
          ? { offsets: extendedOffsets, lengths: getNumbers(ds, T.ExtendedOffsetTableLengths) }
          : undefined,
    });
    const concatenationUid = getString(ds, T.ConcatenationUID);
    return {
      path,
      file,
      sopInstanceUid: getString(ds, T.SOPInstanceUID) ?? path,
      seriesUid: getString(ds, T.SeriesInstanceUID) ?? '',
      instanceNumber: getNumber(ds, T.InstanceNumber) ?? 0,
      flavor: flavorOf(getStrings(ds, T.ImageType)),
      transferSyntax: header.transferSyntax,
      format,
      width,
      height,
      frameCount,
      concatenation: concatenationUid
        ? {
            uid: concatenationUid,
            frameOffset: getNumber(ds, T.ConcatenationFrameOffsetNumber) ?? 0,
          }
        : null,
      positions: sparsePositions(ds, perFrame, frameCount),
      orderStated:
        getString(ds, T.DimensionOrganizationType) === 'TILED_FULL' ||
        perFrame.x.some((x) => x >= 0),
      rawJpeg: header.transferSyntax === TS.JpegBaseline && format.bitsAllocated === 8,
      ...pixelSize(ds, perFrame),
      objectivePower:
        getItems(ds, T.OpticalPathSequence)
          .map((item) => getNumber(item, T.ObjectiveLensPower))
          .find((p): p is number => p !== undefined && p > 0) ?? null,
      backgroundColor: dicomLabToHex(getNumbers(ds, T.RecommendedAbsentPixelCIELabValue)),
      frames,
    };
  } catch (e) {
    await file.close();
    throw e;
  }
}

function codecOf(ts: string): FrameCodec {
  if (NATIVE.has(ts)) {
    return 'native';
  }
  if (ts === TS.JpegBaseline || ts === TS.JpegExtended) {
    return 'jpeg';
  }
  if (J2K.has(ts)) {
    if (!jpeg2000Supported()) {
      throw unsupported(
        `This DICOM slide stores JPEG 2000 frames (transfer syntax ${ts}), which this server cannot decode: its image library (sharp/libvips) was built without OpenJPEG.`,
      );
    }
    return 'jpeg2000';
  }
  throw unsupported(
    `DICOM transfer syntax ${ts}${NAMES[ts] ? ` (${NAMES[ts]})` : ''} is not supported; JPEG baseline, JPEG 2000 and uncompressed frames are.`,
  );
}

function frameFormat(ds: Dataset, ts: string, littleEndian: boolean): FrameFormat {
  const codec = codecOf(ts);
  const format: FrameFormat = {
    codec,
    width: getNumber(ds, T.Columns) ?? 0,
    height: getNumber(ds, T.Rows) ?? 0,
    samples: getNumber(ds, T.SamplesPerPixel) ?? 1,
    photometric: getString(ds, T.PhotometricInterpretation) ?? 'MONOCHROME2',
    planar: getNumber(ds, T.PlanarConfiguration) ?? 0,
    bitsAllocated: getNumber(ds, T.BitsAllocated) ?? 8,
    bitsStored: getNumber(ds, T.BitsStored) ?? getNumber(ds, T.BitsAllocated) ?? 8,
    bigEndian: !littleEndian,
  };
  if (format.samples !== 1 && format.samples !== 3) {
    throw unsupported(`DICOM images with ${format.samples} samples per pixel are not supported.`);
  }
  if (codec === 'native') {
    if (format.bitsAllocated !== 8 && format.bitsAllocated !== 16) {
      throw unsupported(
        `DICOM images with ${format.bitsAllocated} bits per sample are not supported.`,
      );
    }
    if ((getNumber(ds, T.PixelRepresentation) ?? 0) !== 0) {
      throw unsupported('DICOM images with signed pixel values are not supported.');
    }
    if (!NATIVE_PHOTOMETRIC.has(format.photometric)) {
      throw unsupported(`Uncompressed DICOM ${format.photometric} images are not supported.`);
    }
  } else if (codec === 'jpeg' && format.bitsAllocated !== 8) {
    throw unsupported(`${format.bitsAllocated}-bit JPEG DICOM frames are not supported.`);
  }
  return format;
}

function checkGeometry(format: FrameFormat, width: number, height: number): void {
  if (!(format.width > 0 && format.height > 0 && width > 0 && height > 0)) {
    throw damaged('its image size is missing or zero');
  }
  if (format.width * format.height > SLIDE_LIMITS.maxTilePixels) {
    throw new SlideOpenError(
      'TOO_LARGE',
      `DICOM frames of ${format.width}×${format.height} pixels exceed the ${SLIDE_LIMITS.maxTilePixels}-pixel limit.`,
    );
  }
  if (width > SLIDE_LIMITS.maxDimension || height > SLIDE_LIMITS.maxDimension) {
    throw new SlideOpenError(
      'TOO_LARGE',
      `The DICOM image declares ${width}×${height} pixels, beyond the ${SLIDE_LIMITS.maxDimension}-pixel limit.`,
    );
  }
}

function nativeFrameBytes(f: FrameFormat): number {
  return f.width * f.height * f.samples * (f.bitsAllocated / 8);
}

/** Image Type value 3 says what the image is; files without Image Type are pyramid images. */
function flavorOf(imageType: string[]): ImageFlavor {
  const kind = imageType[2]?.toUpperCase();
  switch (kind) {
    case undefined:
    case 'VOLUME':
      return 'VOLUME';
    case 'LABEL':
      return 'LABEL';
    case 'OVERVIEW':
    case 'LOCALIZER':
      return 'OVERVIEW';
    case 'THUMBNAIL':
      return 'THUMBNAIL';
    default:
      return 'OTHER';
  }
}

/**
 * Frame positions of a TILED_SPARSE image. Only the first frame's focal plane and optical path are
 * kept: the viewer shows one plane.
 */
function sparsePositions(ds: Dataset, perFrame: PerFrame, frameCount: number): Int32Array | null {
  if (getString(ds, T.DimensionOrganizationType) === 'TILED_FULL') {
    return null;
  }
  if (!perFrame.x.some((x) => x >= 0)) {
    return null; // no positions: frames follow the TILED_FULL order
  }
  const z0 = perFrame.z[0];
  const path0 = perFrame.opticalPath[0];
  const positions = new Int32Array(frameCount * 2).fill(-1);
  for (let i = 0; i < frameCount && i < perFrame.x.length; i++) {
    const z = perFrame.z[i];
    const samePlane = z === undefined || z0 === undefined || Math.abs(z - z0) < 1e-6;
    const samePath = perFrame.opticalPath[i] === path0;
    if (samePlane && samePath && perFrame.x[i]! >= 0 && perFrame.y[i]! >= 0) {
      positions[i * 2] = perFrame.x[i]!;
      positions[i * 2 + 1] = perFrame.y[i]!;
    }
  }
  return positions;
}

/** Pixel Spacing (mm, row then column) → µm per pixel, from the functional groups or the top level. */
function pixelSize(ds: Dataset, perFrame: PerFrame): { mppX: number | null; mppY: number | null } {
  const shared = firstItem(ds, T.SharedFunctionalGroupsSequence);
  const candidates = [
    getNumbers(firstItem(shared, T.PixelMeasuresSequence), T.PixelSpacing),
    perFrame.firstSpacing,
    getNumbers(ds, T.PixelSpacing),
  ];
  const spacing = candidates.find((s) => s.length >= 2 && s[0]! > 0 && s[1]! > 0);
  if (!spacing) {
    return { mppX: null, mppY: null };
  }
  // toPrecision drops float noise (0.000499 mm × 1000 is 0.49899999999999994 µm otherwise).
  const um = (mm: number) => Number((mm * 1000).toPrecision(12));
  return { mppX: um(spacing[1]!), mppY: um(spacing[0]!) };
}
