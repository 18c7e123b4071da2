import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Lang } from '@pathconsult/shared';
import { langOfI18n } from '@/lib/lang';
import { setLang } from '@/lib/i18n';

/** 中文 / English switch of the login page; the header offers the same choice in its menu. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <Segmented<Lang>
      data-testid="lang-switch"
      aria-label={t('language.label')}
      size="small"
      value={langOfI18n(i18n.language)}
      options={[
        { value: 'zh', label: <span data-testid="lang-zh">{t('language.zh')}</span> },
        { value: 'en', label: <span data-testid="lang-en">{t('language.en')}</span> },
      ]}
      onChange={(lang) => void setLang(lang)}
    />
  );
}
