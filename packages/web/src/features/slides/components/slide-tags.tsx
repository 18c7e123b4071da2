import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { SlideUploadState, type SlideDocumentDto } from '@pathconsult/shared';
import { percentOfUpload } from '../utils/slide-progress';

const COLORS: Record<number, string> = {
  [SlideUploadState.Uploading]: 'processing',
  [SlideUploadState.Uploaded]: 'success',
  [SlideUploadState.Failed]: 'error',
};

/** The upload state of a slide: uploading with its share received, uploaded, or failed and why. */
export function UploadStateTag({
  slide,
}: {
  slide: Pick<SlideDocumentDto, 'ddUploadState' | 'lSize' | 'lProgress' | 'strFailReason'>;
}) {
  const { t } = useTranslation('slides');
  const state = slide.ddUploadState.iNumber;
  const tag = (
    <Tag color={COLORS[state] ?? 'default'} data-testid="slide-upload-state">
      {state === SlideUploadState.Uploading
        ? t('uploadState.progress', { percent: percentOfUpload(slide.lProgress, slide.lSize) })
        : t(`uploadState.${state in COLORS ? state : 'unknown'}`)}
    </Tag>
  );
  return state === SlideUploadState.Failed && slide.strFailReason ? (
    <Tooltip title={slide.strFailReason}>{tag}</Tooltip>
  ) : (
    tag
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
