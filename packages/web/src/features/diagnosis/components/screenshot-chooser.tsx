import { Alert, Checkbox, Empty, Flex, Skeleton, Tag, Tooltip, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMagnification, SCREENSHOTS_PER_REPORT } from '@pathconsult/shared';
import { useCaseScreenshots } from '@/features/annotations/api/screenshots';
import { AdjustedTag } from '@/features/annotations/components/adjusted-tag';
import { DigitalZoomTag } from '@/features/annotations/components/digital-zoom-tag';
import { ScreenshotSlideName } from '@/features/annotations/components/screenshot-slide-name';
import { ScreenshotThumb } from '@/features/annotations/components/screenshot-strip';
import { screenshotShortTime } from '@/features/annotations/utils/screenshot-time';
import { caseDetailHref } from '@/features/case-detail/utils/detail-tabs';
import { useFigureLabel } from '../utils/use-figure-label';

interface ScreenshotChooserProps {
  iPatientId: number;
  value?: number[];
  onChange?: (ids: number[]) => void;
}

/**
 * The case's screenshots to put on the report, at most SCREENSHOTS_PER_REPORT, in the order they
 * were ticked. Each ticked one shows the figure number it will have on the report ("图 1"), so
 * that the opinion can refer to it as the signed report and the PDF will caption it. Screenshots
 * are taken in the slide viewer, reached from the Imagery tab. A ticked screenshot deleted since
 * (the Imagery tab, another tab) leaves the choice as soon as the list shows it gone, and the
 * others move up ("图 2" becomes "图 1"): the form never sends a picture that is not there.
 */
export function ScreenshotChooser({ iPatientId, value = [], onChange }: ScreenshotChooserProps) {
  const { t } = useTranslation(['diagnosis', 'annotations']);
  const shots = useCaseScreenshots(iPatientId);
  const figure = useFigureLabel();
  const listed = shots.data?.listScreenshot;
  const kept = listed ? value.filter((id) => listed.some((s) => s.iScreenshotId === id)) : value;
  const pruned = kept.length !== value.length;
  useEffect(() => {
    if (pruned) {
      onChange?.(kept);
    }
  }, [pruned, kept, onChange]);
  if (shots.isPending) {
    return <Skeleton active />;
  }
  if (shots.isError) {
    return <Alert type="error" showIcon title={t('form.screenshotsError')} />;
  }
  const list = shots.data.listScreenshot;
  const toggle = (id: number, on: boolean) =>
    onChange?.(on ? [...kept, id] : kept.filter((v) => v !== id));
  return (
    <Flex vertical gap="small" data-testid="report-screenshots">
      <Typography.Text type="secondary">
        {t('form.screenshotsHint', {
          max: SCREENSHOTS_PER_REPORT,
          first: figure(1),
          second: figure(2),
        })}{' '}
        <Link to={caseDetailHref('/case/Imagery-info', iPatientId)}>{t('form.openSlides')}</Link>
      </Typography.Text>
      {list.length === 0 ? (
        <Empty description={t('form.noScreenshots')} />
      ) : (
        <Flex gap="middle" wrap>
          {list.map((shot, index) => {
            const position = kept.indexOf(shot.iScreenshotId);
            const full = kept.length >= SCREENSHOTS_PER_REPORT && position < 0;
            return (
              <Flex
                key={shot.iScreenshotId}
                vertical
                gap={4}
                style={{ width: 160 }}
                data-testid={`report-screenshot-${shot.iScreenshotId}`}
              >
                <ScreenshotThumb shot={shot} width={160} />
                {/* The card's own number and magnification in the Imagery tab and the viewer. */}
                <Typography.Text
                  type="secondary"
                  ellipsis={{ tooltip: true }}
                  data-testid={`chooser-shot-number-${shot.iScreenshotId}`}
                >
                  {[
                    t('annotations:screenshots.number', { n: index + 1 }),
                    shot.dMagnification === null ? null : formatMagnification(shot.dMagnification),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography.Text>
                {/* Which slide, on two lines cut in the middle (whole on hover): on one line
                    behind the author and the time, "CMU-1-Small-Re…" lost what tells a case's
                    slides apart. */}
                <Typography.Text
                  style={{ display: 'block', fontSize: 12 }}
                  data-testid={`chooser-shot-slide-${shot.iScreenshotId}`}
                >
                  <ScreenshotSlideName name={shot.strSlideName} lines={2} />
                </Typography.Text>
                {/* Whose picture, and when: the case's screenshots are everybody's. */}
                <Typography.Text
                  type="secondary"
                  ellipsis={{ tooltip: true }}
                  style={{ fontSize: 12 }}
                  data-testid={`chooser-shot-source-${shot.iScreenshotId}`}
                >
                  {[
                    shot.bMine ? t('form.screenshotMine') : shot.author.strRealName,
                    screenshotShortTime(shot.dtCreateTime),
                  ].join(' · ')}
                </Typography.Text>
                {shot.bDigitalZoom && <DigitalZoomTag screenshotId={shot.iScreenshotId} />}
                <AdjustedTag shot={shot} />
                {/* A box that cannot be ticked says why on hover (the report is full). */}
                <Tooltip
                  title={full ? t('form.screenshotsFull', { max: SCREENSHOTS_PER_REPORT }) : null}
                >
                  <Checkbox
                    // At the foot of its card, level with its neighbours' (a "digital zoom" tag
                    // put one a line lower).
                    style={{ marginTop: 'auto' }}
                    checked={position >= 0}
                    disabled={full}
                    onChange={(e) => toggle(shot.iScreenshotId, e.target.checked)}
                    data-testid={`chooser-shot-use-${shot.iScreenshotId}`}
                  >
                    {position >= 0 ? (
                      <Tag color="blue">{figure(position + 1)}</Tag>
                    ) : (
                      t('form.useOnReport')
                    )}
                  </Checkbox>
                </Tooltip>
              </Flex>
            );
          })}
        </Flex>
      )}
    </Flex>
  );
}
