/**
 * DICOM WSI reader (VL Whole Slide Microscopy Image): one file, or all files of a series. Headers
 * are parsed once at open and a frame index built; tiles are then read by offset from the kept-open
 * files. Baseline JPEG frames are served as they are stored.
 */
import {
  SlideOpenError,
  type AssociatedImageName,
  type RawTile,
  type RgbImage,
  type SlideProperties,
  type SlideSource,
} from '../slide-source.js';
import { openInstance, type WsiInstance } from './instance.js';
import { layOutSeries } from './series.js';
import type { TiledImage } from './tiled-image.js';

export { looksLikeDicom } from './file-header.js';

/**
 * Opens a DICOM slide from one file or the files of a series. Files that are not whole-slide DICOM
 * (a DICOMDIR, a report) are skipped when there are others; any damaged or unsupported instance
 * refuses the whole slide rather than showing it with a level missing.
 */
export async function openDicomSlide(paths: string[]): Promise<SlideSource> {
  if (paths.length === 0) {
    throw new SlideOpenError('NOT_A_SLIDE', 'No DICOM file was given.');
  }
  const opened: WsiInstance[] = [];
  let skipped: SlideOpenError | null = null;
  try {
    for (const path of paths) {
      try {
        opened.push(await openInstance(path));
      } catch (e) {
        if (e instanceof SlideOpenError && e.reason === 'NOT_A_SLIDE' && paths.length > 1) {
          skipped ??= e;
          continue;
        }
        throw e;
      }
    }
    if (opened.length === 0) {
      throw skipped ?? new SlideOpenError('NOT_A_SLIDE', 'No DICOM whole-slide image was found.');
    }
    const layout = layOutSeries(opened);
    await closeAll(layout.unused);
    for (const image of [...layout.levels, ...layout.associated.values()]) {
      await image.settleFrameOrder();
    }
    return new DicomSlide(layout.levels, layout.associated, layout.used);
  } catch (e) {
    await closeAll(opened);
    throw e;
  }
}

async function closeAll(instances: WsiInstance[]): Promise<void> {
  await Promise.allSettled(instances.map((i) => i.file.close()));
}

class DicomSlide implements SlideSource {
  readonly properties: SlideProperties;
  private closed = false;

  constructor(
    private readonly levels: TiledImage[],
    private readonly associated: Map<AssociatedImageName, TiledImage>,
    private readonly instances: WsiInstance[],
  ) {
    const base = levels[0]!;
    const first = base.instances[0]!;
    this.properties = {
      reader: 'dicom',
      vendor: 'dicom',
      levels: levels.map((l) => ({
        width: l.width,
        height: l.height,
        downsample: (base.width / l.width + base.height / l.height) / 2,
        tileWidth: l.tileWidth,
        tileHeight: l.tileHeight,
      })),
      mppX: first.mppX,
      mppY: first.mppY,
      objectivePower: first.objectivePower,
      associated: Object.fromEntries(
        [...associated].map(([name, img]) => [name, { width: img.width, height: img.height }]),
      ),
      backgroundColor: first.backgroundColor,
    };
  }

  private level(index: number): TiledImage {
    const level = this.levels[index];
    if (!level) {
      throw new RangeError(`level ${index} does not exist (the slide has ${this.levels.length})`);
    }
    return level;
  }

  async readRawTile(level: number, col: number, row: number): Promise<RawTile | null> {
    return this.level(level).readRawTile(col, row);
  }

  async readTile(level: number, col: number, row: number): Promise<RgbImage> {
    return this.level(level).readTile(col, row);
  }

  async readRegion(
    level: number,
    x: number,
    y: number,
    width: number,
    height: number,
  ): Promise<RgbImage> {
    return this.level(level).readRegion(x, y, width, height);
  }

  async readAssociated(name: AssociatedImageName): Promise<RgbImage | null> {
    const img = this.associated.get(name);
    return img ? img.readRegion(0, 0, img.width, img.height) : null;
  }

  async close(): Promise<void> {
    if (this.closed) {
      return;
    }
    this.closed = true;
    await closeAll(this.instances);
  }
}
