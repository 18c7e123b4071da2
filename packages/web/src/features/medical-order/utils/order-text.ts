import type { MedicalOrderCategory, MedicalOrderOption } from '@pathconsult/shared';

/*
 * A case keeps its immunohistochemistry, special stains and molecular tests as text (spec §3), so
 * that anything a doctor writes survives; the pickers turn that text into items and back. Items
 * are separated by commas (either width), the Chinese enumeration comma, semicolons or new lines,
 * and joined with ", ".
 */

const SEPARATORS = /[,，、;；\n]+/;

export const ORDER_TOKEN_SEPARATORS = [',', '，', '、', ';', '；'];

/** The items written in a text, trimmed, empty ones and repeats (any case) left out. */
export function textToOrderItems(text: string | null | undefined): string[] {
  const seen = new Set<string>();
  const items: string[] = [];
  for (const part of (text ?? '').split(SEPARATORS)) {
    const item = part.trim();
    if (item && !seen.has(item.toLowerCase())) {
      seen.add(item.toLowerCase());
      items.push(item);
    }
  }
  return items;
}

export function orderItemsToText(items: readonly string[]): string {
  return textToOrderItems(items.join('\n')).join(', ');
}

/** The items of one category, in the dictionary's order. */
export function itemsOfCategory(
  items: readonly MedicalOrderOption[] | undefined,
  category: MedicalOrderCategory,
): MedicalOrderOption[] {
  return (items ?? []).filter((i) => i.strCategory === category);
}
