import { describe, expect, it } from 'vitest';
import { formatMagnification, isDigitalZoom } from './magnification';

describe('magnifications', () => {
  it('write one decimal below 10× and none above', () => {
    expect(formatMagnification(12.5)).toBe('13×');
    expect(formatMagnification(0.8)).toBe('0.8×');
    expect(formatMagnification(40)).toBe('40×');
  });

  it('call a magnification beyond the objective power digital zoom', () => {
    expect(isDigitalZoom(40, 20)).toBe(true);
    expect(isDigitalZoom(20, 20)).toBe(false);
    expect(isDigitalZoom(20.1, 20)).toBe(false);
    expect(isDigitalZoom(40, null)).toBe(false);
  });
});
