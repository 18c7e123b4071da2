import { describe, expect, it } from 'vitest';
import { reportFigureLabel } from './report-figures';

describe('report figure captions', () => {
  it('number the pictures from 1 as an opinion refers to them', () => {
    expect(reportFigureLabel('zh', 1)).toBe('图 1');
    expect(reportFigureLabel('en', 3)).toBe('Figure 3');
  });
});
