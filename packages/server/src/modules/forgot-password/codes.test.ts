import { describe, expect, it } from 'vitest';
import { codeMatches, generateCode, hashCode } from './codes';
import { signatureFor } from './sms-text';

describe('verification codes', () => {
  it('are six digits, leading zeros kept', () => {
    const codes = Array.from({ length: 500 }, generateCode);
    for (const code of codes) {
      expect(code).toMatch(/^\d{6}$/);
    }
    // 500 draws from a million values: repeats would mean a broken source.
    expect(new Set(codes).size).toBeGreaterThan(495);
  });

  it('are stored salted and hashed, and match only the same number and code', () => {
    const stored = hashCode('13800000001', '042917');
    expect(stored).not.toContain('042917');
    expect(hashCode('13800000001', '042917')).not.toBe(stored);
    expect(codeMatches(stored, '13800000001', '042917')).toBe(true);
    expect(codeMatches(stored, '13800000001', '042918')).toBe(false);
    expect(codeMatches(stored, '13800000002', '042917')).toBe(false);
    expect(codeMatches('garbage', '13800000001', '042917')).toBe(false);
  });
});

describe('SMS signature', () => {
  it('takes the first hospital signature that is set, else the platform’s', () => {
    expect(signatureFor([{ smsSignature: null }, { smsSignature: ' 华东医院 ' }], 'PC')).toBe(
      '华东医院',
    );
    expect(signatureFor([{ smsSignature: '  ' }], 'PC')).toBe('PC');
    expect(signatureFor([], 'PC')).toBe('PC');
  });
});
