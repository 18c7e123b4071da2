import { useEffect } from 'react';
import { UploadType, type PatientDto } from '@pathconsult/shared';
import {
  offerUploadTarget,
  withdrawUploadOffer,
} from '@/features/slide-upload/components/upload-context';
import { useSession } from '@/lib/use-session';
import { useCaseSlides } from '../api/case-slides';
import { canChangeSlides, caseUploadRequest } from '../utils/imagery';

/**
 * While a case screen of its owner is on view and the case takes slides, the header's "Upload"
 * opens the queue for this case (batch), with the names its slides already hold; on any other
 * screen the panel says where slides are added. Renders nothing.
 */
export function CaseUploadOffer({ patient }: { patient: PatientDto }) {
  const { iUserId, iRoleType } = useSession();
  const canChange = canChangeSlides(patient, iUserId, iRoleType);
  // The Imagery tab reads the same list (one query, shared); other tabs read it for the names.
  const list = useCaseSlides(patient.iPatientId, canChange).data?.listSlideDocument;
  const { iPatientId, strDiagnosistNum, strPatientName } = patient;

  useEffect(() => {
    if (!canChange) {
      return undefined;
    }
    const request = caseUploadRequest(
      { iPatientId, strDiagnosistNum, strPatientName },
      UploadType.Batch,
      list ?? [],
    );
    offerUploadTarget(request);
    return () => withdrawUploadOffer(request);
  }, [canChange, iPatientId, strDiagnosistNum, strPatientName, list]);

  return null;
}
