import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SlideDocumentDto } from '@pathconsult/shared';
import { thumbnailSrc } from '../utils/slide-facts';

/** The slide's thumbnail (a dash until the slide engine has made one); a click opens it. */
export function SlideThumbnail({
  slide,
  onOpen,
}: {
  slide: Pick<SlideDocumentDto, 'strThumbnailBase64' | 'strFileName'>;
  onOpen: (() => void) | null;
}) {
  const { t } = useTranslation('slides');
  const src = thumbnailSrc(slide.strThumbnailBase64);
  if (!src) {
    return <Typography.Text type="secondary">—</Typography.Text>;
  }
  const image = (
    <img
      src={src}
      alt={t('fields.thumbnailOf', { name: slide.strFileName })}
      style={{ maxWidth: 64, maxHeight: 48, display: 'block' }}
    />
  );
  if (!onOpen) {
    return image;
  }
  return (
    <button
      type="button"
      onClick={onOpen}
      title={t('actions.view')}
      // A finger's room around a small picture (a 16 px scan's thumbnail was a 16 px target).
      style={{
        padding: 0,
        border: 0,
        background: 'none',
        cursor: 'zoom-in',
        minWidth: 44,
        minHeight: 44,
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
      }}
      data-testid={`slide-thumbnail-${slide.strFileName}`}
    >
      {image}
    </button>
  );
}
