import { CloudUploadOutlined } from '@ant-design/icons';
import { App, Button, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SlideUploadState, type SlideDocumentDto } from '@pathconsult/shared';
import { useQueuedUpload } from '@/features/slide-upload/components/upload-context';
import { useUploadsSentElsewhere } from '@/features/slide-upload/components/use-uploads-sent-elsewhere';
import { percentOfUpload } from '@/features/slides/utils/slide-progress';

/**
 * "Continue upload" on an unfinished upload of the user's own that this browser's queue does not
 * hold (the page was closed, or it was begun on another computer): the list said "uploading" and
 * offered only Delete. It opens the case's upload queue and says which file to choose again; the
 * server continues where it stopped (name, size and date match it to the upload). A slide another
 * tab of this browser is sending says so instead: continued here, it would only wait for that tab.
 */
export function ContinueUploadButton({
  slide,
  mine,
  onContinue,
}: {
  slide: Pick<
    SlideDocumentDto,
    'iSlideDocumentId' | 'strFileName' | 'ddUploadState' | 'lSize' | 'lProgress'
  >;
  /** The case's owner, who uploaded it, while the case may change. */
  mine: boolean;
  onContinue: () => void;
}) {
  const { t } = useTranslation('upload');
  const { message } = App.useApp();
  const queued = useQueuedUpload(slide.iSlideDocumentId);
  const offered = mine && !queued && slide.ddUploadState.iNumber === SlideUploadState.Uploading;
  // This tab's queue does not hold the slide: a lock on it is another tab's.
  const elsewhere = useUploadsSentElsewhere(offered).has(slide.iSlideDocumentId);
  if (!offered) {
    return null;
  }
  if (elsewhere) {
    return (
      <Typography.Text type="secondary" data-testid={`imagery-other-tab-${slide.strFileName}`}>
        {t('state.otherTab')}
      </Typography.Text>
    );
  }
  const percent = percentOfUpload(slide.lProgress, slide.lSize);
  return (
    <Tooltip title={t('imagery.continueHint', { name: slide.strFileName, percent })}>
      <Button
        type="link"
        size="small"
        icon={<CloudUploadOutlined />}
        onClick={() => {
          onContinue();
          void message.info(t('imagery.continueHint', { name: slide.strFileName, percent }));
        }}
        data-testid={`imagery-continue-${slide.strFileName}`}
      >
        {t('imagery.continue')}
      </Button>
    </Tooltip>
  );
}
