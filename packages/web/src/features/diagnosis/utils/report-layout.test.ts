import { describe, expect, it } from 'vitest';
import { narrowReport, reportDescriptionsLayout } from './report-layout';

describe('the report’s layout', () => {
  it('is narrow on a phone only, and wide until the screen is measured', () => {
    expect(narrowReport({ xs: true, sm: false, md: false })).toBe(true);
    expect(narrowReport({ xs: false, sm: true, md: false })).toBe(false);
    expect(narrowReport({})).toBe(false);
  });

  it('puts labels above their values on a phone, and keeps them on one line beside them wider', () => {
    expect(reportDescriptionsLayout(true)).toEqual({ layout: 'vertical' });
    expect(reportDescriptionsLayout(false)).toEqual({
      layout: 'horizontal',
      styles: { label: { whiteSpace: 'nowrap' } },
    });
  });
});
