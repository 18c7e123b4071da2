import type { TFunction } from 'i18next';
import type { SlideDocumentDto } from '@pathconsult/shared';

type SlideCase = Pick<SlideDocumentDto, 'iPatientId' | 'strDiagnosistNum'>;

/** The case a slide belongs to: its case, or for an unmatched slide its pathology number. */
function caseKey(slide: SlideCase): string {
  return slide.iPatientId != null ? `case:${slide.iPatientId}` : `num:${slide.strDiagnosistNum}`;
}

/**
 * Whose tissue a slide is, as the viewer writes it: its pathology number, with its patient's
 * name once it is matched to a case, or said to be in no case yet.
 */
export function caseOfSlideText(
  t: TFunction<'viewer'>,
  slide: SlideCase & Pick<SlideDocumentDto, 'strPatientName'>,
): string {
  const num = slide.strDiagnosistNum;
  if (slide.iPatientId == null) {
    return t('paneCaseUnmatched', { num });
  }
  return slide.strPatientName
    ? t('paneCaseWithName', { num, name: slide.strPatientName })
    : t('paneCase', { num });
}

/**
 * Whether slides shown together belong to more than one case (slides not loaded yet count for
 * nothing). Then each pane names its case: side by side, another patient's tissue must never pass
 * for this patient's.
 */
export function slidesOfSeveralCases(slides: ReadonlyArray<SlideCase | undefined>): boolean {
  return new Set(slides.flatMap((s) => (s ? [caseKey(s)] : []))).size > 1;
}
