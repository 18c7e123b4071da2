import { describe, expect, it } from 'vitest';
import {
  reportFigureLabel,
  screenshotCaption,
  screenshotMagnificationLabel,
} from './report-figures';
import { screenshotAdjustments } from './schemas/screenshot';

describe('report figure captions', () => {
  it('number the pictures from 1 as an opinion refers to them', () => {
    expect(reportFigureLabel('zh', 1)).toBe('图 1');
    expect(reportFigureLabel('en', 3)).toBe('Figure 3');
  });

  it('say when a screenshot was enlarged past the scan’s objective power', () => {
    expect(screenshotMagnificationLabel('zh', 20, false)).toBe('20×');
    expect(screenshotMagnificationLabel('zh', 40, true)).toBe('40×（数字放大）');
    expect(screenshotMagnificationLabel('en', 40, true)).toBe('40× (digital zoom)');
    expect(screenshotMagnificationLabel('en', 2.5, false)).toBe('2.5×');
  });

  it('say what was changed of the scan’s colours, after the magnification', () => {
    const bright = { dBrightness: 1.7, dContrast: 1, dGamma: 1 };
    const all = { dBrightness: 0.85, dContrast: 1.2, dGamma: 1.4 };
    const shot = (magnification: number | null, digitalZoom: boolean, adjustments = bright) => ({
      magnification,
      digitalZoom,
      adjustments,
    });
    expect(screenshotCaption('zh', shot(20, false))).toBe('20×（已调整：亮度 170%）');
    expect(screenshotCaption('en', shot(20, false))).toBe('20× (adjusted: brightness 170%)');
    expect(screenshotCaption('zh', shot(40, true, all))).toBe(
      '40×（数字放大）（已调整：亮度 85%，对比度 120%，伽马 1.40）',
    );
    expect(screenshotCaption('en', shot(null, false, all))).toBe(
      'adjusted: brightness 85%, contrast 120%, gamma 1.40',
    );
    // The scan's own colours: the magnification alone, or nothing.
    expect(screenshotCaption('zh', { ...shot(20, false), adjustments: null })).toBe('20×');
    expect(screenshotCaption('en', { ...shot(null, false), adjustments: null })).toBeNull();
    expect(screenshotAdjustments({ dBrightness: 1, dContrast: 1, dGamma: 1 })).toBeNull();
    expect(screenshotAdjustments(all)).toBe(all);
  });

  it('say a mirrored view first: left and right are swapped in the figure', () => {
    const mirrored = { dBrightness: 1, dContrast: 1, dGamma: 1, bMirrored: true };
    const shot = { magnification: 20, digitalZoom: false, adjustments: mirrored };
    expect(screenshotCaption('zh', shot)).toBe('20×（已调整：镜像）');
    expect(screenshotCaption('en', shot)).toBe('20× (adjusted: mirrored)');
    expect(
      screenshotCaption('zh', { ...shot, adjustments: { ...mirrored, dBrightness: 1.7 } }),
    ).toBe('20×（已调整：镜像，亮度 170%）');
    expect(screenshotAdjustments(mirrored)).toBe(mirrored);
    expect(screenshotAdjustments({ ...mirrored, bMirrored: false })).toBeNull();
  });
});
