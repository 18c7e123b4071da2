import { describe, expect, it } from 'vitest';
import { drawScaleStamp, scaleStampArea, type StampContext } from './scale-stamp';

/** A canvas 1600 × 1200 device pixels (800 × 600 CSS pixels at 2 device pixels each). */
const CANVAS = { width: 1600, height: 1200 };

/** Records what is drawn; text is 7 px a character. */
function recorder() {
  const rects: { x: number; y: number; w: number; h: number; fill: string }[] = [];
  const texts: string[] = [];
  const context = {
    fillStyle: '',
    font: '',
    textBaseline: 'alphabetic',
    fillRect(x: number, y: number, w: number, h: number) {
      rects.push({ x, y, w, h, fill: String(context.fillStyle) });
    },
    fillText(text: string) {
      texts.push(text);
    },
    measureText: (text: string) => ({ width: text.length * 7 }),
  } as unknown as StampContext;
  return { context, rects, texts };
}

describe('the scale stamp of a report screenshot', () => {
  it('draws the bar at its length and the magnification, at device pixels', () => {
    const { context, rects, texts } = recorder();
    drawScaleStamp(context, CANVAS, 2, {
      bar: { px: 100, micrometres: 50, label: '50 µm' },
      magnification: '20×',
    });
    expect(texts).toEqual(['50 µm  20×']);
    const [plate, bar] = rects;
    // The bar: 100 CSS px at 2 device px each, dark, on a light plate in the lower left.
    expect(bar).toMatchObject({ w: 200, fill: '#111111' });
    expect(plate?.fill).toMatch(/^rgba\(255,255,255/);
    expect(plate!.x).toBe(24);
    expect(plate!.y + plate!.h).toBe(1200 - 24);
    expect(plate!.w).toBeGreaterThanOrEqual(200);
  });

  it('says where it lies, in CSS pixels, for the labels to keep off it', () => {
    const { context, rects } = recorder();
    const stamp = { bar: { px: 100, micrometres: 50, label: '50 µm' }, magnification: '20×' };
    drawScaleStamp(context, CANVAS, 2, stamp, 2);
    const [plate] = rects;
    expect(scaleStampArea(recorder().context, CANVAS, 2, stamp, 2)).toEqual({
      left: plate!.x / 2,
      top: plate!.y / 2,
      right: (plate!.x + plate!.w) / 2,
      bottom: (plate!.y + plate!.h) / 2,
    });
    expect(scaleStampArea(context, CANVAS, 2, { bar: null, magnification: null })).toBeNull();
  });

  it('goes to the corner asked for (where marks lie in the others)', () => {
    const stamp = { bar: { px: 100, micrometres: 50, label: '50 µm' }, magnification: '20×' };
    const lowerRight = recorder();
    drawScaleStamp(lowerRight.context, CANVAS, 2, stamp, 1, 'lowerRight');
    const [plate] = lowerRight.rects;
    expect(plate!.x + plate!.w).toBe(1600 - 24);
    expect(plate!.y + plate!.h).toBe(1200 - 24);
    expect(scaleStampArea(recorder().context, CANVAS, 2, stamp, 1, 'lowerRight')?.right).toBe(
      (1600 - 24) / 2,
    );
    const upperLeft = recorder();
    drawScaleStamp(upperLeft.context, CANVAS, 2, stamp, 1, 'upperLeft');
    expect(upperLeft.rects[0]).toMatchObject({ x: 24, y: 24 });
    const upperRight = recorder();
    drawScaleStamp(upperRight.context, CANVAS, 2, stamp, 1, 'upperRight');
    expect(upperRight.rects[0]!.x + upperRight.rects[0]!.w).toBe(1600 - 24);
    expect(upperRight.rects[0]!.y).toBe(24);
    expect(scaleStampArea(recorder().context, CANVAS, 2, stamp, 1, 'upperRight')?.top).toBe(12);
  });

  it('draws its text larger for print, the bar still at its true length', () => {
    const plain = recorder();
    const large = recorder();
    const stamp = { bar: { px: 100, micrometres: 50, label: '50 µm' }, magnification: '20×' };
    drawScaleStamp(plain.context, CANVAS, 2, stamp);
    drawScaleStamp(large.context, CANVAS, 2, stamp, 2);
    expect(large.rects[1]!.w).toBe(200);
    expect(large.rects[0]!.h).toBe(plain.rects[0]!.h * 2);
    expect(large.rects[0]!.y + large.rects[0]!.h).toBe(1200 - 48);
  });

  it('stamps the magnification alone without a pixel size, and nothing without either', () => {
    const alone = recorder();
    drawScaleStamp(alone.context, { width: 800, height: 600 }, 1, {
      bar: null,
      magnification: '10×',
    });
    expect(alone.texts).toEqual(['10×']);
    expect(alone.rects).toHaveLength(1);
    const none = recorder();
    drawScaleStamp(none.context, { width: 800, height: 600 }, 1, {
      bar: null,
      magnification: null,
    });
    expect(none.rects).toHaveLength(0);
  });
});
