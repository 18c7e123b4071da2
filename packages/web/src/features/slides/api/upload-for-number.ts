import { useCallback } from 'react';
import type { CaseByNumber, UploadType } from '@pathconsult/shared';
import { api } from '@/lib/api-client';
import { fetchCaseSlides } from '@/features/case-detail/api/case-slides';
import { fetchUnmatchedOfNumber } from '@/features/case-detail/api/waiting-slides';
import {
  blockingNames,
  caseUploadRequest,
  failedNames,
  unfinishedUploads,
} from '@/features/case-detail/utils/imagery';
import { useUploads } from '@/features/slide-upload/components/upload-context';

type QueueUploadType = typeof UploadType.Batch | typeof UploadType.Single;

/** What opening the queue for a number came to. */
export type UploadForNumberResult =
  | { opened: true }
  /** The caller's case of this number was submitted: it takes no slides. */
  | { opened: false; reason: 'locked'; num: string }
  /**
   * Continuing: the number no longer leads where the upload was going (its case is gone or
   * another doctor's, or a case of the number was made for an unmatched upload), so the server
   * would refuse the file chosen again as a name taken.
   */
  | { opened: false; reason: 'moved' }
  /** Given up: `stillWanted` said no once the server answered. */
  | { opened: false; reason: 'dropped' };

/**
 * Opens the upload queue for a pathology number, as upload by number and "Continue upload" in
 * slide management do: when the caller has a case of that number the slides go to the case (its
 * slides' names refused at once, as in its Slide files tab), otherwise they wait unmatched under
 * the number (its unmatched slides' names refused). A submitted case is reported, not opened.
 * `stillWanted` is asked after each answer: a dialog cancelled or a screen left meanwhile must not
 * have the queue open over wherever the user is now. Failures of the calls reject (the API client
 * has shown why).
 */
export function useUploadForNumber() {
  const { openPanel } = useUploads();
  return useCallback(
    async (
      num: string,
      iUploadType: QueueUploadType,
      options: {
        stillWanted?: () => boolean;
        /** Continuing an upload: the case it was going to (null: unmatched, by number). */
        continuing?: { iPatientId: number | null };
      } = {},
    ): Promise<UploadForNumberResult> => {
      const stillWanted = options.stillWanted ?? (() => true);
      const { patient } = await api.get<CaseByNumber>('slideDocument/getCaseByNumber', {
        query: { strDiagnosistNum: num },
      });
      if (!stillWanted()) {
        return { opened: false, reason: 'dropped' };
      }
      if (patient && !patient.bTakesSlides) {
        return { opened: false, reason: 'locked', num: patient.strDiagnosistNum };
      }
      if (options.continuing && options.continuing.iPatientId !== (patient?.iPatientId ?? null)) {
        return { opened: false, reason: 'moved' };
      }
      const slides = patient
        ? (await fetchCaseSlides(patient.iPatientId)).listSlideDocument
        : (await fetchUnmatchedOfNumber(num)).listPage;
      if (!stillWanted()) {
        return { opened: false, reason: 'dropped' };
      }
      openPanel(
        patient
          ? { ...caseUploadRequest(patient, iUploadType, slides), foundByNumber: true }
          : {
              target: { iPatientId: null, strDiagnosistNum: num, strPatientName: '' },
              iUploadType,
              // Names the number's slides hold are refused when chosen, as a case's are (the
              // server refuses them too, but only once the queue is started).
              uploadedNames: blockingNames(slides),
              failedNames: failedNames(slides),
              unfinished: unfinishedUploads(slides),
            },
      );
      return { opened: true };
    },
    [openPanel],
  );
}
