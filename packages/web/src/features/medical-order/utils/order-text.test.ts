import { describe, expect, it } from 'vitest';
import type { MedicalOrderOption } from '@pathconsult/shared';
import { itemsOfCategory, orderItemsToText, textToOrderItems } from './order-text';

describe('order items in a case text', () => {
  it('splits on commas of either width, the enumeration comma, semicolons and new lines', () => {
    expect(textToOrderItems('CK7, CK20，Ki-67、P53;ER；PR\nHER2')).toEqual([
      'CK7',
      'CK20',
      'Ki-67',
      'P53',
      'ER',
      'PR',
      'HER2',
    ]);
  });

  it('drops empty items and repeats in any case, keeping the first spelling', () => {
    expect(textToOrderItems(' CK7 ,, ck7 ,  ,CK20 ')).toEqual(['CK7', 'CK20']);
    expect(textToOrderItems('')).toEqual([]);
    expect(textToOrderItems(null)).toEqual([]);
  });

  it('joins items back with ", " and reads its own output unchanged', () => {
    const text = orderItemsToText(['CK(AE1/AE3)', 'PAS 染色 (PAS)', 'CK(AE1/AE3)']);
    expect(text).toBe('CK(AE1/AE3), PAS 染色 (PAS)');
    expect(orderItemsToText(textToOrderItems(text))).toBe(text);
  });

  it('keeps the items of one category in the dictionary order', () => {
    const items: MedicalOrderOption[] = [
      { iItemId: 1, strCategory: 'ihc', strName: 'CK', strCode: 'CK', bPlatform: true },
      { iItemId: 2, strCategory: 'molecular', strName: 'MSI', strCode: null, bPlatform: true },
      { iItemId: 3, strCategory: 'ihc', strName: 'Ki-67', strCode: null, bPlatform: false },
    ];
    expect(itemsOfCategory(items, 'ihc').map((i) => i.iItemId)).toEqual([1, 3]);
    expect(itemsOfCategory(undefined, 'ihc')).toEqual([]);
  });
});
