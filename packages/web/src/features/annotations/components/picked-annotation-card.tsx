import { CloseOutlined, DeleteOutlined } from '@ant-design/icons';
import { Card, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AnnotationDto } from '@pathconsult/shared';
import { IconButton } from '@/components/icon-button';
import { TOUCH_QUERY, useMediaQuery } from '@/lib/use-media-query';
import { measurementText, type PixelSize } from '../utils/geometry';
import { NamedMeasurement } from './named-measurement';

/**
 * What a tap on an annotation shows in a compact viewer (a phone, slides side by side), which has
 * no list beside the slide: its kind, author, whole note and measurement. Over the slide a label
 * is cut to fit, or left out where labels crowd; on a phone this is where it reads whole.
 * One's own mark can be deleted from it (`onDelete`, after the list's question): a ruler drawn
 * by mistake side by side otherwise went only from the single view's list.
 */
export function PickedAnnotationCard({
  annotation,
  mpp,
  onClose,
  onDelete,
}: {
  annotation: AnnotationDto;
  mpp: PixelSize;
  onClose: () => void;
  /** Deletes it, when it is the user's own and they may change the slide's annotations. */
  onDelete?: () => void;
}) {
  const { t } = useTranslation('annotations');
  const measured = measurementText(annotation.strKind, annotation.listPoint, mpp);
  // A finger's size on a touch screen (24 px buttons were hard to hit beside each other).
  const size = useMediaQuery(TOUCH_QUERY) ? 'middle' : 'small';
  return (
    <Card
      size="small"
      style={{
        position: 'absolute',
        top: 8,
        left: 8,
        right: 8,
        maxWidth: 420,
        zIndex: 3,
        boxShadow: '0 2px 8px rgba(0, 0, 0, 0.25)',
      }}
      styles={{ body: { padding: '8px 12px' } }}
      data-testid="picked-annotation"
    >
      <Flex vertical gap={4}>
        <Flex align="center" gap={6}>
          <Tag color={annotation.strColor} style={{ marginInlineEnd: 0 }}>
            {t(`kinds.${annotation.strKind}`)}
          </Tag>
          <Typography.Text type="secondary" ellipsis style={{ flex: 1, fontSize: 12 }}>
            {annotation.author.strRealName}
          </Typography.Text>
          {onDelete && (
            <IconButton
              type="text"
              size={size}
              danger
              icon={<DeleteOutlined />}
              title={t('list.delete')}
              testId="picked-annotation-delete"
              onClick={onDelete}
            />
          )}
          <IconButton
            type="text"
            size={size}
            icon={<CloseOutlined />}
            title={t('picked.close')}
            testId="picked-annotation-close"
            onClick={onClose}
          />
        </Flex>
        {annotation.strText && (
          <Typography.Paragraph style={{ margin: 0 }} data-testid="picked-annotation-text">
            {annotation.strText}
          </Typography.Paragraph>
        )}
        {measured && (
          <Typography.Text strong data-testid="picked-annotation-measure">
            <NamedMeasurement kind={annotation.strKind} points={annotation.listPoint} mpp={mpp} />
          </Typography.Text>
        )}
      </Flex>
    </Card>
  );
}
