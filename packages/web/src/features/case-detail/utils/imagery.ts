import {
  RoleType,
  SlideUploadState,
  caseActionAllowed,
  isCaseStateCode,
  type PatientDto,
  type RoleTypeCode,
  type SlideDocumentDto,
  type UploadTypeValue,
} from '@pathconsult/shared';
import type { PanelRequest } from '@/features/slide-upload/components/upload-context';
import type { UnfinishedUpload } from '@/features/slide-upload/utils/upload-checks';

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
 * Unfinished uploads are left out: they come as unfinishedUploads, whose own file continues them
 * and any other file of their name is refused when chosen (upload-checks.ts).
 */
export function blockingNames(
  slides: readonly Pick<SlideDocumentDto, 'strFileName' | 'strOriginalName' | 'ddUploadState'>[],
): string[] {
  return slides
    .filter((slide) => slide.ddUploadState.iNumber !== SlideUploadState.Uploading)
    .flatMap((slide) => [slide.strFileName, slide.strOriginalName]);
}

/** The names among blockingNames whose slide failed: the refusal asks to delete it first. */
export function failedNames(
  slides: readonly Pick<SlideDocumentDto, 'strFileName' | 'strOriginalName' | 'ddUploadState'>[],
): string[] {
  return slides
    .filter((slide) => slide.ddUploadState.iNumber === SlideUploadState.Failed)
    .flatMap((slide) => [slide.strFileName, slide.strOriginalName]);
}

/** What the upload panel reads of a case's (or number's) slides. */
export type SlideForUpload = Pick<
  SlideDocumentDto,
  | 'iSlideDocumentId'
  | 'strFileName'
  | 'strOriginalName'
  | 'ddUploadState'
  | 'lSize'
  | 'lProgress'
  | 'iFileCount'
  | 'iUploadUserId'
  | 'bStalled'
>;

/** The unfinished uploads among the slides, as the upload checks take them (UnfinishedUpload). */
export function unfinishedUploads(slides: readonly SlideForUpload[]): UnfinishedUpload[] {
  return slides
    .filter((slide) => slide.ddUploadState.iNumber === SlideUploadState.Uploading)
    .map((slide) => ({
      iSlideDocumentId: slide.iSlideDocumentId,
      names: [slide.strFileName, slide.strOriginalName],
      strOriginalName: slide.strOriginalName,
      lSize: slide.lSize,
      lProgress: slide.lProgress,
      iFileCount: slide.iFileCount,
      iUploadUserId: slide.iUploadUserId,
      bStalled: slide.bStalled,
    }));
}

/**
 * The upload panel opened for a case (its Slide files tab, the header on a case screen, upload
 * by the number of an existing case): the case as the queue addresses it, and the names its
 * slides already hold.
 */
export function caseUploadRequest(
  patient: Pick<PatientDto, 'iPatientId' | 'strDiagnosistNum' | 'strPatientName'>,
  iUploadType: UploadTypeValue,
  slides: readonly SlideForUpload[],
): PanelRequest {
  return {
    target: {
      iPatientId: patient.iPatientId,
      strDiagnosistNum: patient.strDiagnosistNum,
      strPatientName: patient.strPatientName,
    },
    iUploadType,
    uploadedNames: blockingNames(slides),
    failedNames: failedNames(slides),
    unfinished: unfinishedUploads(slides),
  };
}

/** The columns of the Imagery tab's slide table. */
export type ImageryColumn =
  'thumbnail' | 'name' | 'size' | 'pixels' | 'state' | 'uploaded' | 'actions';

/**
 * The slide table's columns, in order. Wide, each fact has its column and the actions stay fixed
 * on the right. Narrow, the fixed actions covered the upload state, and the size, image size and
 * upload time were a sideways scroll away (on a phone only the thumbnail and the name were in
 * sight): everything but the thumbnail then goes under the file name, state, facts and actions,
 * and the table fits the screen's width.
 */
export function imageryColumns(compact: boolean): ImageryColumn[] {
  return compact
    ? ['thumbnail', 'name']
    : ['thumbnail', 'name', 'size', 'pixels', 'state', 'uploaded', 'actions'];
}

/**
 * Of the hospital's unmatched slides of the case's number, those the case can take: a name it
 * does not hold yet, and not failed (a failed slide joins no case; the server passes it over).
 */
export function slidesWaitingFor(
  unmatched: readonly SlideDocumentDto[],
  caseSlides: readonly Pick<SlideDocumentDto, 'strFileName'>[],
): SlideDocumentDto[] {
  const held = new Set(caseSlides.map((s) => s.strFileName.toLowerCase()));
  return unmatched.filter(
    (s) =>
      !held.has(s.strFileName.toLowerCase()) && s.ddUploadState.iNumber !== SlideUploadState.Failed,
  );
}
