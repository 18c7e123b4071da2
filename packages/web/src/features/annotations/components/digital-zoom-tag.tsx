import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * "数字放大 / Digital zoom" under a screenshot taken past its scan's objective power, so that a
 * 20× scan shown at 40× is not read as a 40× picture; what it means on hover. A tag of its own
 * line: the cards are too narrow to add it to the magnification.
 */
export function DigitalZoomTag({ screenshotId }: { screenshotId: number }) {
  const { t } = useTranslation('annotations');
  return (
    <Tooltip title={t('screenshots.digitalHint')}>
      <Tag
        color="orange"
        style={{ alignSelf: 'start', marginInlineEnd: 0 }}
        data-testid={`screenshot-digital-${screenshotId}`}
      >
        {t('screenshots.digitalTag')}
      </Tag>
    </Tooltip>
  );
}
