import { useTranslation } from 'react-i18next';
import { screenshotMagnificationLabel, type ScreenshotDto } from '@pathconsult/shared';
import { langOfI18n } from '@/lib/lang';

/**
 * The magnification a screenshot was taken at, in the current language, as the printed report
 * captions it (one shared function): "40×", "40×（数字放大）" past the scan's objective power;
 * null for a screenshot without one.
 */
export function useShotMagnification(): (
  shot: Pick<ScreenshotDto, 'dMagnification' | 'bDigitalZoom'>,
) => string | null {
  const { i18n } = useTranslation();
  const lang = langOfI18n(i18n.language);
  return (shot) =>
    shot.dMagnification === null
      ? null
      : screenshotMagnificationLabel(lang, shot.dMagnification, shot.bDigitalZoom);
}
