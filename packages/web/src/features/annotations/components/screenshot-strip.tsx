import { DeleteOutlined, PictureOutlined } from '@ant-design/icons';
import { Card, Empty, Flex, Skeleton, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SCREENSHOT_THUMB_WIDTHS, type ScreenshotDto } from '@pathconsult/shared';
import { IconButton } from '@/components/icon-button';
import { useFigureLabel } from '@/features/diagnosis/utils/use-figure-label';
import { useConfirmAction } from '@/lib/use-confirm-action';
import { useDeleteScreenshot, useScreenshotImage } from '../api/screenshots';
import { PreviewableImage } from '../../../components/previewable-image';
import { ScreenshotCaption } from './screenshot-caption';

/** The widest copy a list asks for: the middle of the widths the server serves (512 px). */
const THUMB_MAX_PX = SCREENSHOT_THUMB_WIDTHS[1];

/**
 * A screenshot in a list: a copy scaled down to the list's width (the server's JPEG, a few dozen
 * KB where the picture is megabytes, which held back a slide's first tiles on a slow link), and
 * the whole picture fetched once its preview is opened.
 */
export function ScreenshotThumb({ shot, width }: { shot: ScreenshotDto; width: number }) {
  const { t } = useTranslation('annotations');
  // At most 512 px: a phone's 3 device pixels per point asked for the whole picture again. One of
  // the widths the server keeps: the address stays the same while a panel's cards change width
  // by a few pixels, and the picture is not fetched again.
  const needed = Math.min(THUMB_MAX_PX, Math.ceil(width * (window.devicePixelRatio || 1)));
  const pixels = SCREENSHOT_THUMB_WIDTHS.find((w) => w >= needed) ?? THUMB_MAX_PX;
  const image = useScreenshotImage(`${shot.strImageUrl}&iWidth=${pixels}`);
  const [wantWhole, setWantWhole] = useState(false);
  const whole = useScreenshotImage(wantWhole ? shot.strImageUrl : null);
  const showWhole = useCallback(() => setWantWhole(true), []);
  const height = Math.round((width * shot.iHeight) / shot.iWidth);
  if (image.failed) {
    return (
      <Flex
        align="center"
        justify="center"
        style={{ width, height, background: '#f5f5f5' }}
        data-testid={`screenshot-failed-${shot.iScreenshotId}`}
      >
        <Typography.Text type="secondary">{t('screenshots.loadFailed')}</Typography.Text>
      </Flex>
    );
  }
  if (!image.src) {
    return <Skeleton.Image active style={{ width, height }} />;
  }
  return (
    <PreviewableImage
      src={image.src}
      // The whole picture, once fetched (the copy if it cannot be).
      previewSrc={whole.failed ? image.src : whole.src}
      onPreviewOpen={showWhole}
      width={width}
      alt={t('screenshots.alt', { slide: shot.strSlideName ?? '—' })}
      data-testid={`screenshot-image-${shot.iScreenshotId}`}
    />
  );
}

/**
 * The screenshots kept for a case's report, each captioned with its number, slide, time and
 * author; the caller's own can be deleted after a confirmation. Shared by the viewer and the
 * Imagery tab.
 */
export function ScreenshotStrip({
  shots,
  width = 200,
  mayWrite,
}: {
  shots: readonly ScreenshotDto[];
  width?: number;
  /** Whether the caller may delete their screenshots (bMayWrite of the case's list). */
  mayWrite: boolean;
}) {
  const { t } = useTranslation('annotations');
  const figureLabel = useFigureLabel();
  const confirm = useConfirmAction();
  const remove = useDeleteScreenshot();
  if (shots.length === 0) {
    return (
      <Empty
        image={<PictureOutlined style={{ fontSize: 32, color: '#bfbfbf' }} />}
        // The default image box is 100 px high: a 32-px icon would float far above its words.
        styles={{ image: { height: 40 } }}
        description={t('screenshots.empty')}
        data-testid="screenshots-empty"
      />
    );
  }
  return (
    <Flex gap="middle" wrap data-testid="screenshot-strip">
      {shots.map((shot, index) => (
        <Card
          key={shot.iScreenshotId}
          size="small"
          style={{ width: width + 2 }}
          data-testid={`screenshot-${shot.iScreenshotId}`}
          cover={<ScreenshotThumb shot={shot} width={width} />}
          actions={
            shot.bMine && mayWrite
              ? [
                  // A signed report is a record: its pictures stay (the server refuses too).
                  <IconButton
                    key="delete"
                    type="text"
                    danger
                    disabled={shot.bInSignedReport}
                    icon={<DeleteOutlined />}
                    title={t('screenshots.delete')}
                    tooltip={shot.bInSignedReport ? t('screenshots.inSignedReport') : undefined}
                    testId={`screenshot-delete-${shot.iScreenshotId}`}
                    onClick={() =>
                      confirm({
                        title: t('screenshots.confirmTitle'),
                        // A figure of a draft: the figures after it move up, and the draft's
                        // words ("see Figure 2") would then name another picture.
                        content:
                          shot.iDraftFigure === null
                            ? t('screenshots.confirmContent')
                            : t('screenshots.confirmFigure', {
                                figure: figureLabel(shot.iDraftFigure),
                              }),
                        // The same words as the annotation's deletion: Delete / Cancel.
                        okText: t('list.confirmOk'),
                        cancelText: t('list.confirmCancel'),
                        okTestId: 'screenshot-delete-ok',
                        action: () => remove.mutateAsync(shot.iScreenshotId),
                        done: t('screenshots.deleted'),
                      })
                    }
                  />,
                ]
              : []
          }
        >
          {/* Numbered in the case's order, the order both strips list them in. */}
          <ScreenshotCaption shot={shot} number={index + 1} width={width} />
        </Card>
      ))}
    </Flex>
  );
}
