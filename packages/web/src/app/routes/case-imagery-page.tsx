import { CaseDetailFrame } from '@/features/case-detail/components/case-detail-frame';
import { CaseImagery } from '@/features/case-detail/components/case-imagery';

/** /case/Imagery-info: the case's slides, their upload and deletion. */
export default function CaseImageryPage() {
  return (
    <CaseDetailFrame current="/case/Imagery-info">
      {(patient) => <CaseImagery key={patient.iPatientId} patient={patient} />}
    </CaseDetailFrame>
  );
}
