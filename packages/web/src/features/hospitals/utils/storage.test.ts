import { describe, expect, it } from 'vitest';
import {
  formatGb,
  formatStorageTotal,
  isValidityPast,
  storagePercent,
  todayInChina,
} from './storage';

describe('hospital validity', () => {
  it('counts days in China Standard Time', () => {
    // 20:00 UTC on the 9th is already the 10th in Beijing
    expect(todayInChina(new Date('2026-03-09T20:00:00Z'))).toBe('2026-03-10');
  });
  it('keeps the valid-until day itself valid', () => {
    const now = new Date('2026-03-10T04:00:00Z');
    expect(isValidityPast('2026-03-10', now)).toBe(false);
    expect(isValidityPast('2026-03-09', now)).toBe(true);
    expect(isValidityPast(null, now)).toBe(false);
  });
});

describe('storage figures', () => {
  it('gives the used share, capped at 100', () => {
    expect(storagePercent(25, 100)).toBe(25);
    expect(storagePercent(1, 3)).toBe(33.3);
    expect(storagePercent(120, 100)).toBe(100);
    expect(storagePercent(0, 0)).toBe(0);
    expect(storagePercent(1, 0)).toBe(100);
  });
  it('prints GB with two decimals, three below 1 GB', () => {
    expect(formatGb(12)).toBe('12');
    expect(formatGb(0.123456)).toBe('0.123');
    expect(formatGb(0.012)).toBe('0.012');
    expect(formatGb(1.256)).toBe('1.26');
    expect(formatGb(0.002)).toBe('0.002');
    expect(formatGb(0)).toBe('0');
  });
  it('gives a total in GB from 1 GB, and below it in the unit a used figure takes', () => {
    expect(formatStorageTotal(500)).toBe('500 GB');
    expect(formatStorageTotal(1)).toBe('1 GB');
    // 0.01 GB of 1024³ bytes, beside "9.77 MB" used: nearly full, as it reads.
    expect(formatStorageTotal(0.01)).toBe('10.2 MB');
    expect(formatStorageTotal(0.5)).toBe('512 MB');
  });
});
