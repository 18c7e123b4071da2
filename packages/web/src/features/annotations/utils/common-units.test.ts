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
  it('writes the areas of a list in mm² only when every one reaches 0.1 mm²', () => {
    // At 1 µm per pixel: 800 × 400 px is 0.32 mm², 400 × 250 px is 0.1 mm².
    const large = [box(800, 400), box(400, 250)];
    const units = commonUnits(large, 1)!;
    expect(units).toEqual({ length: 'µm', area: 'mm²' });
    const areaOf = (s: { strKind: 'rectangle'; listPoint: Point[] }, u = units) =>
      measurementParts(s.strKind, s.listPoint, 1, u).find((p) => p.part === 'area')!.text;
    expect(areaOf(large[0]!)).toBe('0.320 mm²');
    expect(areaOf(large[1]!)).toBe('0.100 mm²');
    // With a focus of 9,960 µm² among them, all in µm² (it read "0.00996 mm²").
    const mixed = commonUnits([...large, box(100, 99.6)], 1)!;
    expect(mixed.area).toBe('µm²');
    expect(areaOf(large[0]!, mixed)).toBe('320,000 µm²');
    expect(areaOf(box(100, 99.6), mixed)).toBe('9,960 µm²');
    // Alone, the large one keeps its own unit.
    expect(measurementParts('rectangle', large[0]!.listPoint, 1)[1]!.text).toBe('0.320 mm²');
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

  it('writes a few µm² beside square millimetres in µm² (it read "0.00000747 mm²")', () => {
    // 2 × 2 px at 1 µm: 4 µm², beside a region of 0.32 mm².
    const units = commonUnits([box(800, 400), box(2, 2)], 1)!;
    expect(units.area).toBe('µm²');
    expect(measurementParts('rectangle', box(2, 2).listPoint, 1, units)[1]!.text).toBe('4.00 µm²');
  });
});
