import { useTranslation } from 'react-i18next';
import { SlideFileName } from '@/features/slides/components/slide-file-name';

/**
 * The slide a screenshot was taken of, cut in the middle on `lines` lines, or "slide deleted":
 * a screenshot outlives its slide (it may be a figure of a signed report), so the name is
 * null once the slide has gone.
 */
export function ScreenshotSlideName({ name, lines }: { name: string | null; lines: number }) {
  const { t } = useTranslation('annotations');
  return name === null ? t('screenshots.slideGone') : <SlideFileName name={name} lines={lines} />;
}
