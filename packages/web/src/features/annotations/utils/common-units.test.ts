import { describe, expect, it } from 'vitest';
import { commonUnits } from './common-units';
import { measurementParts, type Point } from './geometry';

const box = (w: number, h: number) => ({
  strKind: 'rectangle' as const,
  listPoint: [
    [0, 0],
    [w, h],
  ] as Point[],
});
const ruler = (len: number) => ({
  strKind: 'line' as const,
  listPoint: [
    [0, 0],
    [len, 0],
  ] as Point[],
});

describe('commonUnits', () => {
  it('writes every area of a list in the unit of its largest', () => {
    // At 1 µm per pixel: 800 × 400 px is 0.32 mm², 20 × 10 px is 200 µm².
    const shapes = [box(800, 400), box(20, 10)];
    const units = commonUnits(shapes, 1)!;
    expect(units).toEqual({ length: 'µm', area: 'mm²' });
    const areaOf = (s: (typeof shapes)[number]) =>
      measurementParts(s.strKind, s.listPoint, 1, units).find((p) => p.part === 'area')!.text;
    expect(areaOf(shapes[0]!)).toBe('0.320 mm²');
    expect(areaOf(shapes[1]!)).toBe('0.000200 mm²');
    // Alone, the small one keeps its own unit.
    expect(measurementParts('rectangle', shapes[1]!.listPoint, 1)[1]!.text).toBe('200 µm²');
  });

  it('writes lengths and sizes in mm once one reaches a millimetre', () => {
    const units = commonUnits([ruler(1500), box(20, 10)], 1)!;
    expect(units).toEqual({ length: 'mm', area: 'µm²' });
    expect(measurementParts('rectangle', box(20, 10).listPoint, 1, units)[0]!.text).toBe(
      '0.0200 × 0.0100 mm',
    );
    expect(measurementParts('line', ruler(1500).listPoint, 1, units)[0]!.text).toBe('1.50 mm');
  });

  it('keeps the small units when nothing is large, and has none without a pixel size', () => {
    expect(commonUnits([ruler(40), box(20, 10)], 0.5)).toEqual({ length: 'µm', area: 'µm²' });
    // Areas of 9,960 and 10,400 µm² (a walk's list read "0.00996 mm²" beside "0.0104 mm²").
    const near = commonUnits([box(100, 99.6), box(100, 104)], 1)!;
    expect(near.area).toBe('µm²');
    expect(measurementParts('rectangle', box(100, 99.6).listPoint, 1, near)[1]!.text).toBe(
      '9,960 µm²',
    );
    expect(commonUnits([ruler(40)], null)).toBeUndefined();
  });

  it('writes every area in µm² when the smallest is too small for mm² (it read "0.00000747 mm²")', () => {
    // 2 × 2 px at 1 µm: 4 µm², beside a region of 0.32 mm² (320,000 µm²).
    const units = commonUnits([box(800, 400), box(2, 2)], 1)!;
    expect(units.area).toBe('µm²');
    expect(measurementParts('rectangle', box(800, 400).listPoint, 1, units)[1]!.text).toBe(
      '320,000 µm²',
    );
    expect(measurementParts('rectangle', box(2, 2).listPoint, 1, units)[1]!.text).toBe('4.00 µm²');
    // 100 µm² is the smallest kept in mm², with its three digits.
    const kept = commonUnits([box(800, 400), box(10, 10)], 1)!;
    expect(measurementParts('rectangle', box(10, 10).listPoint, 1, kept)[1]!.text).toBe(
      '0.000100 mm²',
    );
  });
});
