import { Flex, Typography } from 'antd';
import dayjs from 'dayjs';
import type { SlideDocumentDto } from '@pathconsult/shared';
import { formatBytes } from '@/features/slides/utils/format-bytes';
import { formatAndPower, slideMppText, slidePixelSize } from '@/features/slides/utils/slide-facts';

const small = { fontSize: 12 };

/** When the slide was uploaded ("2026-01-02 08:30"). */
export const uploadTime = (slide: Pick<SlideDocumentDto, 'dtUploadTime'>) =>
  dayjs(slide.dtUploadTime).format('YYYY-MM-DD HH:mm');

/** Pixel size and micrometres per pixel, once the slide engine has read the slide. */
export function ImageFacts({ slide }: { slide: SlideDocumentDto }) {
  const size = slidePixelSize(slide);
  const mpp = slideMppText(slide);
  if (!size) {
    return '—';
  }
  return (
    <Flex vertical data-testid={`imagery-pixels-${slide.strFileName}`}>
      <span>{size}</span>
      {mpp && (
        <Typography.Text type="secondary" style={small}>
          {mpp}
        </Typography.Text>
      )}
    </Flex>
  );
}

/**
 * What the wide table's size, image size and upload columns say, as small lines under the file
 * name for a narrow screen: side by side where the cell has room, one under the other on a phone.
 * Each fact keeps its own line whole rather than being cut, so that nothing is hidden.
 */
export function CompactImageryFacts({ slide }: { slide: SlideDocumentDto }) {
  const pixels = slidePixelSize(slide);
  const mpp = slideMppText(slide);
  const facts = [
    [`${formatBytes(slide.lSize)} · ${formatAndPower(slide)}`, 'size'],
    [pixels && [pixels, mpp].filter(Boolean).join(' · '), 'pixels'],
    [`${uploadTime(slide)} · ${slide.strUploadUserName}`, 'uploaded'],
  ] as const;
  return (
    <Flex wrap gap="0 12px" data-testid={`imagery-facts-${slide.strFileName}`}>
      {facts.map(
        ([text, key]) =>
          text && (
            <Typography.Text
              key={key}
              type="secondary"
              style={small}
              data-testid={`imagery-${key}-${slide.strFileName}`}
            >
              {text}
            </Typography.Text>
          ),
      )}
    </Flex>
  );
}
