export type Rgb = readonly [number, number, number];

export const WHITE: Rgb = [255, 255, 255];

/**
 * `openslide.background-color` ("RRGGBB") as RGB, or null when absent or malformed.
 */
export function parseBackground(value: string | null): Rgb | null {
  if (value == null || !/^[0-9a-fA-F]{6}$/.test(value)) {
    return null;
  }
  const n = Number.parseInt(value, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/**
 * OpenSlide's pixels (premultiplied ARGB, one native-endian uint32 each) as RGB over a background.
 * Transparent pixels are outside the scanned area: they take the background. Partly transparent
 * ones (anti-aliased edges of scanned areas) are blended: with premultiplied colour c and alpha a,
 * c + bg·(1 − a) — the same as un-premultiplying (c/a) and then alpha-blending over bg, without
 * the division, and what OpenSlide's Deep Zoom generator paints.
 */
export function argbToRgb(argb: Uint32Array, background: Rgb = WHITE): Buffer {
  const out = Buffer.allocUnsafe(argb.length * 3);
  const [br, bg, bb] = background;
  for (let i = 0, o = 0; i < argb.length; i++, o += 3) {
    const v = argb[i]!;
    const a = v >>> 24;
    if (a === 255) {
      out[o] = (v >>> 16) & 255;
      out[o + 1] = (v >>> 8) & 255;
      out[o + 2] = v & 255;
    } else if (a === 0) {
      out[o] = br;
      out[o + 1] = bg;
      out[o + 2] = bb;
    } else {
      const t = (255 - a) / 255;
      out[o] = Math.min(255, ((v >>> 16) & 255) + Math.round(br * t));
      out[o + 1] = Math.min(255, ((v >>> 8) & 255) + Math.round(bg * t));
      out[o + 2] = Math.min(255, (v & 255) + Math.round(bb * t));
    }
  }
  return out;
}
