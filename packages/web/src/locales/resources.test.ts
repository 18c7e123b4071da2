import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
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

describe('list totals', () => {
  it('read "1 slide" and "2 slides" in English, and the same words for any count in Chinese', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ resources, lng: 'en', fallbackLng: 'zh-CN', ns: ['slides', 'cases'] });
    const total = (ns: string, key: string, count: number) =>
      i18n.t(`${ns}:${key}`, { total: count, count });
    expect(total('slides', 'list.total', 1)).toBe('1 slide');
    expect(total('slides', 'list.total', 2)).toBe('2 slides');
    expect(total('cases', 'list.total', 0)).toBe('0 cases');
    await i18n.changeLanguage('zh-CN');
    expect(total('slides', 'list.total', 1)).toBe('共 1 张切片');
    expect(total('slides', 'list.total', 7)).toBe('共 7 张切片');
  });
});
