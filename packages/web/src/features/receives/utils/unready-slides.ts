import { SlideUploadState, type SlideDocumentDto } from '@pathconsult/shared';

/**
 * A case's slides that hold its submission (CASE_SLIDES_NOT_READY): uploads not finished
 * (uploading, or interrupted) and failed ones (an upload that failed, or a file the slide engine
 * could not read).
 */
export function unreadySlides(slides: readonly Pick<SlideDocumentDto, 'ddUploadState'>[]): {
  uploading: number;
  failed: number;
} {
  let uploading = 0;
  let failed = 0;
  for (const slide of slides) {
    if (slide.ddUploadState.iNumber === SlideUploadState.Uploading) {
      uploading += 1;
    } else if (slide.ddUploadState.iNumber === SlideUploadState.Failed) {
      failed += 1;
    }
  }
  return { uploading, failed };
}
