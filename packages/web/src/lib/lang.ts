import { DEFAULT_LANG, parseLang, SessionKey, type Lang } from '@pathconsult/shared';

/** i18next language codes of the two locale folders (src/locales/zh-CN, src/locales/en). */
export const I18N_LANG: Record<Lang, string> = { zh: 'zh-CN', en: 'en' };

/** Reads the Lang of an i18next code ("zh-CN" → zh, "en" → en). */
export function langOfI18n(code: string | undefined): Lang {
  return parseLang(code);
}

/**
 * The `lang` query value of a location. With the hash router the query may sit before the hash
 * (`/?lang=en#/login`) or inside it (`/#/login?lang=en`); both count.
 */
export function langFromLocation(search: string, hash: string): Lang | null {
  const hashQuery = hash.includes('?') ? hash.slice(hash.indexOf('?')) : '';
  for (const query of [search, hashQuery]) {
    const value = new URLSearchParams(query).get('lang');
    if (value && /^(zh|en)(-[a-z]+)?$/i.test(value)) {
      return parseLang(value);
    }
  }
  return null;
}

/**
 * The language to start with (spec §1): the `lang` query first, then the stored setting, then
 * Chinese. Stored values may be "zh"/"en" or "zh-CN"/"en-US".
 */
export function resolveInitialLang(search: string, hash: string, stored: (string | null)[]): Lang {
  const fromQuery = langFromLocation(search, hash);
  if (fromQuery) {
    return fromQuery;
  }
  const saved = stored.find((value) => value && /^(zh|en)/i.test(value));
  return saved ? parseLang(saved) : DEFAULT_LANG;
}

/** Remembers the language for this tab (sessionStorage) and later visits (localStorage). */
export function storeLang(lang: Lang): void {
  sessionStorage.setItem(SessionKey.lang, lang);
  localStorage.setItem(SessionKey.lang, lang);
}

/** The language the browser start should use, read from the real location and storage. */
export function initialLangFromBrowser(): Lang {
  return resolveInitialLang(window.location.search, window.location.hash, [
    sessionStorage.getItem(SessionKey.lang),
    localStorage.getItem(SessionKey.lang),
  ]);
}
