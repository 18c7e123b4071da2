import { Flex, Typography } from 'antd';
import type { SlideDocumentDto } from '@pathconsult/shared';
import { slideMppText, slidePixelSize } from '@/features/slides/utils/slide-facts';

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
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {mpp}
        </Typography.Text>
      )}
    </Flex>
  );
}
