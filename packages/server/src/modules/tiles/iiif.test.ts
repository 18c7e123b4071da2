import { describe, expect, it } from 'vitest';
import type { SlideProperties } from '../../slides/slide-source';
import { parseIiif } from './iiif';

/** A 30,000 × 20,000 slide: only its full size matters to a request's parsing. */
const slide = {
  reader: 'tiff',
  vendor: 'generic-tiff',
  levels: [{ width: 30_000, height: 20_000, downsample: 1, tileWidth: 256, tileHeight: 256 }],
  mppX: null,
  mppY: null,
  objectivePower: null,
  associated: {},
  backgroundColor: null,
} as SlideProperties;

const sizeOf = (region: string, size: string) => {
  const asked = parseIiif(slide, region, size, '0', 'default.jpg');
  return typeof asked === 'string' ? asked : `${asked.width}x${asked.height}`;
};

describe('IIIF sizes (Image API 3.0 §4.2)', () => {
  it('scales down as asked, keeping the aspect ratio of w, and ,h', () => {
    expect(sizeOf('0,0,200,100', '50,')).toBe('50x25');
    expect(sizeOf('0,0,200,100', ',50')).toBe('100x50');
    expect(sizeOf('0,0,200,100', '!50,50')).toBe('50x25');
    expect(sizeOf('0,0,200,100', 'pct:10')).toBe('20x10');
    expect(sizeOf('0,0,200,100', 'max')).toBe('200x100');
  });

  it('refuses a size under one pixel with 400, where it used to answer one pixel', () => {
    expect(sizeOf('0,0,100,100', '!0,0')).toBe('invalid');
    expect(sizeOf('0,0,1000,1', '10,')).toBe('invalid');
    expect(sizeOf('0,0,100,100', 'pct:0')).toBe('invalid');
    expect(sizeOf('0,0,100,100', '0,')).toBe('invalid');
  });

  it('keeps max at least a pixel high for a thin region (the whole region is asked for)', () => {
    expect(sizeOf('0,0,30000,1', 'max')).toBe('4096x1');
  });

  it('refuses upscaling without ^ (400) and answers 501 to a ^ size larger than the region', () => {
    expect(sizeOf('0,0,100,100', '200,')).toBe('invalid');
    expect(sizeOf('0,0,100,100', '^200,')).toBe('upscale');
    expect(sizeOf('0,0,100,100', '^pct:120')).toBe('upscale');
    expect(sizeOf('0,0,100,100', '^!200,200')).toBe('upscale');
    expect(sizeOf('0,0,100,100', '^,101')).toBe('upscale');
  });

  it('serves a ^ size that needs no upscaling; ^max is the declared maximum', () => {
    expect(sizeOf('0,0,100,100', '^50,')).toBe('50x50');
    expect(sizeOf('0,0,200,100', '^!50,50')).toBe('50x25');
    expect(sizeOf('full', '^max')).toBe('4096x2731');
    // The maximum of a region smaller than it is an upscale.
    expect(sizeOf('0,0,100,100', '^max')).toBe('upscale');
  });

  it('refuses what exceeds the declared maximum and malformed sizes', () => {
    expect(sizeOf('full', '5000,')).toBe('invalid');
    expect(sizeOf('full', 'pct:50')).toBe('invalid');
    expect(sizeOf('0,0,100,100', '^')).toBe('invalid');
    expect(sizeOf('0,0,100,100', '^^50,')).toBe('invalid');
    expect(sizeOf('0,0,100,100', '50')).toBe('invalid');
  });
});
