import { describe, expect, it } from 'vitest';
import { hospitalAddSchema } from './hospital';

const form = {
  strHospitalName: '测试医院',
  strContactName: '张三',
  strContactMobile: '13800000000',
  dtValidUntil: '2030-01-01',
};

/** The message key the schema gives a storage total, or null when the total is accepted. */
function storageError(dTotalMemory: number): string | null {
  const result = hospitalAddSchema.safeParse({ ...form, dTotalMemory });
  if (result.success) {
    return null;
  }
  const issue = result.error.issues.find((i) => i.path[0] === 'dTotalMemory');
  return issue?.message ?? null;
}

describe('hospital storage total', () => {
  it('takes whole thousandths of a GB (what numeric(12,3) stores as given)', () => {
    for (const gb of [0.001, 0.5, 1, 2.345, 100, 250.5, 0.3, 1.1, 999_999.999]) {
      expect(storageError(gb), String(gb)).toBeNull();
    }
  });

  it('refuses what storage would round: below 0.001 GB (saved as 0) or a fourth decimal', () => {
    for (const gb of [0.0004, 0.0005, 0.0009, 0.0015, 1.2345]) {
      expect(storageError(gb), String(gb)).toBe('validation.storageStep');
    }
    expect(storageError(0)).toBe('validation.positiveNumber');
    expect(storageError(-1)).toBe('validation.positiveNumber');
  });
});
