import { describe, expect, it } from 'vitest';
import {
  formatZoomPercent,
  objectiveFromMpp,
  formatMagnification,
  imageZoomFor,
  magnificationOf,
  magnificationSteps,
  nextMagnificationStep,
} from './magnification';

describe('magnification', () => {
  it('takes the objective power from the pixel size when the scan does not record it', () => {
    expect(objectiveFromMpp(0.499)).toBe(20); // CMU-1-Small-Region, a generic TIFF's MPP
    expect(objectiveFromMpp(0.2527)).toBe(40); // Aperio 40×
    expect(objectiveFromMpp(0.2265)).toBe(40); // Hamamatsu 40×
    expect(objectiveFromMpp(1)).toBe(10);
    // Nothing to go on, or no objective near: no steps rather than wrong ones.
    expect(objectiveFromMpp(null)).toBeNull();
    expect(objectiveFromMpp(0)).toBeNull();
    expect(objectiveFromMpp(0.3333)).toBeNull(); // 30×: between 20× and 40×
  });

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

  it('steps up and down the nosepiece from wherever the view is', () => {
    const steps = [1, 2, 4, 10, 20, 40];
    expect(nextMagnificationStep(4, steps, 1)).toBe(10);
    expect(nextMagnificationStep(4, steps, -1)).toBe(2);
    expect(nextMagnificationStep(6.3, steps, 1)).toBe(10);
    expect(nextMagnificationStep(6.3, steps, -1)).toBe(4);
    // A step reached within rounding counts as reached.
    expect(nextMagnificationStep(9.95, steps, 1)).toBe(20);
    expect(nextMagnificationStep(40, steps, 1)).toBeNull();
    expect(nextMagnificationStep(0.7, steps, -1)).toBeNull();
    expect(nextMagnificationStep(0.7, steps, 1)).toBe(1);
  });
});

describe('zoom of a slide without objective power', () => {
  it.each([
    [1, '100%'],
    [2.5, '250%'],
    [0.5, '50%'],
    [0.0996, '10%'],
    [0.0123, '1.2%'],
    [0.001, '0.1%'],
    [0.0004, '<0.1%'],
  ])('image zoom %d reads %s', (zoom, text) => {
    expect(formatZoomPercent(zoom)).toBe(text);
  });
});
