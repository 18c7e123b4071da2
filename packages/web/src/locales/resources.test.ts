import { describe, expect, it } from 'vitest';
import { routes } from '../config/paths';
import { resources } from './resources';

/** Every key path of a nested text object, e.g. `tabs.closeAll`. */
function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) {
    return [prefix];
  }
  return Object.entries(value).flatMap(([key, inner]) =>
    keysOf(inner, prefix ? `${prefix}.${key}` : key),
  );
}

describe('locale resources', () => {
  it('has the same keys in Chinese and English', () => {
    for (const ns of Object.keys(resources.en) as (keyof (typeof resources)['en'])[]) {
      expect(keysOf(resources['zh-CN'][ns]).sort(), ns).toEqual(keysOf(resources.en[ns]).sort());
    }
  });

  it('titles every route in both languages', () => {
    for (const route of routes) {
      if (route.redirect) {
        continue;
      }
      for (const lang of ['zh-CN', 'en'] as const) {
        const menu = resources[lang].menu as Record<string, unknown>;
        expect(typeof menu[route.titleKey], `${lang} ${route.path}`).toBe('string');
      }
    }
  });
});
