import { describe, expect, it } from 'vitest';
import { reportFigureLabel, screenshotMagnificationLabel } from './report-figures';

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
});
