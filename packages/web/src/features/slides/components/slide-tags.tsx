import { Flex, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SlideDocumentDto } from '@pathconsult/shared';
import {
  useGivenUpUpload,
  useQueuedUpload,
} from '@/features/slide-upload/components/upload-context';
import { useUploadsSentElsewhere } from '@/features/slide-upload/components/use-uploads-sent-elsewhere';
import { reasonText } from '@/features/slide-upload/utils/reason-text';
import { currentLang } from '@/lib/i18n';
import { uploadStateView, type UploadStateSlide } from '../utils/upload-state-view';

/**
 * The upload state of a slide: uploading (or waiting, paused, interrupted) with its share
 * received, processing while the slide engine reads it, uploaded, or failed. Hovering explains a
 * pause, an interruption or the processing; why the queue paused an upload by itself, and a
 * failure's reason, are written under the tag (wrapped
 * within the column, cut past three lines, whole on hover), since it says what to do about it.
 */
export function UploadStateTag({
  slide,
  testId = 'slide-upload-state',
}: {
  slide: UploadStateSlide;
  testId?: string;
}) {
  const { t } = useTranslation('slides');
  const { t: tUpload } = useTranslation('upload');
  const unfinished = useQueuedUpload(slide.iSlideDocumentId);
  const givenUp = useGivenUpUpload(slide.iSlideDocumentId);
  const queued = unfinished ?? givenUp;
  // Held here paused or waiting while another tab of this browser sends it: that tab's progress,
  // as the server has it, not "Paused" with this tab's stale share.
  const elsewhere = useUploadsSentElsewhere(
    queued !== undefined && queued.state !== 'uploading',
  ).has(slide.iSlideDocumentId);
  const view = uploadStateView(slide, elsewhere ? undefined : queued);
  const tag = (
    <Tag color={view.color} data-testid={testId}>
      {t(`uploadStateTag.${view.label}`, { percent: view.percent })}
    </Tag>
  );
  if (!view.hint) {
    return tag;
  }
  if ('text' in view.hint) {
    return (
      <Flex vertical gap={2} align="start" style={{ width: '100%' }}>
        {tag}
        {/*
         * Wrapped on up to three lines, then cut (whole on hover). On one line (an ellipsis) the
         * reason's whole width became the column's least width in a table laid out by its
         * content: a phone's list then scrolled sideways and every row's facts and actions went
         * off screen. Long words break too, so that no word sets the width either.
         */}
        <Typography.Paragraph
          type="danger"
          style={{ fontSize: 12, marginBottom: 0, width: '100%', overflowWrap: 'anywhere' }}
          ellipsis={{ rows: 3, tooltip: view.hint.text }}
          data-testid={`${testId}-reason`}
        >
          {view.hint.text}
        </Typography.Paragraph>
      </Flex>
    );
  }
  const explained = <Tooltip title={t(`uploadHint.${view.hint.key}`)}>{tag}</Tooltip>;
  if (!view.hint.reason) {
    return explained;
  }
  // Paused by the queue itself: why, under the tag (as the upload panel says it).
  return (
    <Flex vertical gap={2} align="start" style={{ width: '100%' }}>
      {explained}
      <Typography.Paragraph
        type="warning"
        style={{ fontSize: 12, marginBottom: 0, width: '100%', overflowWrap: 'anywhere' }}
        ellipsis={{ rows: 3, tooltip: true }}
        data-testid={`${testId}-reason`}
      >
        {reasonText(view.hint.reason, tUpload, currentLang())}
      </Typography.Paragraph>
    </Flex>
  );
}

/** The case a slide belongs to (its patient's name), or the "unmatched" mark. */
export function MatchCell({
  slide,
}: {
  slide: Pick<SlideDocumentDto, 'iPatientId' | 'strPatientName'>;
}) {
  const { t } = useTranslation('slides');
  if (slide.iPatientId === null) {
    return (
      <Tag color="warning" data-testid="slide-unmatched">
        {t('matchState.0')}
      </Tag>
    );
  }
  return <span data-testid="slide-patient">{slide.strPatientName ?? t('matchState.1')}</span>;
}
