import { PictureOutlined } from '@ant-design/icons';
import { Button, Image } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreviewControls } from '../../../lib/preview-controls';
import { useSettledPreview } from '../../../lib/use-settled-preview';
import { useFeedbackImage } from '../api/feedback';

/**
 * "View image" of a feedback row: the image is fetched when first asked for (the list carries
 * none) and shown in antd's preview. Button `feedback-image-<id>`.
 */
export function FeedbackImageButton({ iFeedbackId }: { iFeedbackId: number }) {
  const { t } = useTranslation('feedback');
  const [open, setOpen] = useState(false);
  const image = useFeedbackImage(iFeedbackId, open);
  const settled = useSettledPreview(open, setOpen);
  const controls = usePreviewControls();
  const preview = { ...settled, ...controls };
  return (
    <>
      <Button
        type="link"
        size="small"
        icon={<PictureOutlined />}
        style={{ paddingInline: 0 }}
        loading={open && image.isLoading}
        data-testid={`feedback-image-${iFeedbackId}`}
        onClick={() => setOpen(true)}
      >
        {t('actions.viewImage')}
      </Button>
      {image.data && (
        <Image
          src={image.data}
          alt={t('form.imageAlt')}
          style={{ display: 'none' }}
          preview={preview}
        />
      )}
    </>
  );
}
