import { describe, expect, it } from 'vitest';
import { idSchema } from './common';

describe('idSchema', () => {
  it('takes a JSON number or decimal digits (a query string value)', () => {
    expect(idSchema.parse(16)).toBe(16);
    expect(idSchema.parse('16')).toBe(16);
    expect(idSchema.parse('2147483647')).toBe(2_147_483_647);
  });

  it('refuses what coercion used to turn into some other record id', () => {
    for (const slip of [true, [16], '0x10', ' 16 ', '16.0', '1e1', '', '0', 0, -3, 1.5, null]) {
      const parsed = idSchema.safeParse(slip);
      expect(parsed.success, JSON.stringify(slip)).toBe(false);
      expect(parsed.error?.issues.map((i) => i.message)).toEqual(['validation.invalid']);
    }
    expect(idSchema.safeParse('2147483648').success).toBe(false);
    expect(idSchema.safeParse(2 ** 31).success).toBe(false);
  });
});
