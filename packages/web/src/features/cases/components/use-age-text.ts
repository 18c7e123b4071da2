import { useTranslation } from 'react-i18next';
import { currentLang } from '@/lib/i18n';
import { formatAge, type CaseAge } from '../utils/age';

/** Formats an age in the current language ("45岁3个月" / "45 y 3 m"). */
export function useAgeText(): (age: CaseAge) => string {
  const { t } = useTranslation('cases');
  const units = {
    year: t('age.year'),
    month: t('age.month'),
    day: t('age.day'),
    // Chinese writes number and unit together.
    gap: currentLang() === 'zh' ? '' : ' ',
  };
  return (age) => formatAge(age, units);
}
