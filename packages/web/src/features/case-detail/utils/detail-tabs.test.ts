import { describe, expect, it } from 'vitest';
import { caseDetailHref, detailTabsFor, patientIdOf } from './detail-tabs';

describe('case detail tabs', () => {
  it('shows the result and message tabs to doctors and experts only', () => {
    expect(detailTabsFor(3)).toEqual([
      '/case/report-info',
      '/case/Imagery-info',
      '/case/result-info',
      '/case/comments-info',
    ]);
    expect(detailTabsFor(4)).toHaveLength(4);
    expect(detailTabsFor(2)).toEqual(['/case/report-info', '/case/Imagery-info']);
    expect(detailTabsFor(1)).toEqual(['/case/report-info', '/case/Imagery-info']);
  });

  it('carries the case in the query', () => {
    expect(caseDetailHref('/case/comments-info', 12)).toBe('/case/comments-info?iPatientId=12');
  });

  it('reads only positive integer ids', () => {
    expect(patientIdOf('42')).toBe(42);
    for (const bad of [null, '', '0', '-1', '1.5', 'abc', '1e3', '99999999999999999999']) {
      expect(patientIdOf(bad)).toBeNull();
    }
  });
});
