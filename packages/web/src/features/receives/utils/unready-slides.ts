import { SlideUploadState, type SlideDocumentDto } from '@pathconsult/shared';

/**
 * A case's slides that hold its submission (CASE_SLIDES_NOT_READY), by name: uploads not
 * finished (uploading, or interrupted) and failed ones (an upload that failed, or a file the
 * slide engine could not read). Named, so that the doctor knows which to finish or delete.
 */
export function unreadySlides(
  slides: readonly Pick<SlideDocumentDto, 'ddUploadState' | 'strFileName'>[],
): { uploading: string[]; failed: string[] } {
  const uploading: string[] = [];
  const failed: string[] = [];
  for (const slide of slides) {
    if (slide.ddUploadState.iNumber === SlideUploadState.Uploading) {
      uploading.push(slide.strFileName);
    } else if (slide.ddUploadState.iNumber === SlideUploadState.Failed) {
      failed.push(slide.strFileName);
    }
  }
  return { uploading, failed };
}
