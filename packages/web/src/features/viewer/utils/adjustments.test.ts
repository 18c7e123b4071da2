import { describe, expect, it } from 'vitest';
import { NEUTRAL, filterCss, gammaExponent, isNeutral } from './adjustments';

describe('adjustments', () => {
  it('leave the view unfiltered when neutral', () => {
    expect(filterCss(NEUTRAL, 'g')).toBe('none');
    expect(isNeutral(NEUTRAL)).toBe(true);
  });

  it('chain only the functions that change something', () => {
    expect(filterCss({ brightness: 1.2, contrast: 1, gamma: 1 }, 'g')).toBe('brightness(1.2)');
    expect(filterCss({ brightness: 1, contrast: 0.8, gamma: 1.5 }, 'gamma-3')).toBe(
      'contrast(0.8) url(#gamma-3)',
    );
    expect(isNeutral({ brightness: 1, contrast: 1, gamma: 1.1 })).toBe(false);
  });

  it('brighten mid-tones with a gamma above 1', () => {
    expect(gammaExponent(2)).toBe(0.5);
    expect(0.25 ** gammaExponent(2)).toBe(0.5);
  });
});
