import { DeleteOutlined, PictureOutlined } from '@ant-design/icons';
import { Card, Empty, Flex, Skeleton, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { ScreenshotDto } from '@pathconsult/shared';
import { IconButton } from '@/components/icon-button';
import { useConfirmAction } from '@/lib/use-confirm-action';
import { middleEllipsis } from '@/features/slides/utils/middle-ellipsis';
import { useDeleteScreenshot, useScreenshotImage } from '../api/screenshots';
import { PreviewableImage } from '../../../components/previewable-image';

/** Latin letters two lines of a card's title hold: 12 px padding either side, 8 px a letter. */
function nameRoom(cardWidth: number): number {
  return 2 * Math.floor((cardWidth - 24) / 8);
}

export function ScreenshotThumb({ shot, width }: { shot: ScreenshotDto; width: number }) {
  const { t } = useTranslation('annotations');
  const image = useScreenshotImage(shot.strImageUrl);
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
      width={width}
      alt={t('screenshots.alt', { slide: shot.strSlideName ?? '—' })}
      data-testid={`screenshot-image-${shot.iScreenshotId}`}
    />
  );
}

/**
 * The screenshots kept for a case's report, each with its slide, author and time; the caller's
 * own can be deleted after a confirmation. Shared by the viewer and the Imagery tab.
 */
export function ScreenshotStrip({
  shots,
  width = 200,
}: {
  shots: readonly ScreenshotDto[];
  width?: number;
}) {
  const { t } = useTranslation('annotations');
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
      {shots.map((shot) => (
        <Card
          key={shot.iScreenshotId}
          size="small"
          style={{ width: width + 2 }}
          data-testid={`screenshot-${shot.iScreenshotId}`}
          cover={<ScreenshotThumb shot={shot} width={width} />}
          actions={
            shot.bMine
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
                        content: t('screenshots.confirmContent'),
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
          <Card.Meta
            title={
              // Two lines, cut in the middle: slide names are long and tell one another apart
              // at both ends, which one line cut at its end hid in the viewer's narrow strip.
              <Tooltip title={shot.strSlideName}>
                <Typography.Paragraph
                  ellipsis={{ rows: 2 }}
                  style={{ margin: 0, whiteSpace: 'normal', wordBreak: 'break-all' }}
                  data-testid={`screenshot-slide-${shot.iScreenshotId}`}
                >
                  {shot.strSlideName === null
                    ? t('screenshots.slideGone')
                    : middleEllipsis(shot.strSlideName, nameRoom(width))}
                </Typography.Paragraph>
              </Tooltip>
            }
            description={
              <Flex vertical gap={2} align="start">
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {shot.author.strRealName} · {dayjs(shot.dtCreateTime).format('YYYY-MM-DD HH:mm')}
                </Typography.Text>
                {shot.bInSignedReport && (
                  <Tag color="blue" data-testid={`screenshot-signed-${shot.iScreenshotId}`}>
                    {t('screenshots.signedTag')}
                  </Tag>
                )}
              </Flex>
            }
          />
        </Card>
      ))}
    </Flex>
  );
}
