import { Flex, Tooltip, Typography } from 'antd';
import type { ScreenshotDto } from '@pathconsult/shared';
import { useShotCaption } from '@/features/annotations/utils/use-shot-caption';
import { ScreenshotThumb } from '@/features/annotations/components/screenshot-strip';
import { SlideFileName } from '@/features/slides/components/slide-file-name';
import { useFigureLabel } from '../utils/use-figure-label';

const WIDTH = 160;

/**
 * A signed report's pictures in their order, each captioned with its number and magnification (and
 * colours changed) as the PDF prints them ("图 1  20×", "Figure 1  20×"): the opinion refers to them by it ("见图1、图2").
 * Beneath, the slide it shows, as the PDF prints it too (none once the slide was deleted). Test
 * ids: `report-figures`, `report-figure-<n>` (the figure), `report-figure-caption-<n>`,
 * `report-figure-slide-<n>`.
 */
export function ReportFigures({ shots }: { shots: readonly ScreenshotDto[] }) {
  const figure = useFigureLabel();
  const captionOf = useShotCaption();
  return (
    <Flex gap="middle" wrap data-testid="report-figures">
      {shots.map((shot, i) => (
        <figure
          key={shot.iScreenshotId}
          style={{ margin: 0, width: WIDTH }}
          data-testid={`report-figure-${i + 1}`}
        >
          <ScreenshotThumb shot={shot} width={WIDTH} />
          <figcaption style={{ textAlign: 'center', marginTop: 4 }}>
            <Typography.Text type="secondary" data-testid={`report-figure-caption-${i + 1}`}>
              {[figure(i + 1), captionOf(shot)].filter(Boolean).join('  ')}
            </Typography.Text>
            {shot.strSlideName !== null && (
              <Tooltip title={shot.strSlideName}>
                <Typography.Text
                  type="secondary"
                  style={{ display: 'block', fontSize: 12 }}
                  data-testid={`report-figure-slide-${i + 1}`}
                >
                  <SlideFileName name={shot.strSlideName} lines={1} />
                </Typography.Text>
              </Tooltip>
            )}
          </figcaption>
        </figure>
      ))}
    </Flex>
  );
}
