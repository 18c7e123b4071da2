import { CaseLimits } from './case-constants';

/**
 * Pathology numbers from a hospital's rule: prefix + date part + zero-padded sequence, e.g.
 * `BL20261122` + `0007`. Dates are China Standard Time (UTC+8), the product's home zone, so that
 * a number made at 00:30 in Shanghai carries that day. Shared so that the server's allocation and
 * the rule screen's live preview make the same number.
 */
export const SERIAL_DATE_PARTS = ['', 'YYYY', 'YYYYMM', 'YYYYMMDD'] as const;
export type DatePart = (typeof SERIAL_DATE_PARTS)[number];
export const SERIAL_RESET_PERIODS = ['never', 'year', 'month', 'day'] as const;
export type ResetPeriod = (typeof SERIAL_RESET_PERIODS)[number];

export interface NumberRule {
  prefix: string;
  datePart: DatePart;
  seqWidth: number;
  resetPeriod: ResetPeriod;
}

export const SerialLimits = {
  prefixMax: 8,
  seqWidthMin: 2,
  seqWidthMax: 8,
  /** Largest sequence number an administrator may set (8 digits). */
  nextSeqMax: 99_999_999,
  /** A number is a case's pathology number: it must fit that field. */
  numberMax: CaseLimits.diagnosisNumMax,
} as const;

/** Letters, digits and '-' (a prefix is typed into case searches and printed on labels). */
export const SERIAL_PREFIX_PATTERN = /^[A-Za-z0-9-]*$/;

const CST_OFFSET_MS = 8 * 3600_000;

function chinaDate(now: Date): { y: string; m: string; d: string } {
  const iso = new Date(now.getTime() + CST_OFFSET_MS).toISOString();
  return { y: iso.slice(0, 4), m: iso.slice(5, 7), d: iso.slice(8, 10) };
}

export function datePartOf(part: DatePart, now: Date): string {
  const { y, m, d } = chinaDate(now);
  switch (part) {
    case 'YYYY':
      return y;
    case 'YYYYMM':
      return `${y}${m}`;
    case 'YYYYMMDD':
      return `${y}${m}${d}`;
    default:
      return '';
  }
}

/** The period a sequence belongs to: when it changes, numbering starts again at 1. */
export function periodOf(reset: ResetPeriod, now: Date): string {
  const { y, m, d } = chinaDate(now);
  switch (reset) {
    case 'year':
      return y;
    case 'month':
      return `${y}${m}`;
    case 'day':
      return `${y}${m}${d}`;
    default:
      return '';
  }
}

export function formatNumber(rule: NumberRule, seq: number, now: Date): string {
  return `${rule.prefix}${datePartOf(rule.datePart, now)}${String(seq).padStart(rule.seqWidth, '0')}`;
}

/** Length of the numbers a rule makes for a sequence number (the date part's length is fixed). */
export function numberLength(rule: NumberRule, seq = 1): number {
  return rule.prefix.length + rule.datePart.length + Math.max(rule.seqWidth, String(seq).length);
}

/**
 * Whether numbers restarting each `reset` period stay unique with this date part: a daily reset
 * needs the day in the number, a monthly one the month, a yearly one the year. Otherwise the
 * second day's 0001 would repeat the first day's.
 */
export function resetFitsDatePart(reset: ResetPeriod, datePart: DatePart): boolean {
  const needs: Record<ResetPeriod, number> = { never: 0, year: 4, month: 6, day: 8 };
  return datePart.length >= needs[reset];
}
