import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { screenshotAdjustmentLabel, type ScreenshotDto } from '@pathconsult/shared';
import { langOfI18n } from '@/lib/lang';

/**
 * "已调整 / Adjusted" under a screenshot of a view shown with other brightness, contrast or gamma:
 * its colours are not the scan's, and a stain's intensity must not be judged from it. What was
 * changed on hover ("亮度 170%"), as the report's caption writes it. Nothing for the scan's own
 * colours.
 */
export function AdjustedTag({
  shot,
}: {
  shot: Pick<ScreenshotDto, 'iScreenshotId' | 'adjustments'>;
}) {
  const { t, i18n } = useTranslation('annotations');
  const changed = screenshotAdjustmentLabel(langOfI18n(i18n.language), shot.adjustments);
  if (changed === null) {
    return null;
  }
  return (
    <Tooltip title={t('screenshots.adjustedHint', { changed })}>
      <Tag
        color="purple"
        style={{ alignSelf: 'start', marginInlineEnd: 0 }}
        data-testid={`screenshot-adjusted-${shot.iScreenshotId}`}
      >
        {t('screenshots.adjustedTag')}
      </Tag>
    </Tooltip>
  );
}
