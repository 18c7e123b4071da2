import { SlideUploadState, type SlideDocumentDto } from '@pathconsult/shared';

/**
 * How often a list of slides (a case's Imagery tab, slide management) is read again: every 3 s while one is uploaded but not yet read by
 * the slide engine, every 15 s while one is being uploaded, every minute while the only uploads
 * are interrupted ones (their uploader may resume them elsewhere), otherwise never (false).
 */
export function slidesRefreshInterval(
  slides: readonly Pick<SlideDocumentDto, 'ddUploadState' | 'iWidth' | 'bStalled'>[],
): number | false {
  const state = (s: (typeof slides)[number]) => s.ddUploadState.iNumber;
  if (slides.some((s) => state(s) === SlideUploadState.Uploaded && s.iWidth == null)) {
    return 3_000;
  }
  const uploading = slides.filter((s) => state(s) === SlideUploadState.Uploading);
  if (uploading.length === 0) {
    return false;
  }
  return uploading.every((s) => s.bStalled) ? 60_000 : 15_000;
}
