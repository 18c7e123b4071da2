import { describe, expect, it } from 'vitest';
import type { SerialNumberDto } from '@pathconsult/shared';
import { previewOf } from './preview';

const saved: SerialNumberDto = {
  iHospitalId: 1,
  strHospitalName: 'H',
  bHasRule: true,
  strPrefix: 'BL',
  strDatePart: 'YYYYMMDD',
  iSeqWidth: 4,
  strResetPeriod: 'day',
  iNextSeq: 7,
  // The server skipped 0007, typed by hand.
  strNextNumber: 'BL202611220008',
  dtUpdateTime: '2026-11-01T00:00:00.000Z',
};
const rule = {
  strPrefix: 'BL',
  strDatePart: 'YYYYMMDD',
  iSeqWidth: 4,
  strResetPeriod: 'day',
} as const;
// 23:30 in Shanghai on 22 November.
const now = new Date('2026-11-22T15:30:00Z');

describe('the live preview of the next pathology number', () => {
  it('shows the server’s number for the saved rule (typed numbers skipped)', () => {
    expect(previewOf(rule, saved, now)).toEqual({ kind: 'number', number: 'BL202611220008' });
  });

  it('makes the number of a changed rule in China time, the count going on', () => {
    expect(previewOf({ ...rule, strPrefix: ' xs ', iSeqWidth: 6 }, saved, now)).toEqual({
      kind: 'number',
      number: 'xs20261122000007',
    });
    expect(
      previewOf({ ...rule, strDatePart: 'YYYYMM', strResetPeriod: 'month' }, saved, now),
    ).toEqual({ kind: 'number', number: 'BL2026110007' });
  });

  it('starts from a typed sequence number', () => {
    expect(previewOf({ ...rule, iNextSeq: 120 }, saved, now)).toEqual({
      kind: 'number',
      number: 'BL202611220120',
    });
  });

  it('shows nothing for an invalid or unsound rule', () => {
    expect(previewOf({ ...rule, strPrefix: 'B_L' }, saved, now)).toEqual({ kind: 'invalid' });
    expect(previewOf({ ...rule, iSeqWidth: null }, saved, now)).toEqual({ kind: 'invalid' });
    expect(previewOf({ ...rule, strDatePart: 'YYYY' }, saved, now)).toEqual({ kind: 'invalid' });
    expect(previewOf({ ...rule, strPrefix: 'ABCDEFG' }, saved, now)).toEqual({ kind: 'invalid' });
  });

  it('says when the sequence has outgrown the 16 characters', () => {
    expect(previewOf(rule, { ...saved, strNextNumber: null }, now)).toEqual({ kind: 'exhausted' });
    expect(previewOf({ ...rule, strPrefix: 'ABCD' }, { ...saved, iNextSeq: 10_000 }, now)).toEqual({
      kind: 'exhausted',
    });
  });
});
