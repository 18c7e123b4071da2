import { describe, expect, it } from 'vitest';
import { encodeJpeg } from '../../slides/codec';
import { filledRgb, type Rgb } from '../../slides/rgb';
import type { RgbImage, SlideSource } from '../../slides/slide-source';
import { deepZoomOf, tileRect } from './deep-zoom';
import type { TilePlace } from './deep-zoom-build';
import { TileTooCostlyError, type Rect } from './render';
import { renderFromDeepZoom } from './render-from-deep-zoom';
import type { OpenedSlide } from './slide-cache';

/** A slide of one level (no pyramid) of 256² tiles: only its geometry is read. */
function slideOf(width: number, height: number): OpenedSlide {
  const source = {
    properties: {
      reader: 'tiff',
      vendor: 'generic-tiff',
      levels: [{ width, height, downsample: 1, tileWidth: 256, tileHeight: 256 }],
      mppX: null,
      mppY: null,
      objectivePower: null,
      associated: {},
      backgroundColor: null,
    },
  } as unknown as SlideSource;
  return { id: 1, source, checksum: 'x', associated: {}, grantEpoch: 0 };
}

/** Each Deep Zoom tile one colour of its own, by column and row. */
const colourOf = ({ col, row }: TilePlace): Rgb => [40 + col * 150, 40 + row * 150, 120];

/** A builder whose tiles are their colour, at their exact size; it notes what it was asked. */
function builderOf(slide: OpenedSlide) {
  const asked: TilePlace[] = [];
  const dz = deepZoomOf(slide.source.properties);
  return {
    asked,
    bytesOf: async (_: OpenedSlide, place: TilePlace) => {
      asked.push(place);
      const rect = tileRect(dz, place.level, place.col, place.row);
      return rect ? encodeJpeg(filledRgb(rect.width, rect.height, colourOf(place))) : null;
    },
  };
}

const pixel = (img: RgbImage, x: number, y: number) => {
  const at = (y * img.width + x) * 3;
  return [img.data[at]!, img.data[at + 1]!, img.data[at + 2]!];
};
const near = (seen: number[], expected: Rgb) =>
  seen.every((v, i) => Math.abs(v - expected[i]!) <= 6);

/** `area` of a 1000 × 600 slide at `width` × `height`, and the tiles read for it. */
async function rendered(area: Rect, width: number, height: number) {
  const slide = slideOf(1000, 600);
  const builder = builderOf(slide);
  const img = await renderFromDeepZoom(builder, slide, area, width, height);
  return { img, asked: builder.asked };
}

describe('IIIF pixels made from the Deep Zoom levels', () => {
  it('reads the coarsest level at least as fine as asked, each tile in its place', async () => {
    // 1000 × 600 asked at 500 × 300: Deep Zoom level 9 (half size), 2 × 2 tiles of 256.
    const { img, asked } = await rendered({ x: 0, y: 0, width: 1000, height: 600 }, 500, 300);
    expect([img.width, img.height]).toEqual([500, 300]);
    expect(new Set(asked.map((p) => p.level))).toEqual(new Set([9]));
    expect(asked).toHaveLength(4);
    expect(near(pixel(img, 100, 100), colourOf({ level: 9, col: 0, row: 0 }))).toBe(true);
    expect(near(pixel(img, 400, 100), colourOf({ level: 9, col: 1, row: 0 }))).toBe(true);
    expect(near(pixel(img, 100, 280), colourOf({ level: 9, col: 0, row: 1 }))).toBe(true);
    expect(near(pixel(img, 400, 280), colourOf({ level: 9, col: 1, row: 1 }))).toBe(true);
  });

  it('reads only the tiles under a region off the tile grid', async () => {
    // Level-0 x 600..1000 at half size: level-9 x 300..500, all in tile column 1.
    const { img, asked } = await rendered({ x: 600, y: 0, width: 400, height: 400 }, 200, 200);
    expect(asked.map((p) => [p.level, p.col, p.row])).toEqual([[9, 1, 0]]);
    expect([img.width, img.height]).toEqual([200, 200]);
    expect(near(pixel(img, 10, 10), colourOf({ level: 9, col: 1, row: 0 }))).toBe(true);
  });

  it('refuses a region larger than it composes, before reading any tile', async () => {
    const slide = slideOf(10_000, 6_000);
    const builder = builderOf(slide);
    await expect(
      renderFromDeepZoom(
        builder,
        slide,
        { x: 0, y: 0, width: 10_000, height: 6_000 },
        5_000,
        3_000,
      ),
    ).rejects.toBeInstanceOf(TileTooCostlyError);
    expect(builder.asked).toHaveLength(0);
  });
});
