import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { resources } from '@/locales/resources';
import { refusalNamesFile, refusalText } from './refusal-text';
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

  it.each([
    [
      'en',
      '“SMALL.svs” and “small.svs”, both chosen, differ only in capital letters, which make one name: only “small.svs” was added',
    ],
    ['zh-CN', '所选的“SMALL.svs”与“small.svs”仅大小写不同，视为同名：只添加了“small.svs”'],
  ] as const)('names both spellings of a name chosen twice in %s', async (lng, said) => {
    const i18n = i18next.createInstance();
    await i18n.init({ resources, lng, ns: ['upload'] });
    const t = i18n.getFixedT(lng, 'upload');
    const refusal = { name: 'SMALL.svs', code: 'chosenTwice', first: 'small.svs' } as const;
    expect(refusalText(t, refusal, ['svs'])).toBe(said);
  });

  it.each(['zh-CN', 'en'] as const)(
    'knows in %s which refusals name their file, so the list names it once',
    async (lng) => {
      const i18n = i18next.createInstance();
      await i18n.init({ resources, lng, fallbackLng: false, ns: ['upload'] });
      const t = i18n.getFixedT(lng, 'upload');
      for (const code of REFUSAL_CODES) {
        const text = refusalText(t, { name: 'q7-zz.svs', code }, ['svs', 'tif', 'mrxs']);
        expect(refusalNamesFile({ code }), code).toBe(text.includes('q7-zz'));
      }
    },
  );
});
