import { drawRgb, filledRgb, rgbFromHex, type Rgb } from '../rgb';
import {
  SLIDE_LIMITS,
  SlideOpenError,
  type AssociatedImageName,
  type RawTile,
  type RgbImage,
  type SlideProperties,
  type SlideSource,
} from '../slide-source';
import { decodeBlock } from './decode-block';
import { parseHeader, readIfdChain, TiffFormatError, type Ifd } from './ifd-parser';
import { JpegTileError, spliceJpegTile } from '../jpeg-markers';
import { levelDownsample, layoutSlide, type SlideLayout } from './slide-layout';
import { Compression, Photometric } from './tiff-tags';
import { TiffFile, TruncatedReadError } from './tiff-file';
import { describeIfd, loadBlockIndex, type TiffImage } from './tiff-image';
import { openSlideOnlyVendor } from './vendor-detect';

/** Tiles decoded at once for one region or associated image. */
const REGION_CONCURRENCY = 8;

/**
 * Opens an Aperio SVS or a generic tiled pyramidal TIFF (classic or BigTIFF). Everything about
 * the file's structure is checked here — sizes against SLIDE_LIMITS before anything is read in
 * bulk, every tile's place against the file's length — so that a file that opens serves tiles.
 */
export async function openTiffSlide(path: string): Promise<SlideSource> {
  const file = await TiffFile.open(path);
  try {
    return await readStructure(file);
  } catch (error) {
    await file.close();
    if (error instanceof SlideOpenError) {
      throw error;
    }
    if (error instanceof TiffFormatError || error instanceof TruncatedReadError) {
      throw new SlideOpenError('DAMAGED', `the TIFF structure is damaged: ${error.message}`);
    }
    throw error;
  }
}

async function readStructure(file: TiffFile): Promise<TiffSlide> {
  const header = parseHeader(await file.read(0, Math.min(16, file.size)));
  if (header === null) {
    throw new SlideOpenError('NOT_A_SLIDE', 'the file is not a TIFF file');
  }
  const ifds = await readIfdChain(file, header);
  const images: TiffImage[] = [];
  for (const [index, ifd] of ifds.entries()) {
    images.push(await describeIfd(file, header, ifd, index));
  }
  const vendor = await openSlideOnlyVendor(file, ifds, images[0]?.description ?? null);
  if (vendor !== null) {
    throw new SlideOpenError(
      'UNSUPPORTED_FORMAT',
      `${vendor} files are read by the OpenSlide reader, not the TIFF reader`,
    );
  }
  const layout = layoutSlide(images);
  for (const image of [...layout.levels, ...Object.values(layout.associated)]) {
    await loadBlockIndex(file, header, ifds[image.index] as Ifd, image);
  }
  return new TiffSlide(file, layout);
}

class TiffSlide implements SlideSource {
  readonly properties: SlideProperties;
  private readonly background: Rgb;
  private closed = false;
  /** Per JPEG level: what goes before a tile's bytes when it is served (readSpliced). */
  private readonly jpegHeads = new Map<TiffImage, Buffer>();

  constructor(
    private readonly file: TiffFile,
    private readonly layout: SlideLayout,
  ) {
    const level0 = layout.levels[0] as TiffImage;
    const associated: SlideProperties['associated'] = {};
    for (const [name, image] of Object.entries(layout.associated)) {
      associated[name as AssociatedImageName] = { width: image.width, height: image.height };
    }
    this.properties = {
      reader: 'tiff',
      vendor: layout.vendor,
      levels: layout.levels.map((image) => ({
        width: image.width,
        height: image.height,
        downsample: levelDownsample(level0, image),
        tileWidth: image.blockWidth,
        tileHeight: image.blockHeight,
      })),
      mppX: layout.mppX,
      mppY: layout.mppY,
      objectivePower: layout.objectivePower,
      associated,
      backgroundColor: null,
    };
    this.background = rgbFromHex(this.properties.backgroundColor);
  }

  async readRawTile(level: number, col: number, row: number): Promise<RawTile | null> {
    const image = this.level(level);
    this.checkTile(image, col, row);
    const servable =
      image.compression === Compression.Jpeg &&
      (image.photometric === Photometric.Rgb ||
        image.photometric === Photometric.YCbCr ||
        image.photometric === Photometric.BlackIsZero);
    if (!servable) {
      return null;
    }
    const bytes = await this.readSpliced(image, row * image.blocksAcross + col, `level ${level}`);
    if (bytes === null) {
      return null; // A missing tile: readTile paints it as background.
    }
    const { validWidth, validHeight } = blockBounds(image, col, row);
    return {
      format: 'jpeg',
      bytes,
      width: image.blockWidth,
      height: image.blockHeight,
      validWidth,
      validHeight,
    };
  }

  async readTile(level: number, col: number, row: number): Promise<RgbImage> {
    const image = this.level(level);
    this.checkTile(image, col, row);
    return this.readBlock(image, col, row, `level ${level}`);
  }

  async readRegion(
    level: number,
    x: number,
    y: number,
    width: number,
    height: number,
  ): Promise<RgbImage> {
    const image = this.level(level);
    if (![x, y, width, height].every(Number.isInteger) || width <= 0 || height <= 0) {
      throw new RangeError(`invalid region ${x},${y} ${width}x${height}`);
    }
    if (width * height > SLIDE_LIMITS.maxRegionPixels) {
      throw new RangeError(
        `region of ${width}x${height} pixels is larger than ${SLIDE_LIMITS.maxRegionPixels}`,
      );
    }
    return this.compose(image, x, y, width, height, `level ${level}`);
  }

  async readAssociated(name: AssociatedImageName): Promise<RgbImage | null> {
    const image = this.layout.associated[name];
    if (!image) {
      return null;
    }
    this.checkOpen();
    return this.compose(image, 0, 0, image.width, image.height, `${name} image`);
  }

  async close(): Promise<void> {
    if (!this.closed) {
      this.closed = true;
      await this.file.close();
    }
  }

  private level(level: number): TiffImage {
    this.checkOpen();
    const image = this.layout.levels[level];
    if (!Number.isInteger(level) || !image) {
      throw new RangeError(`level ${level} does not exist (${this.layout.levels.length} levels)`);
    }
    return image;
  }

  private checkOpen(): void {
    if (this.closed) {
      throw new Error('the slide is closed');
    }
  }

  private checkTile(image: TiffImage, col: number, row: number): void {
    if (
      !Number.isInteger(col) ||
      !Number.isInteger(row) ||
      col < 0 ||
      row < 0 ||
      col >= image.blocksAcross ||
      row >= image.blocksDown
    ) {
      throw new RangeError(
        `tile ${col},${row} is outside the ${image.blocksAcross}x${image.blocksDown} tile grid`,
      );
    }
  }

  /**
   * A stored JPEG tile made complete (spliceJpegTile) with one read and one allocation: the
   * level's head (SOI, colour marker, tables) is built once, the tile is read right behind it and
   * the head then written over the tile's own SOI. The tile server's hot path.
   */
  private async readSpliced(image: TiffImage, index: number, what: string): Promise<Buffer | null> {
    const offset = image.offsets?.[index] ?? 0;
    const length = image.byteCounts?.[index] ?? 0;
    if (offset === 0 || length === 0) {
      return null;
    }
    let head = this.jpegHeads.get(image);
    if (!head) {
      // The head of a spliced 2-byte stand-in tile: everything before the tile's bytes.
      const probe = spliceJpegTile(
        Buffer.from([0xff, 0xd8, 0xff, 0xd9]),
        image.jpegTables,
        image.photometric === Photometric.Rgb,
      );
      head = probe.subarray(0, probe.length - 2);
      this.jpegHeads.set(image, head);
    }
    const at = head.length - 2;
    const out = Buffer.allocUnsafe(at + length);
    try {
      await this.file.readInto(out, at, offset, length);
    } catch (error) {
      throw new Error(`${what}: reading block ${index} failed: ${(error as Error).message}`, {
        cause: error,
      });
    }
    if (length < 4 || out[at] !== 0xff || out[at + 1] !== 0xd8) {
      throw new JpegTileError('the stored tile is not a JPEG stream (no SOI marker)');
    }
    head.copy(out, 0);
    return out;
  }

  /** The stored bytes of a block, or null for a missing (sparse) block. */
  private async readStored(image: TiffImage, index: number, what: string): Promise<Buffer | null> {
    const offset = image.offsets?.[index] ?? 0;
    const length = image.byteCounts?.[index] ?? 0;
    if (offset === 0 || length === 0) {
      return null;
    }
    try {
      return await this.file.read(offset, length);
    } catch (error) {
      throw new Error(`${what}: reading block ${index} failed: ${(error as Error).message}`, {
        cause: error,
      });
    }
  }

  /** One tile or strip decoded and cropped to the image. */
  private async readBlock(
    image: TiffImage,
    col: number,
    row: number,
    what: string,
  ): Promise<RgbImage> {
    const index = row * image.blocksAcross + col;
    const { validWidth, validHeight, storedRows } = blockBounds(image, col, row);
    const stored = await this.readStored(image, index, what);
    if (stored === null) {
      return filledRgb(validWidth, validHeight, this.background);
    }
    try {
      return await decodeBlock(image, stored, storedRows, validWidth, validHeight);
    } catch (error) {
      throw new Error(
        `${what}: block ${col},${row} cannot be decoded: ${(error as Error).message}`,
        {
          cause: error,
        },
      );
    }
  }

  /** A region of an image assembled from its blocks; outside the image is background. */
  private async compose(
    image: TiffImage,
    x: number,
    y: number,
    width: number,
    height: number,
    what: string,
  ): Promise<RgbImage> {
    const out = filledRgb(width, height, this.background);
    const firstCol = Math.max(0, Math.floor(x / image.blockWidth));
    const lastCol = Math.min(
      image.blocksAcross - 1,
      Math.floor((x + width - 1) / image.blockWidth),
    );
    const firstRow = Math.max(0, Math.floor(y / image.blockHeight));
    const lastRow = Math.min(
      image.blocksDown - 1,
      Math.floor((y + height - 1) / image.blockHeight),
    );
    const blocks: Array<[number, number]> = [];
    for (let row = firstRow; row <= lastRow; row++) {
      for (let col = firstCol; col <= lastCol; col++) {
        blocks.push([col, row]);
      }
    }
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < blocks.length) {
        const [col, row] = blocks[next++] as [number, number];
        const block = await this.readBlock(image, col, row, what);
        drawRgb(out, block, col * image.blockWidth - x, row * image.blockHeight - y);
      }
    };
    await Promise.all(Array.from({ length: Math.min(REGION_CONCURRENCY, blocks.length) }, worker));
    return out;
  }
}

/** The image part of a block (edge tiles are padded) and the rows the block stores. */
function blockBounds(
  image: TiffImage,
  col: number,
  row: number,
): { validWidth: number; validHeight: number; storedRows: number } {
  const validWidth = Math.min(image.blockWidth, image.width - col * image.blockWidth);
  const validHeight = Math.min(image.blockHeight, image.height - row * image.blockHeight);
  // Tiles are always stored whole; the last strip only holds the rows left in the image.
  return { validWidth, validHeight, storedRows: image.tiled ? image.blockHeight : validHeight };
}
