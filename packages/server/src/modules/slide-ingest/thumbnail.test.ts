import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDicomSlide } from '../../slides/dicom/dicom-slide';
import { meanRgb } from '../../slides/rgb';
import type { SlideSource } from '../../slides/slide-source';
import { openTiffSlide } from '../../slides/tiff';
import { SLIDES_DIR, factsOf } from '../../slides/tiff/testing/slides';
import { shrinkToFit } from './box-shrink';
import { makeThumbnail } from './thumbnail';
import { TIMED_OUT, withTimeout } from './timeout';
import { meanAbsDiff } from '../../slides/testing/pixels';

async function withSlide<T>(open: Promise<SlideSource>, use: (s: SlideSource) => Promise<T>) {
  const slide = await open;
  try {
    return await use(slide);
  } finally {
    await slide.close();
  }
}

describe('makeThumbnail', () => {
  it('shrinks a small pyramid level read whole (boxes.tiff)', async () => {
    const { facts } = factsOf('boxes.tiff');
    await withSlide(openTiffSlide(path.join(SLIDES_DIR, 'boxes.tiff')), async (slide) => {
      const thumb = await makeThumbnail(slide);
      expect([thumb.width, thumb.height]).toEqual([256, 213]);
      // The mean colour of the whole slide survives the shrinking.
      const whole = await slide.readRegion(0, 0, 0, 300, 250);
      meanRgb(thumb).forEach((v, i) => expect(Math.abs(v - meanRgb(whole)[i]!)).toBeLessThan(1));
      expect(facts.levels[0]).toMatchObject({ width: 300, height: 250 });
    });
  });

  it('uses the file’s own thumbnail when the only level is large (CMU-1-Small-Region.svs)', async () => {
    const file = path.join(SLIDES_DIR, 'CMU-1-Small-Region.svs');
    await withSlide(openTiffSlide(file), async (slide) => {
      const thumb = await makeThumbnail(slide);
      // The stored 574×768 thumbnail, fitted (its proportions round a little differently).
      expect([thumb.width, thumb.height]).toEqual([191, 256]);
      const stored = (await slide.readAssociated('thumbnail'))!;
      expect(thumb.data.equals(shrinkToFit(stored, 256).data)).toBe(true);
      // And it shows the same picture as the slide itself.
      const level0 = await slide.readRegion(0, 0, 0, 2220, 2967);
      meanRgb(thumb).forEach((v, i) => expect(Math.abs(v - meanRgb(level0)[i]!)).toBeLessThan(3));
    });
  });

  it('builds it tile by tile from scaled JPEG decodes without a small level (small_dicom.dcm)', async () => {
    await withSlide(openDicomSlide([path.join(SLIDES_DIR, 'small_dicom.dcm')]), async (slide) => {
      expect(slide.properties.associated.thumbnail).toBeUndefined();
      const thumb = await makeThumbnail(slide);
      expect([thumb.width, thumb.height]).toEqual([256, 209]);
      const level0 = await slide.readRegion(0, 0, 0, 3236, 2638);
      expect(meanAbsDiff(thumb, shrinkToFit(level0, 256))).toBeLessThan(3);
    });
  });

  it('stops tile-by-tile work once told to', async () => {
    await withSlide(openDicomSlide([path.join(SLIDES_DIR, 'small_dicom.dcm')]), async (slide) => {
      const controller = new AbortController();
      controller.abort();
      await expect(makeThumbnail(slide, controller.signal)).rejects.toThrow();
    });
  });

  /**
   * A large slide without a pyramid whose tiles read at once (uncompressed, cached: a crafted
   * TIFF repeating one tile): 300 × 300 tiles of 16² px, no stored thumbnail.
   */
  function instantTiles(): SlideSource {
    const tile = { width: 16, height: 16, data: Buffer.alloc(16 * 16 * 3, 200) };
    const level = { width: 4800, height: 4800, downsample: 1, tileWidth: 16, tileHeight: 16 };
    return {
      properties: {
        reader: 'tiff',
        vendor: 'generic-tiff',
        levels: [level],
        mppX: null,
        mppY: null,
        objectivePower: null,
        associated: {},
        backgroundColor: null,
      },
      readRawTile: () => Promise.resolve(null),
      readTile: () => Promise.resolve(tile),
      readRegion: () => Promise.reject(new Error('not read whole')),
      readAssociated: () => Promise.resolve(null),
      close: () => Promise.resolve(),
    };
  }

  it('lets timers and requests run while it goes tile by tile over tiles that read at once', async () => {
    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 1);
    try {
      const thumb = await makeThumbnail(instantTiles());
      expect([thumb.width, thumb.height]).toEqual([256, 256]);
    } finally {
      clearInterval(ticker);
    }
    // Without a turn of the event loop now and then, no timer fires until it is done.
    expect(ticks).toBeGreaterThan(0);
  });

  it('is stopped by the ingest’s timeout over tiles that read at once', async () => {
    let stopped: unknown = null;
    const outcome = await withTimeout(
      (signal) =>
        makeThumbnail(instantTiles(), signal).catch((error: unknown) => {
          stopped = error;
          throw error;
        }),
      5,
    );
    expect(outcome).toBe(TIMED_OUT);
    // Told to stop, the work ends at its next tile rather than going on to the end.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBeInstanceOf(Error);
  });
});
