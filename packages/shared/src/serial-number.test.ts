import { describe, expect, it } from 'vitest';
import {
  formatNumber,
  numberLength,
  periodOf,
  resetFitsDatePart,
  type NumberRule,
} from './serial-number';

const rule: NumberRule = { prefix: 'BL', datePart: 'YYYYMMDD', seqWidth: 4, resetPeriod: 'day' };

describe('pathology number format', () => {
  it('joins prefix, China date and the padded sequence', () => {
    expect(formatNumber(rule, 7, new Date('2026-11-22T03:00:00Z'))).toBe('BL202611220007');
    // 16:30 UTC is already the next day in China.
    expect(formatNumber(rule, 7, new Date('2026-11-22T16:30:00Z'))).toBe('BL202611230007');
    expect(formatNumber({ ...rule, datePart: '', prefix: '' }, 12345, new Date())).toBe('12345');
    expect(formatNumber({ ...rule, datePart: 'YYYYMM' }, 1, new Date('2026-01-31T12:00:00Z'))).toBe(
      'BL2026010001',
    );
  });

  it('names the period a sequence belongs to', () => {
    const at = new Date('2026-11-22T03:00:00Z');
    expect(periodOf('day', at)).toBe('20261122');
    expect(periodOf('month', at)).toBe('202611');
    expect(periodOf('year', at)).toBe('2026');
    expect(periodOf('never', at)).toBe('');
  });

  it('measures the numbers a rule makes, growing when the sequence outgrows its width', () => {
    expect(numberLength(rule)).toBe(14);
    expect(numberLength(rule, 9999)).toBe(14);
    expect(numberLength(rule, 10000)).toBe(15);
    expect(numberLength({ ...rule, prefix: '', datePart: '' }, 7)).toBe(4);
  });

  it('accepts a reset period only when the date part keeps restarted numbers unique', () => {
    expect(resetFitsDatePart('day', 'YYYYMMDD')).toBe(true);
    expect(resetFitsDatePart('day', 'YYYYMM')).toBe(false);
    expect(resetFitsDatePart('month', 'YYYYMM')).toBe(true);
    expect(resetFitsDatePart('month', 'YYYY')).toBe(false);
    expect(resetFitsDatePart('year', 'YYYY')).toBe(true);
    expect(resetFitsDatePart('year', '')).toBe(false);
    expect(resetFitsDatePart('never', '')).toBe(true);
    expect(resetFitsDatePart('never', 'YYYYMMDD')).toBe(true);
  });
});
