import {
  RoleType,
  SlideUploadState,
  caseActionAllowed,
  isCaseStateCode,
  type PatientDto,
  type RoleTypeCode,
  type SlideDocumentDto,
} from '@pathconsult/shared';
import type { UploadTarget } from '@/features/slide-upload/utils/queue';

/**
 * Whether the signed-in user may add and delete the case's slides: its owner (a doctor), while
 * the case may still change (new, returned, withdrawn), as the server decides (SLIDE_CASE_LOCKED,
 * non-personal case).
 */
export function canChangeSlides(
  patient: Pick<PatientDto, 'owner' | 'ddPatientState'>,
  iUserId: number | null,
  role: RoleTypeCode | null,
): boolean {
  const state = patient.ddPatientState.iNumber;
  return (
    role === RoleType.Doctor &&
    iUserId !== null &&
    patient.owner.iUserId === iUserId &&
    isCaseStateCode(state) &&
    caseActionAllowed(state, 'edit')
  );
}

/** Whether the case is the user's own but no longer takes slide changes (submitted, completed). */
export function slidesLocked(
  patient: Pick<PatientDto, 'owner' | 'ddPatientState'>,
  iUserId: number | null,
  role: RoleTypeCode | null,
): boolean {
  return (
    role === RoleType.Doctor &&
    iUserId !== null &&
    patient.owner.iUserId === iUserId &&
    !canChangeSlides(patient, iUserId, role)
  );
}

/**
 * Names a new upload may not take (spec §5: duplicate names already uploaded for the patient).
 * Unfinished uploads are left out: choosing the same file again continues them (the server
 * answers bResumed), and any other file of that name the server refuses itself.
 */
export function blockingNames(
  slides: readonly Pick<SlideDocumentDto, 'strFileName' | 'strOriginalName' | 'ddUploadState'>[],
): string[] {
  return slides
    .filter((slide) => slide.ddUploadState.iNumber !== SlideUploadState.Uploading)
    .flatMap((slide) => [slide.strFileName, slide.strOriginalName]);
}

/** The case as the upload queue addresses it. */
export function uploadTargetOf(
  patient: Pick<PatientDto, 'iPatientId' | 'strDiagnosistNum' | 'strPatientName'>,
): UploadTarget {
  return {
    iPatientId: patient.iPatientId,
    strDiagnosistNum: patient.strDiagnosistNum,
    strPatientName: patient.strPatientName,
  };
}

/** A stored thumbnail as an image address (a data URL, or bare base64 JPEG). */
export function thumbnailSrc(base64: string | null): string | null {
  if (!base64) {
    return null;
  }
  return base64.startsWith('data:') ? base64 : `data:image/jpeg;base64,${base64}`;
}

/** Full-resolution size in pixels ("2220 × 2967"), once the slide engine has read the slide. */
export function slidePixelSize(slide: Pick<SlideDocumentDto, 'iWidth' | 'iHeight'>): string | null {
  return slide.iWidth && slide.iHeight ? `${slide.iWidth} × ${slide.iHeight}` : null;
}

/** Micrometres per pixel ("0.499 µm/px"; "0.25 × 0.26 µm/px" when they differ), when known. */
export function slideMppText(slide: Pick<SlideDocumentDto, 'dMppX' | 'dMppY'>): string | null {
  const round = (v: number) => String(Number(v.toFixed(4)));
  const { dMppX: x, dMppY: y } = slide;
  if (!x || !y) {
    return null;
  }
  return round(x) === round(y) ? `${round(x)} µm/px` : `${round(x)} × ${round(y)} µm/px`;
}

/** Whether the slide viewer can open the slide: uploaded, and read by the slide engine. */
export function isViewable(slide: Pick<SlideDocumentDto, 'ddUploadState' | 'iWidth'>): boolean {
  return slide.ddUploadState.iNumber === SlideUploadState.Uploaded && !!slide.iWidth;
}

/**
 * How often the case's slides are read again: every 3 s while one is uploaded but not yet read by
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
