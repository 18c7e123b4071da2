import { CloudUploadOutlined } from '@ant-design/icons';
import { App, Button, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SlideUploadState, type SlideDocumentDto } from '@pathconsult/shared';
import { openUploadPanelToStart, useQueuedUpload, useUploads } from './upload-context';
import { useUploadsSentElsewhere } from './use-uploads-sent-elsewhere';
import { percentOfUpload } from '@/features/slides/utils/slide-progress';

/**
 * "Continue upload" on an unfinished upload of the user's own that this browser's queue does not
 * hold (the page was closed, or it was begun on another computer): the list said "uploading" and
 * offered only Delete. It opens the case's upload queue and says which file to choose again; the
 * server continues where it stopped (name and size match it to the upload, and the chunks it holds are compared with the file). A slide another
 * tab of this browser is sending says so instead: continued here, it would only wait for that tab.
 * Shown in a case's Slide files tab and in slide management (`testIdPrefix` tells them apart);
 * `onContinue` opens the queue and says whether it did (slide management asks the server first).
 */
export function ContinueUploadButton({
  slide,
  mine,
  onContinue,
  testIdPrefix,
}: {
  slide: Pick<
    SlideDocumentDto,
    'iSlideDocumentId' | 'strFileName' | 'ddUploadState' | 'lSize' | 'lProgress'
  >;
  /** The case's owner, who uploaded it, while the case may change. */
  mine: boolean;
  onContinue: () => boolean | Promise<boolean>;
  /** `imagery` or `slide`: test ids `<prefix>-continue-<name>`, `<prefix>-other-tab-<name>`. */
  testIdPrefix: string;
}) {
  const { t } = useTranslation('upload');
  const { message } = App.useApp();
  const queued = useQueuedUpload(slide.iSlideDocumentId);
  const { manager } = useUploads();
  const [opening, setOpening] = useState(false);
  // Paused in this browser's queue, its files still held: the row said "Paused" with only
  // Delete, and Resume was in the queue behind the header. It resumes the queue from here.
  const pausedHere =
    mine &&
    queued !== undefined &&
    !queued.bNeedsFiles &&
    !queued.bPausing &&
    queued.state === 'paused';
  // Also where this browser's queue holds it waiting for its file (the page was closed and
  // opened again): the row said "Paused" with only Delete, and the queue was behind the header.
  const offered =
    mine &&
    (!queued || queued.bNeedsFiles) &&
    slide.ddUploadState.iNumber === SlideUploadState.Uploading;
  // This tab's queue does not hold the slide: a lock on it is another tab's.
  const elsewhere = useUploadsSentElsewhere(offered).has(slide.iSlideDocumentId);
  if (pausedHere && manager) {
    return (
      <Button
        type="link"
        size="small"
        icon={<CloudUploadOutlined />}
        // Through the panel's Start: its storage check, and what it says when storage is short.
        onClick={openUploadPanelToStart}
        data-testid={`${testIdPrefix}-resume-${slide.strFileName}`}
      >
        {t('imagery.resume')}
      </Button>
    );
  }
  if (!offered) {
    return null;
  }
  if (elsewhere) {
    return (
      <Typography.Text
        type="secondary"
        data-testid={`${testIdPrefix}-other-tab-${slide.strFileName}`}
      >
        {t('state.otherTab')}
      </Typography.Text>
    );
  }
  const percent = percentOfUpload(slide.lProgress, slide.lSize);
  const hint = t('imagery.continueHint', { name: slide.strFileName, percent });
  const open = async () => {
    setOpening(true);
    try {
      if (await onContinue()) {
        void message.info(hint);
      }
    } catch {
      // The API client showed why.
    } finally {
      setOpening(false);
    }
  };
  return (
    <Tooltip title={hint}>
      <Button
        type="link"
        size="small"
        icon={<CloudUploadOutlined />}
        loading={opening}
        onClick={() => void open()}
        data-testid={`${testIdPrefix}-continue-${slide.strFileName}`}
      >
        {t('imagery.continue')}
      </Button>
    </Tooltip>
  );
}
