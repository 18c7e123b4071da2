import { describe, expect, it } from 'vitest';
import {
  formatMagnification,
  imageZoomFor,
  magnificationOf,
  magnificationSteps,
} from './magnification';

describe('magnification', () => {
  it('is image zoom times the objective power, and back', () => {
    expect(magnificationOf(0.5, 40)).toBe(20);
    expect(magnificationOf(1, 20)).toBe(20);
    expect(imageZoomFor(10, 40)).toBe(0.25);
    expect(magnificationOf(imageZoomFor(4, 20), 20)).toBeCloseTo(4);
  });

  it('is unknown without an objective power', () => {
    expect(magnificationOf(1, null)).toBeNull();
    expect(magnificationOf(1, 0)).toBeNull();
    expect(magnificationSteps(null)).toEqual([]);
  });

  it('offers the steps up to twice the objective power', () => {
    expect(magnificationSteps(40)).toEqual([1, 2, 4, 10, 20, 40]);
    expect(magnificationSteps(20)).toEqual([1, 2, 4, 10, 20, 40]);
    expect(magnificationSteps(10)).toEqual([1, 2, 4, 10, 20]);
    expect(magnificationSteps(2)).toEqual([1, 2, 4]);
  });

  it('prints one decimal below 10×', () => {
    expect(formatMagnification(0.84)).toBe('0.8×');
    expect(formatMagnification(4)).toBe('4×');
    expect(formatMagnification(12.6)).toBe('13×');
    expect(formatMagnification(40)).toBe('40×');
  });
});
