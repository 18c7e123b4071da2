import { useTranslation } from 'react-i18next';
import { reportFigureLabel } from '@pathconsult/shared';
import { langOfI18n } from '@/lib/lang';

/**
 * "图 n" / "Figure n" in the current language: the caption the printed report gives its n-th
 * picture (the same shared function), so the screen and the PDF number the pictures alike.
 */
export function useFigureLabel(): (n: number) => string {
  const { i18n } = useTranslation();
  const lang = langOfI18n(i18n.language);
  return (n) => reportFigureLabel(lang, n);
}
