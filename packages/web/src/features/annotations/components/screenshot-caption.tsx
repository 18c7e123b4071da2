import { Card, Flex, Tag, Tooltip, Typography } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMagnification, type ScreenshotDto } from '@pathconsult/shared';
import { useFigureLabel } from '@/features/diagnosis/utils/use-figure-label';
import { AdjustedTag } from './adjusted-tag';
import { DigitalZoomTag } from './digital-zoom-tag';
import { ScreenshotSlideName } from './screenshot-slide-name';
import { screenshotFullTime, screenshotShortTime } from '../utils/screenshot-time';

/** Cards narrower than this (the viewer's 120 px) show the short time, the full one on hover. */
const NARROW = 180;

/** One line, cut with an ellipsis if the estimate below still overflows: never a second line. */
const ONE_LINE: CSSProperties = {
  display: 'block',
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
};

/**
 * What tells a card of the strip from its neighbours, each on one line but the slide's name: its number in the case
 * and the magnification it was taken at ("截图 2 · 20×"), the slide (cut in the middle, whole on
 * hover; two lines on a narrow card), when it was taken and by whom, "digital zoom" past the scan's objective, and "adjusted"
 * for a view shown with other brightness, contrast or gamma. A case's
 * screenshots are often all of one slide, so the name alone made the cards look alike.
 * Test ids: `screenshot-number-<id>`, `-magnification-`, `-slide-`, `-time-`, `-author-`, `-digital-`, `-adjusted-`, `-signed-`.
 */
export function ScreenshotCaption({
  shot,
  number,
  width,
}: {
  shot: ScreenshotDto;
  number: number;
  width: number;
}) {
  const { t } = useTranslation('annotations');
  const figureLabel = useFigureLabel();
  const id = shot.iScreenshotId;
  const fullTime = screenshotFullTime(shot.dtCreateTime);
  const narrow = width < NARROW;
  const secondary = { ...ONE_LINE, fontSize: 12 };
  return (
    <Card.Meta
      title={
        // Where the line is short (the viewer's 120 px cards, longer words in English) the
        // number gives way, never the magnification ("Shot 2 · 4.…" was cut); the magnification
        // is smaller, so that both fit there.
        <Flex align="baseline" style={{ minWidth: 0 }}>
          <Typography.Text strong style={{ ...ONE_LINE, minWidth: 0 }}>
            <span data-testid={`screenshot-number-${id}`}>
              {t('screenshots.number', { n: number })}
            </span>
          </Typography.Text>
          {shot.dMagnification !== null && (
            <Typography.Text
              type="secondary"
              style={{ whiteSpace: 'pre', flexShrink: 0, fontWeight: 'normal', fontSize: 12 }}
              data-testid={`screenshot-magnification-${id}`}
            >
              {` · ${formatMagnification(shot.dMagnification)}`}
            </Typography.Text>
          )}
        </Flex>
      }
      description={
        <Flex vertical gap={2}>
          <Tooltip title={shot.strSlideName}>
            {/* Two lines on a narrow card: on one, "WALK-001-A1 HE.svs" read "WAL… HE.svs" on
                every card of the case, its middle (the block that tells them apart) cut out,
                and a touch screen shows no hover. */}
            <Typography.Text
              style={narrow ? { display: 'block' } : ONE_LINE}
              data-testid={`screenshot-slide-${id}`}
            >
              <ScreenshotSlideName name={shot.strSlideName} lines={narrow ? 2 : 1} />
            </Typography.Text>
          </Tooltip>
          <Tooltip title={narrow ? t('screenshots.takenAt', { time: fullTime }) : undefined}>
            <Typography.Text
              type="secondary"
              style={secondary}
              data-testid={`screenshot-time-${id}`}
            >
              {narrow ? screenshotShortTime(shot.dtCreateTime) : fullTime}
            </Typography.Text>
          </Tooltip>
          <Typography.Text
            type="secondary"
            style={secondary}
            title={shot.author.strRealName}
            data-testid={`screenshot-author-${id}`}
          >
            {shot.author.strRealName}
          </Typography.Text>
          {shot.bDigitalZoom && <DigitalZoomTag screenshotId={id} />}
          <AdjustedTag shot={shot} />
          {shot.iDraftFigure !== null && (
            // The expert's own draft shows it as this figure: which card is "Figure 2" of the
            // opinion, before deleting or re-taking one.
            <Tooltip title={t('screenshots.draftFigureHint')}>
              <Tag
                style={{ ...ONE_LINE, alignSelf: 'start', maxWidth: '100%', marginInlineEnd: 0 }}
                data-testid={`screenshot-figure-${id}`}
              >
                {t('screenshots.draftFigure', { figure: figureLabel(shot.iDraftFigure) })}
              </Tag>
            </Tooltip>
          )}
          {shot.bInSignedReport && (
            // A shorter word on the viewer's narrow card (the long one was cut to "已用于签发…");
            // the reason shows on hover.
            <Tooltip title={t('screenshots.inSignedReport')}>
              <Tag
                color="blue"
                style={{ ...ONE_LINE, alignSelf: 'start', maxWidth: '100%', marginInlineEnd: 0 }}
                data-testid={`screenshot-signed-${id}`}
              >
                {t(narrow ? 'screenshots.signedTagShort' : 'screenshots.signedTag')}
              </Tag>
            </Tooltip>
          )}
        </Flex>
      }
    />
  );
}
