import { describe, expect, it } from 'vitest';
import { medicalOrderFields, MEDICAL_ORDER_CATEGORIES } from '@pathconsult/shared';
import { PLATFORM_ORDER_ITEMS } from './medical-order-items';

describe('the platform order dictionary', () => {
  it('holds the common items of each category, each valid for the item form', () => {
    for (const category of MEDICAL_ORDER_CATEGORIES) {
      expect(PLATFORM_ORDER_ITEMS.filter((i) => i.category === category).length).toBeGreaterThan(
        15,
      );
    }
    for (const item of PLATFORM_ORDER_ITEMS) {
      expect(medicalOrderFields.strName.safeParse(item.name).success, item.name).toBe(true);
      expect(medicalOrderFields.strCode.safeParse(item.code).success, item.code).toBe(true);
      expect(item.code, item.name).toMatch(/^[A-Z0-9][A-Z0-9-]*$/);
    }
    const names = ['CK7', 'HER2', 'Ki-67', 'MLH1', 'PMS2', 'SOX10', 'D2-40', 'Napsin A'];
    for (const name of names) {
      expect(PLATFORM_ORDER_ITEMS.some((i) => i.category === 'ihc' && i.name === name)).toBe(true);
    }
  });

  it('has no name or code twice within a category (the unique index would drop one)', () => {
    for (const category of MEDICAL_ORDER_CATEGORIES) {
      const items = PLATFORM_ORDER_ITEMS.filter((i) => i.category === category);
      const names = items.map((i) => i.name.toLowerCase());
      const codes = items.map((i) => i.code);
      expect(new Set(names).size).toBe(names.length);
      expect(new Set(codes).size).toBe(codes.length);
    }
  });
});
