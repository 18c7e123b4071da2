import { useTranslation } from 'react-i18next';
import { screenshotCaption, type ScreenshotDto } from '@pathconsult/shared';
import { langOfI18n } from '@/lib/lang';

/**
 * A screenshot's caption after its figure number, in the current language, as the printed report
 * writes it (one shared function): "40×", "40×（数字放大）" past the scan's objective power,
 * "20×（已调整：亮度 170%）" for a view shown with other colours; null for none of these.
 */
export function useShotCaption(): (
  shot: Pick<ScreenshotDto, 'dMagnification' | 'bDigitalZoom' | 'adjustments'>,
) => string | null {
  const { i18n } = useTranslation();
  const lang = langOfI18n(i18n.language);
  return (shot) =>
    screenshotCaption(lang, {
      magnification: shot.dMagnification,
      digitalZoom: shot.bDigitalZoom,
      adjustments: shot.adjustments,
    });
}
