import { describe, expect, it } from 'vitest';
import { translate } from '@pathconsult/shared';
import { resources } from '@/locales/resources';

/*
 * Where to upload a signature is said in three places: the server's refusal to sign without one
 * (SIGNATURE_MISSING), the report form's warning, and the account menu entry itself. The first
 * two must name the entry as the menu shows it, in both languages, or the expert looks for it in
 * vain (it once said "个人信息", a menu entry that does not exist).
 */
describe('where the signature is uploaded', () => {
  it.each([
    ['zh', 'zh-CN'],
    ['en', 'en'],
  ] as const)('is named as the account menu names it (%s)', (lang, locale) => {
    const entry = resources[locale].signature.title;
    expect(translate('SIGNATURE_MISSING', lang)).toContain(entry);
    expect(resources[locale].signature.required.hint).toContain(entry);
  });
});
