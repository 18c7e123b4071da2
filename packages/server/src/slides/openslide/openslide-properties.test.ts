import { describe, expect, it } from 'vitest';
import { SLIDE_LIMITS } from '../slide-source';
import { DEFAULT_TILE_SIZE, readOpenSlideProperties } from './openslide-properties';

/** What OpenSlide could report for a made-up slide; each test breaks one thing. */
function facts(
  overrides: {
    levels?: Array<[number, number, number]>;
    props?: Record<string, string>;
    associated?: Record<string, [number, number]>;
  } = {},
) {
  const levels = overrides.levels ?? [
    [40_000, 30_000, 1],
    [10_000, 7_500, 4],
  ];
  const props: Record<string, string> = overrides.props ?? {
    'openslide.mpp-x': '0.2527',
    'openslide.mpp-y': '0.2531',
    'openslide.objective-power': '40',
    'openslide.background-color': 'FFFFFF',
    'openslide.level[0].tile-width': '512',
    'openslide.level[0].tile-height': '512',
  };
  const associated = overrides.associated ?? { macro: [1000, 400], barcode: [10, 10] };
  return {
    levelCount: () => levels.length,
    levelDimensions: (_: unknown, l: number) => ({ width: levels[l]![0], height: levels[l]![1] }),
    levelDownsample: (_: unknown, l: number) => levels[l]![2],
    propertyValue: (_: unknown, name: string) => props[name] ?? null,
    associatedNames: () => Object.keys(associated),
    associatedDimensions: (_: unknown, name: string) => ({
      width: associated[name]![0],
      height: associated[name]![1],
    }),
  };
}

const read = (f: ReturnType<typeof facts>) => readOpenSlideProperties(f, 1n, 'hamamatsu');

describe('readOpenSlideProperties', () => {
  it('takes levels, tile sizes, MPP, magnification and known associated images', () => {
    const p = read(facts());
    expect(p).toEqual({
      reader: 'openslide',
      vendor: 'hamamatsu',
      levels: [
        { width: 40_000, height: 30_000, downsample: 1, tileWidth: 512, tileHeight: 512 },
        { width: 10_000, height: 7_500, downsample: 4, tileWidth: 256, tileHeight: 256 },
      ],
      mppX: 0.2527,
      mppY: 0.2531,
      objectivePower: 40,
      associated: { macro: { width: 1000, height: 400 } },
      backgroundColor: 'FFFFFF',
    });
  });

  it('leaves out what the file does not say or says wrongly', () => {
    const p = read(
      facts({
        props: {
          'openslide.mpp-x': '',
          'openslide.mpp-y': '-1',
          'openslide.objective-power': 'forty',
          'openslide.background-color': 'white',
          'openslide.level[0].tile-width': '100000',
          'openslide.level[0].tile-height': '100000',
        },
      }),
    );
    expect([p.mppX, p.mppY, p.objectivePower, p.backgroundColor]).toEqual([null, null, null, null]);
    expect(p.levels[0]!.tileWidth).toBe(DEFAULT_TILE_SIZE);
  });

  it('refuses absurd level-0 sizes as TOO_LARGE', () => {
    const huge = SLIDE_LIMITS.maxDimension + 1;
    expect(() => read(facts({ levels: [[huge, 1000, 1]] }))).toThrow(
      expect.objectContaining({ reason: 'TOO_LARGE' }),
    );
  });

  it('marks impossible sizes and levels as DAMAGED', () => {
    for (const levels of [
      [],
      [[-1, -1, 1]],
      [[0, 100, 1]],
      [[100, 100, 2]],
      [
        [100, 100, 1],
        [50, 50, Number.NaN],
      ],
    ] as Array<Array<[number, number, number]>>) {
      expect(() => read(facts({ levels }))).toThrow(expect.objectContaining({ reason: 'DAMAGED' }));
    }
  });

  it('skips an associated image of absurd size instead of refusing the slide', () => {
    const p = read(facts({ associated: { label: [100_000, 100_000], thumbnail: [-1, -1] } }));
    expect(p.associated).toEqual({});
  });
});
