import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/en';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Lang } from '@pathconsult/shared';
import { namespaces, resources } from '@/locales/resources';
import { I18N_LANG, initialLangFromBrowser, langOfI18n, storeLang } from './lang';
import { queryClient } from './query-client';

const DAYJS_LOCALE: Record<Lang, string> = { zh: 'zh-cn', en: 'en' };

function applyLang(lang: Lang): void {
  dayjs.locale(DAYJS_LOCALE[lang]);
  document.documentElement.lang = I18N_LANG[lang];
}

/** Starts i18next in the language of spec §1 (query, stored setting, Chinese). */
export function initI18n(): typeof i18next {
  const lang = initialLangFromBrowser();
  // A language given in the query becomes the stored setting, so later pages keep it.
  storeLang(lang);
  applyLang(lang);
  void i18next.use(initReactI18next).init({
    resources,
    lng: I18N_LANG[lang],
    fallbackLng: 'zh-CN',
    ns: namespaces,
    defaultNS: 'common',
    interpolation: { escapeValue: false }, // React escapes already
    returnNull: false,
  });
  return i18next;
}

/** The current language as the API's `lang` header value. */
export function currentLang(): Lang {
  return langOfI18n(i18next.language);
}

/**
 * Switches the language without a reload and remembers it (header menu and login page). What the
 * server wrote in the old language (a failed slide's reason, list names, statuses) is read again:
 * the answers on screen are fetched anew in the new one, the others when next shown (all but
 * those marked KEPT_ON_LANGUAGE_SWITCH).
 */
export async function setLang(lang: Lang): Promise<void> {
  storeLang(lang);
  applyLang(lang);
  await i18next.changeLanguage(I18N_LANG[lang]);
  void queryClient.invalidateQueries({
    predicate: (query) => query.meta?.[KEPT_ON_LANGUAGE_SWITCH] !== true,
  });
}

/** A query's meta flag: its answer holds no words, and fetching it anew would change it (a captcha). */
export const KEPT_ON_LANGUAGE_SWITCH = 'keptOnLanguageSwitch';

export { i18next };
