import { describe, expect, it } from 'vitest';
import { argbToRgb, parseBackground } from './argb';

const argb = (a: number, r: number, g: number, b: number) =>
  ((a << 24) | (r << 16) | (g << 8) | b) >>> 0;

describe('argbToRgb', () => {
  it('swizzles opaque pixels to RGB', () => {
    const out = argbToRgb(Uint32Array.of(argb(255, 10, 20, 30), argb(255, 255, 0, 128)));
    expect([...out]).toEqual([10, 20, 30, 255, 0, 128]);
  });

  it('paints transparent pixels with the background, white by default', () => {
    expect([...argbToRgb(Uint32Array.of(0))]).toEqual([255, 255, 255]);
    expect([...argbToRgb(Uint32Array.of(0), [1, 2, 3])]).toEqual([1, 2, 3]);
  });

  it('blends partly transparent (premultiplied) pixels over the background', () => {
    // Pure red at 50% alpha is stored premultiplied as (128, 128, 0, 0).
    expect([...argbToRgb(Uint32Array.of(argb(128, 128, 0, 0)))]).toEqual([255, 127, 127]);
    expect([...argbToRgb(Uint32Array.of(argb(128, 128, 0, 0)), [0, 0, 0])]).toEqual([128, 0, 0]);
    // Un-premultiplying (c·255/a) and alpha-blending gives the same as c + bg·(1 − a).
    const [a, c, bg] = [64, 40, 200];
    const unpremultiplied = (c * 255) / a;
    const blended = (unpremultiplied * a + bg * (255 - a)) / 255;
    const out = argbToRgb(Uint32Array.of(argb(a, c, c, c)), [bg, bg, bg]);
    expect(Math.abs(out[0]! - blended)).toBeLessThanOrEqual(0.5);
  });
});

describe('parseBackground', () => {
  it('reads RRGGBB and ignores anything else', () => {
    expect(parseBackground('FFEE00')).toEqual([255, 238, 0]);
    expect(parseBackground('0a0b0c')).toEqual([10, 11, 12]);
    expect(parseBackground(null)).toBeNull();
    expect(parseBackground('#FFFFFF')).toBeNull();
    expect(parseBackground('FFF')).toBeNull();
  });
});
