import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { resources } from '@/locales/resources';
import { refusalText } from './refusal-text';
import { REFUSAL_CODES } from './upload-checks';

describe('refusalText', () => {
  it.each(['zh-CN', 'en'] as const)(
    'words every refusal in %s, never as its bare code',
    async (lng) => {
      // The global instance too: the server's texts follow the app's current language.
      await i18next.init({ resources, lng, fallbackLng: false, ns: ['upload'] });
      const t = i18next.getFixedT(lng, 'upload');
      for (const code of REFUSAL_CODES) {
        const text = refusalText(t, { name: 'b.svs', code }, ['svs', 'tif', 'mrxs']);
        expect(text, code).not.toContain(code);
        expect(text, code).not.toMatch(/^\s*$|refusal\./);
      }
    },
  );

  it('says a single upload already has its slide queued (it read "singleQueued")', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ resources, lng: 'en', ns: ['upload'] });
    const t = i18n.getFixedT('en', 'upload');
    expect(refusalText(t, { name: 'b.svs', code: 'singleQueued' }, ['svs'])).toBe(
      'A single upload already has a slide in the queue: upload or cancel it before choosing another',
    );
  });
});
